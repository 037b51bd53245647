import { describe, expect, it } from 'vitest';
import { gsm7Length, isGsm7, shortenToSeptets, SMS_SEGMENT_SEPTETS, toGsm7 } from '~/lib/gsm7';

describe('isGsm7', () => {
  it('takes the default table and the extension table', () => {
    expect(isGsm7('Order #12 placed. Total UGX 1,250,000 @ 10% off!')).toBe(true);
    expect(isGsm7('Ça coûte 5€ [ok] {x} ~ | ^ \\')).toBe(false); // û is not in it
    expect(isGsm7('Ça va: 5€ [ok] {x} ~ | ^ \\ èéùìòÅåÆæßÉÄÖÑÜäöñüà¡¿§£¥¤ΔΦΓΛΩΠΨΣΘΞ')).toBe(true);
    expect(isGsm7('line\nbreak\r')).toBe(true);
  });

  it('refuses what phones would send in UCS-2', () => {
    for (const text of ['it’s', '“quoted”', 'a – b', 'wait…', 'ç', 'á', '`', '🙂', 'ŋ', '中', '\u00a0', '\u001b']) expect(isGsm7(text), text).toBe(false);
  });
});

describe('gsm7Length', () => {
  it('counts a septet a character and two for the extension table', () => {
    expect(gsm7Length('')).toBe(0);
    expect(gsm7Length('Duuka #1')).toBe(8);
    expect(gsm7Length('€')).toBe(2);
    expect(gsm7Length('[x]{y}~|^\\\f')).toBe(20);
    expect(gsm7Length('é£Δ')).toBe(3);
  });
});

describe('toGsm7', () => {
  it('makes quotes, dashes, ellipses and odd spaces plain', () => {
    expect(toGsm7('“Hello” – it’s ‘fine’ — really…')).toBe("\"Hello\" - it's 'fine' - really...");
    expect(toGsm7('UGX\u00a01,000\u202fnow\tok\u200b')).toBe('UGX 1,000 now ok');
    expect(toGsm7('`back´ «quoted» „low“')).toBe('\'back\' "quoted" "low"');
  });

  it('keeps letters GSM-7 has and takes the accent off the others', () => {
    expect(toGsm7('Müller, Peña, Gaël, Ångström')).toBe('Müller, Peña, Gael, Ångström');
    expect(toGsm7('François Ça')).toBe('Francois Ça');
    expect(toGsm7('Łódź, Œuvre, đ')).toBe('Lodz, OEuvre, d');
    expect(toGsm7('Zoë Ötzi Ÿ')).toBe('Zoe Ötzi Y');
  });

  it("writes ŋ as ng' (Luganda)", () => {
    expect(toGsm7('Ŋŋaŋŋa Kiŋ')).toBe("Ng'ng'ang'ng'a King'");
  });

  it('joins a letter and its combining accent first', () => {
    expect(toGsm7('Jose\u0301')).toBe('José');
    expect(toGsm7('c\u0327a')).toBe('ca');
  });

  it('turns anything else into one question mark per character', () => {
    expect(toGsm7('Thanks 🙂👍🏽!')).toBe('Thanks ???!');
    expect(toGsm7('中文 العربية')).toBe('?? ???????');
    expect(toGsm7('\u001b')).toBe('?');
  });

  it('gives GSM-7 for every character of the Basic Multilingual Plane and beyond, and leaves GSM-7 text alone', () => {
    let all = '';
    for (let code = 0; code < 0x3000; code++) if (code < 0xd800 || code > 0xdfff) all += String.fromCodePoint(code);
    all += '😀𝔘\u{1F1FA}\u{1F1EC}';
    const plain = toGsm7(all);
    expect(isGsm7(plain)).toBe(true);
    expect(toGsm7(plain)).toBe(plain);
  });
});

describe('shortenToSeptets', () => {
  it('leaves a text that fits', () => {
    expect(shortenToSeptets('Samsung Galaxy A15', 18)).toBe('Samsung Galaxy A15');
  });

  it('cuts at a word and ends with dots', () => {
    expect(shortenToSeptets('Samsung Galaxy A15 128GB Blue', 20)).toBe('Samsung Galaxy...');
    expect(gsm7Length(shortenToSeptets('Samsung Galaxy A15 128GB Blue', 20))).toBeLessThanOrEqual(20);
  });

  it('cuts inside a long word, and counts extension characters as two', () => {
    expect(shortenToSeptets('Nabukeera-Ssekandi-Nakawunde', 10)).toBe('Nabukee...');
    const euros = shortenToSeptets('€€€€€€€€', 9);
    expect(euros).toBe('€€€...');
    expect(gsm7Length(euros)).toBe(9);
  });

  it('gives nothing when not even a letter and the dots fit', () => {
    expect(shortenToSeptets('Nakato', 3)).toBe('');
    expect(shortenToSeptets('Nakato', 4)).toBe('N...');
  });

  it('never passes one segment when asked for one', () => {
    const long = 'x'.repeat(500);
    expect(gsm7Length(shortenToSeptets(long, SMS_SEGMENT_SEPTETS))).toBe(SMS_SEGMENT_SEPTETS);
  });
});
