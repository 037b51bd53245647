import { describe, expect, it } from 'vitest';
import { closestAlternatives, tsQueryText } from '~/server/search/product-search';
import { searchWords } from '~/lib/search-words';
import { historyTerm } from '~/server/search/history';
import { issueGuestId, verifiedGuestId } from '~/server/http/guest-id';
import { liveSearchLimit } from '~/server/search/live-search';

describe('searchWords', () => {
  it('keeps lower-cased words of letters and digits only', () => {
    expect(searchWords('  Samsung  Galaxy-A15 ')).toEqual(['samsung', 'galaxy', 'a15']);
    expect(searchWords("L'Oréal 24H")).toEqual(['oréal', '24h']);
    expect(searchWords("%' OR 1=1; DROP TABLE products --")).toEqual(['or', 'drop', 'table', 'products']);
    expect(searchWords('(.*)+[a-z]\\d{3}')).toEqual(['a', 'z', 'd', '3']);
  });

  it('drops one-letter words unless there is nothing else', () => {
    expect(searchWords('galaxy s 24')).toEqual(['galaxy', '24']);
    expect(searchWords('a')).toEqual(['a']);
  });

  it('has nothing for emoji or punctuation, and caps long input', () => {
    expect(searchWords('😀 🇺🇬 !!!')).toEqual([]);
    const words = searchWords(`${'x'.repeat(500)} ${'word '.repeat(50)}`);
    expect(words).toHaveLength(8);
    expect(words[0]).toHaveLength(40);
  });
});

describe('tsQueryText', () => {
  it('searches known words as prefixes and misspelt ones as their corrections', () => {
    const matches = [
      { word: 'samsng', known: false, alternatives: ['samsung'] },
      { word: 'gal', known: true, alternatives: [] },
    ];
    expect(tsQueryText(matches, '&')).toBe('(samsung) & gal:*');
    expect(tsQueryText(matches, '|')).toBe('(samsung) | gal:*');
  });

  it('leaves out words with no match at all, and is null when none is left', () => {
    expect(
      tsQueryText(
        [
          { word: 'xyzzy', known: false, alternatives: [] },
          { word: 'tecno', known: true, alternatives: [] },
        ],
        '&',
      ),
    ).toBe('tecno:*');
    expect(tsQueryText([{ word: 'xyzzy', known: false, alternatives: [] }], '&')).toBeNull();
  });
});

describe('closestAlternatives', () => {
  it('prefers corrections that keep the first letter', () => {
    expect(closestAlternatives('sandles', ['sandals', 'sandak', 'handles'])).toEqual(['sandals', 'sandak']);
    expect(closestAlternatives('xamsung', ['samsung'])).toEqual(['samsung']);
    expect(closestAlternatives('qq', [])).toEqual([]);
  });
});

describe('search history rules', () => {
  it('belongs to a guest only by an id the store issued and signed', () => {
    const issued = issueGuestId();
    const id = verifiedGuestId(issued)!;
    expect(id).toMatch(/^guest_\d{13}_[0-9a-f]{24}$/);
    expect(issued.startsWith(`${id}.`)).toBe(true);
    const otherSignature = issueGuestId().split('.')[1]!;
    for (const forged of [id, 'guest_1732190000000_ab12cd', `${id}.${otherSignature}`, `${id}.`, `${issued}x`, "guest_1732190000000_x'; --", 42, undefined]) {
      expect(verifiedGuestId(forged), String(forged)).toBeNull();
    }
  });

  it('takes a signature only as the store wrote it, not another spelling of the same bytes', () => {
    const issued = issueGuestId();
    const [id, signature] = issued.split('.') as [string, string];
    // The last of 43 base64url characters holds 4 bits of the signature and 2 spare bits decoding ignores.
    const base = Math.floor('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(signature.at(-1)!) / 4) * 4;
    const spellings = [0, 1, 2, 3].map((spare) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[base + spare]!);
    for (const last of spellings.filter((letter) => letter !== signature.at(-1))) {
      expect(verifiedGuestId(`${id}.${signature.slice(0, -1)}${last}`), last).toBeNull();
    }
    expect(verifiedGuestId(issued)).toBe(id);
  });

  it('keeps a tidy term of at least 2 characters', () => {
    expect(historyTerm('  tecno   spark ')).toBe('tecno spark');
    expect(historyTerm('a')).toBeNull();
    expect(historyTerm(12)).toBeNull();
    expect(historyTerm('x'.repeat(1000))).toHaveLength(200);
  });

  it('live search takes a sensible limit whatever it is sent', () => {
    expect(liveSearchLimit(null)).toBe(10);
    expect(liveSearchLimit('6')).toBe(6);
    expect(liveSearchLimit('abc')).toBe(10);
    expect(liveSearchLimit('-3')).toBe(10);
    expect(liveSearchLimit('1000')).toBe(24);
  });
});
