/**
 * Content-coding negotiation (RFC 9110 §12.5.3): which of the codings a file was stored in to send,
 * given the request's Accept-Encoding.
 */
import { qualityValues } from '../../lib/quality-values';

/** The content codings the store keeps built files in, besides the file itself (identity). */
export type ContentCoding = 'br' | 'gzip';

export type ChosenCoding = ContentCoding | 'identity';

/** At equal quality the smaller encoding wins: brotli, then gzip, then the file as it is. */
const PREFERENCE: readonly ChosenCoding[] = ['br', 'gzip', 'identity'];

/** Quality of identity when the header does not name it (nor `*`): acceptable, but after anything named. */
const UNNAMED_IDENTITY = -1;

/** "x-gzip" is the same coding as "gzip" (RFC 9110 §8.4.1.3). */
const ALIASES: Record<string, string> = { 'x-gzip': 'gzip' };

/** Each coding's quality, aliases read as the coding they name. */
function qualities(header: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const [name, quality] of qualityValues(header)) {
    const coding = ALIASES[name] ?? name;
    if (!found.has(coding)) found.set(coding, quality);
  }
  return found;
}

/**
 * The coding to answer with among `available` (plus identity, always available), honouring q-values:
 * q=0 refuses a coding, `*` stands for every coding the header does not name, identity is acceptable
 * unless refused by `identity;q=0` or by `*;q=0` without naming identity. Without the header the file
 * goes as it is (no coding was asked for).
 *
 * When nothing acceptable exists (`identity;q=0` or `*;q=0` and no other stored coding accepted), the
 * file is sent as it is rather than refused with 406: RFC 9110 §12.1 lets a server disregard the header
 * instead, and a file is more use to such a client than an error.
 */
export function chooseContentCoding(header: string | undefined, available: readonly ContentCoding[]): ChosenCoding {
  if (header === undefined) return 'identity';
  const named = qualities(header);
  const any = named.get('*');
  const qualityOf = (coding: ChosenCoding): number => {
    const quality = named.get(coding) ?? any;
    if (quality !== undefined) return quality;
    // An empty header still accepts identity (only identity).
    return coding === 'identity' ? UNNAMED_IDENTITY : 0;
  };
  let best: { coding: ChosenCoding; quality: number } | undefined;
  for (const coding of PREFERENCE) {
    if (coding !== 'identity' && !available.includes(coding)) continue;
    const quality = qualityOf(coding);
    if (quality !== 0 && (!best || quality > best.quality)) best = { coding, quality };
  }
  return best?.coding ?? 'identity';
}
