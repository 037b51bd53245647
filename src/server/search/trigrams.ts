/**
 * pg_trgm's `similarity()` and `%`, computed here so the in-memory index can correct misspelt words without asking
 * PostgreSQL, with the same figures: the text is split into words of letters and digits, lower-cased, each word
 * padded with two spaces before and one after, and cut into every run of three characters; a run of three
 * one-byte characters is kept as its bytes, any other as three bytes of its CRC (as pg_trgm's compact_trigram
 * does, so two runs it confuses are confused here too). Similarity is shared runs over all distinct runs of
 * both, in single precision (pg_trgm returns float4).
 */

/** pg_trgm.similarity_threshold's default: `a % b` when similarity(a, b) is at least this. */
export const SIMILARITY_THRESHOLD = 0.3;

/** Letters and digits as PostgreSQL's UTF-8 character classes see them (a mark or "²" separates words). */
const WORD_CHARACTERS = /[\p{L}\p{Nd}]+/gu;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** PostgreSQL's "legacy" CRC-32: the reflected table fed most significant byte first. */
function legacyCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]! ^ (crc << 8)) >>> 0;
  return (crc ^ 0xffffffff) >>> 0;
}

const encoder = new TextEncoder();

/** A trigram as the three bytes pg_trgm keeps for it, read as one number (as show_trgm prints it). */
function trigramCode(characters: string[], at: number): number {
  const text = characters[at]! + characters[at + 1]! + characters[at + 2]!;
  if (text.length === 3 && text.charCodeAt(0) < 0x80 && text.charCodeAt(1) < 0x80 && text.charCodeAt(2) < 0x80) {
    return (text.charCodeAt(0) << 16) | (text.charCodeAt(1) << 8) | text.charCodeAt(2);
  }
  const crc = legacyCrc32(encoder.encode(text));
  // The CRC's first three bytes in memory (little-endian), most significant first in the code.
  return ((crc & 0xff) << 16) | (crc & 0xff00) | ((crc >>> 16) & 0xff);
}

/** Lower-cases one character at a time, as PostgreSQL's towlower does (no letter turns into two). */
function lowerCharacters(word: string): string[] {
  return Array.from(word, (character) => {
    const lower = character.toLowerCase();
    return [...lower].length === 1 ? lower : character;
  });
}

/** The distinct trigrams of a text, sorted. */
export function trigramsOf(text: string): Int32Array {
  const codes = new Set<number>();
  for (const [word] of text.matchAll(WORD_CHARACTERS)) {
    const characters = [' ', ' ', ...lowerCharacters(word), ' '];
    for (let i = 0; i + 2 < characters.length; i++) codes.add(trigramCode(characters, i));
  }
  return Int32Array.from(codes).sort();
}

/** similarity() of two texts' trigrams (from trigramsOf). */
export function trigramSimilarity(a: Int32Array, b: Int32Array): number {
  if (a.length === 0 || b.length === 0) return 0;
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) i++;
    else j++;
  }
  return Math.fround(shared / (a.length + b.length - shared));
}

export function similarity(a: string, b: string): number {
  return trigramSimilarity(trigramsOf(a), trigramsOf(b));
}
