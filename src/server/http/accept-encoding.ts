/**
 * Chooses the content coding for a reply from the request's Accept-Encoding (RFC 9110, section 12.5.3):
 * the offered coding with the highest q-value, brotli before gzip when they tie; `*` stands for any coding
 * not named; q=0 refuses. Identity is the answer when nothing offered is acceptable: a page is better than
 * a 406, and identity is refused only by a client that says so explicitly, which no browser does.
 */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/** `offered` in order of preference; returns the one to send. */
export function preferredEncoding(acceptEncoding: string | null | undefined, offered: readonly Exclude<ContentCoding, 'identity'>[]): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentCoding = 'identity';
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}
