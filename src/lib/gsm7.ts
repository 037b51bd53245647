/**
 * The GSM 7-bit alphabet (3GPP TS 23.038) that every phone reads: whether a text is written in it, how many
 * septets it takes, and a text made to fit it. A text with one character outside it goes out in UCS-2, where
 * a segment holds 70 characters instead of 160, so an order text with a curly quote would cost two or three SMS.
 */

/** The septets of one SMS that is not split into parts. */
export const SMS_SEGMENT_SEPTETS = 160;

// The default table, without its escape (0x1B), which only introduces the extension table.
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ' + ' !"#¤%&\'()*+,-./0123456789:;<=>?' + '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§' + '¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Reached through the escape, so each takes two septets. */
const EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(BASIC);
const extension = new Set(EXTENSION);

/** Characters with a usual plain form: quotes, dashes, spaces, and letters NFD cannot take apart. */
const PLAIN: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '`': "'",
  '´': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '‟': '"',
  '″': '"',
  '«': '"',
  '»': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '…': '...',
  '\t': ' ',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\ufeff': '',
  // Luganda and other Ugandan languages write the velar nasal ŋ; on a phone it is spelt ng'.
  ŋ: "ng'",
  Ŋ: "Ng'",
  œ: 'oe',
  Œ: 'OE',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
};

const isGsm7Char = (char: string) => basic.has(char) || extension.has(char);

/** Whether every character of the text is in the GSM 7-bit alphabet (its default table or its extension). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!isGsm7Char(char)) return false;
  return true;
}

/**
 * The septets the text takes: one per character, two for the extension table's (€ [ ] { } ^ ~ | \ and form
 * feed). Meant for GSM-7 texts (see toGsm7): any other character is counted as one.
 */
export function gsm7Length(text: string): number {
  let septets = 0;
  for (const char of text) septets += extension.has(char) ? 2 : 1;
  return septets;
}

/** One character in GSM-7: itself, its plain form, the letter without its accent, or '?'. */
function plainChar(char: string): string {
  if (isGsm7Char(char)) return char;
  const plain = PLAIN[char];
  if (plain !== undefined) return plain;
  const stripped = char.normalize('NFD').replace(/\p{M}/gu, '');
  return stripped !== '' && stripped !== char && isGsm7(stripped) ? stripped : '?';
}

/**
 * The text in the GSM 7-bit alphabet: curly quotes and dashes become plain ones, … becomes ..., accented
 * letters outside the alphabet lose their accent (ç → c, while é and ü stay), ŋ becomes ng', and anything
 * else (emoji, other scripts) becomes '?'.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) out += plainChar(char);
  return out;
}

/**
 * A GSM-7 text cut to at most `septets`, ending in '...' when it had to be cut (at a word's end when one is
 * near); '' when not even a letter and the dots fit.
 */
export function shortenToSeptets(text: string, septets: number): string {
  if (gsm7Length(text) <= septets) return text;
  const room = septets - 3;
  if (room < 1) return '';
  const chars = [...text];
  let kept = '';
  let used = 0;
  for (const char of chars) {
    const cost = extension.has(char) ? 2 : 1;
    if (used + cost > room) break;
    kept += char;
    used += cost;
  }
  const wordEnd = kept.lastIndexOf(' ');
  // Cut at the last space when that keeps most of what fits; a long single word is cut inside.
  if (wordEnd >= room / 2) kept = kept.slice(0, wordEnd);
  kept = kept.replace(/[\s,.;:-]+$/, '');
  return kept === '' ? '' : `${kept}...`;
}
