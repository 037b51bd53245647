/**
 * Reads a header of weighted choices (RFC 9110 §12.4.2: `Accept-Encoding`, `Accept-Language`): `name;q=0.5,
 * other` into each name's quality, lower-cased, in the header's order. A name given twice keeps its first
 * quality; an entry with a malformed q is left out.
 */
export function qualityValues(header: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [rawName, ...parameters] = entry.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let quality = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split('=').map((part) => part.trim());
      if (key?.toLowerCase() !== 'q') continue;
      quality = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value ?? '') ? Number(value) : Number.NaN;
    }
    if (!Number.isNaN(quality) && !found.has(name)) found.set(name, quality);
  }
  return found;
}
