/**
 * The API's outcome texts in another language. Services refuse and succeed with the English texts of
 * src/lib/messages and never learn who asked; the reply finds out which table entry its English text is and
 * says that entry in Luganda or Swahili (src/lib/i18n/lg/outcomes, sw/outcomes). A text is found when it is
 * - an entry of a table, word for word;
 * - written by an entry that is a function ("Tecno Spark 20 added to cart"): read back against the words the
 *   function puts around its values, which then go into the translated function as they are (or translated
 *   in turn, when a value is itself an outcome text: the reason inside "Failed to request the return: ...");
 * - two texts joined by ": " as the store joins a failure and its reason ("Failed to place order: ...") or a
 *   field and its rule ("quantity: must be at least 1"): each side found on its own, a field's name kept.
 * What is not found stays English: a rule's own words written beside its schema, zod's default texts, names.
 */
import { outcomes as english, type Outcomes } from '../../lib/i18n/en/outcomes';
import { outcomes as luganda } from '../../lib/i18n/lg/outcomes';
import { outcomes as swahili } from '../../lib/i18n/sw/outcomes';
import type { Language } from '../../lib/i18n/languages';
import { MOBILE_MONEY_GATEWAYS, NETWORK_PREFIXES } from '../../lib/mobile-money';
import { MAX_IMAGE_BYTES } from '../../lib/picture-uploads';

type Domain = keyof Outcomes;
type Entry = string | ((...values: never[]) => string);
type Table = Record<string, Entry>;

const TRANSLATIONS: Record<Exclude<Language, 'en'>, Outcomes> = { lg: luganda, sw: swahili };

/** A value read back from a text: words (translated in turn when they are an outcome text) or a whole number. */
const WORDS = Symbol('words');
const NUMBER = Symbol('number');
/** How to call a function entry to learn its words: each value WORDS, NUMBER, or a fixed value it is tried with. */
type Probe = readonly unknown[];

const eachNetwork: Probe[] = MOBILE_MONEY_GATEWAYS.map((network) => [network]);
const aNumber: Probe[] = [[NUMBER]];

/**
 * The function entries whose values are not all plain words. Every other function is read with words for
 * each of its parameters. A network's name is looked up inside the function, so each network is tried; an
 * upload's limit is divided inside it, so the store's own limit is tried.
 */
const PROBES: { [D in Domain]?: { [Key in keyof Outcomes[D]]?: Probe[] } } = {
  field: { atLeast: aNumber, atMost: aNumber, atLeastCharacters: aNumber, atMostCharacters: aNumber },
  mobileMoney: {
    networkName: eachNetwork,
    phoneMissing: eachNetwork,
    wrongNetwork: MOBILE_MONEY_GATEWAYS.map((network) => [network, NETWORK_PREFIXES[network]]),
    approveHow: MOBILE_MONEY_GATEWAYS.map((network) => [network, WORDS, WORDS]),
    notRegistered: eachNetwork,
    networkProblem: eachNetwork,
    notSetUp: eachNetwork,
    wholeRefundsOnly: eachNetwork,
    refundRefused: eachNetwork,
    refundWithoutId: eachNetwork,
    tooManyPrompts: [[NUMBER, NUMBER, NUMBER]],
  },
  return: {
    tooMany: [
      [WORDS, 0],
      [WORDS, NUMBER],
    ],
    tooManyPhotos: aNumber,
  },
  order: { tooManyUnpaid: aNumber },
  review: { commentTooShort: aNumber, commentTooLong: aNumber },
  upload: { tooLarge: [[MAX_IMAGE_BYTES]] },
};

type Found = { domain: Domain; key: string };
/** A function entry's text read back: the pattern of its words, and the values to call the translation with. */
type Reader = Found & { pattern: RegExp; values: (match: RegExpExecArray, search: Search) => unknown[]; wordCount: number };

/**
 * One look for a text: the language wanted and how many more texts inside it may be looked into (a reason inside
 * a failure, a rule after a field), so a text with many ": " in it (a field path a client named) costs little.
 */
type Search = { language: Exclude<Language, 'en'>; depth: number };
const MAX_DEPTH = 4;
/** Past this, a text is only looked up word for word: no outcome is so long, only what a client wrote into one. */
const MAX_READ_LENGTH = 1_000;

// A failure joined to its reason is read part by part (`joined`), not as the entry that writes it for messages.
const entries = (Object.keys(english) as Domain[]).flatMap((domain) =>
  Object.entries(english[domain] as Table)
    .filter(([key]) => !(domain === 'api' && key === 'because'))
    .map(([key, entry]) => ({ domain, key, entry })),
);

/** Every string entry by its English text (the first table that says a text names it). */
const BY_TEXT = new Map<string, Found>();
for (const { domain, key, entry } of entries) if (typeof entry === 'string' && !BY_TEXT.has(entry)) BY_TEXT.set(entry, { domain, key });

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Stands for the value at `index` while a function writes its text: private-use characters no outcome text has. */
const stand = (index: number) => `\uE000${index}\uE000`;
const NUMBER_PATTERN = '(\\d{1,3}(?:,\\d{3})+|\\d+)';

function readerOf(found: Found, write: (...values: unknown[]) => string, probe: Probe): Reader | null {
  let text: string;
  try {
    text = write(...probe.map((value, index) => (value === WORDS || value === NUMBER ? stand(index) : value)));
  } catch {
    return null;
  }
  const read = probe.flatMap((value, index) => (value === WORDS || value === NUMBER ? [index] : []));
  // Each value must show once in the text, or the text cannot be read back.
  if (read.some((index) => text.split(stand(index)).length !== 2)) return null;
  let pattern = escapeForPattern(text);
  for (const index of read) pattern = pattern.replace(stand(index), probe[index] === NUMBER ? NUMBER_PATTERN : '(.+?)');
  // Capture groups count in the order the values appear in the text, which need not be the parameters' order.
  const inTextOrder = [...read].sort((a, b) => text.indexOf(stand(a)) - text.indexOf(stand(b)));
  const groupOf = new Map(inTextOrder.map((index, group) => [index, group + 1]));
  return {
    ...found,
    pattern: new RegExp(`^${pattern}$`, 's'),
    wordCount: text.replace(/\uE000\d+\uE000/g, '').length,
    values: (match, search) =>
      probe.map((value, index) => {
        const written = match[groupOf.get(index) ?? 0]!;
        if (value === NUMBER) return Number(written.replace(/,/g, ''));
        if (value === WORDS) return translated(written, search) ?? written;
        return value;
      }),
  };
}

/** The function entries' readers, those with the most words of their own first (the most particular pattern wins). */
const READERS: Reader[] = entries
  .flatMap(({ domain, key, entry }) => {
    if (typeof entry !== 'function') return [];
    const probes = (PROBES[domain] as Record<string, Probe[]> | undefined)?.[key] ?? [Array<unknown>(entry.length).fill(WORDS)];
    return probes.map((probe) => readerOf({ domain, key }, entry as (...values: unknown[]) => string, probe)).filter((reader) => reader !== null);
  })
  .sort((a, b) => b.wordCount - a.wordCount);

const entryIn = (language: Exclude<Language, 'en'>, { domain, key }: Found) => (TRANSLATIONS[language][domain] as Table)[key]!;

/** `text` as one entry: word for word, or written by a function entry. */
function wholeEntry(text: string, search: Search): string | null {
  const found = BY_TEXT.get(text);
  if (found) return entryIn(search.language, found) as string;
  if (search.depth > MAX_DEPTH || text.length > MAX_READ_LENGTH) return null;
  const inside = { ...search, depth: search.depth + 1 };
  for (const reader of READERS) {
    const match = reader.pattern.exec(text);
    if (match) return (entryIn(search.language, reader) as (...values: unknown[]) => string)(...reader.values(match, inside));
  }
  return null;
}

/** A field's name as the API writes it before a rule: `quantity`, `items.0.quantity`, `gallery[2]`. */
const FIELD_NAME = /^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+|\[\d*\])*$/;

/** How many of a text's ": " are tried as the join of two texts: outcomes have one or two. */
const MAX_JOINS_TRIED = 4;

/** `text` as "first: rest", when either side is found (a field's name alone is not enough). */
function joined(text: string, search: Search): string | null {
  if (search.depth > MAX_DEPTH || text.length > MAX_READ_LENGTH) return null;
  const inside = { ...search, depth: search.depth + 1 };
  let at = text.indexOf(': ');
  for (let tried = 0; at > 0 && tried < MAX_JOINS_TRIED; tried++, at = text.indexOf(': ', at + 2)) {
    const first = text.slice(0, at);
    const firstSaid = wholeEntry(first, inside);
    if (firstSaid === null && !FIELD_NAME.test(first)) continue;
    const rest = text.slice(at + 2);
    const restSaid = translated(rest, inside);
    if (firstSaid !== null || restSaid !== null) return `${firstSaid ?? first}: ${restSaid ?? rest}`;
  }
  return null;
}

function translated(text: string, search: Search): string | null {
  return wholeEntry(text, search) ?? joined(text, search);
}

/** `text`, an outcome in English, said in `language`; what cannot be found stays as it is. */
export function outcomeIn(language: Language, text: string): string {
  if (language === 'en') return text;
  return translated(text, { language, depth: 0 }) ?? text;
}
