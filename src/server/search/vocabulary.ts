/**
 * Checking query words against the catalogue's words, and correcting the misspelt ones, in memory: what
 * product-search.ts's matchWords asks PostgreSQL (search_terms, pg_trgm), answered from the words the search
 * index holds, with the same thresholds, order and tie-breaks.
 */
import { SIMILARITY_THRESHOLD, trigramSimilarity, trigramsOf } from './trigrams';

/** Shorter words are too short for trigrams to say anything useful; they only match as prefixes. */
export const MIN_CORRECTABLE_LENGTH = 3;
export const ALTERNATIVES_PER_WORD = 3;
/** A typo adds, drops or swaps a letter or two; a correction much longer or shorter is another word. */
export const MAX_LENGTH_CHANGE = 2;

/**
 * A word this long or longer, whose letters trigrams find nothing like, may still be a brand spelt by ear:
 * "sumsang" shares only two of its eight trigrams with "samsung", but keeps its consonants. A known word of the
 * same first letter and consonants in the same order (`consonantsOf`) is then its correction.
 */
export const MIN_VOWEL_SLIP_LENGTH = 5;
/** Fewer consonants than this say too little to match on ("aloe" and "olive" are not typos of each other). */
const MIN_SLIP_CONSONANTS = 3;

/** A word's letters without its vowels (PostgreSQL: regexp_replace(word, '[aeiou]', '', 'g')). */
export function consonantsOf(word: string): string {
  return word.replace(/[aeiou]/g, '');
}

/** Whether a word is long enough, with consonants enough, to be corrected by its consonants. */
export function mayCorrectByConsonants(word: string): boolean {
  return [...word].length >= MIN_VOWEL_SLIP_LENGTH && [...consonantsOf(word)].length >= MIN_SLIP_CONSONANTS;
}

export type WordMatch = { word: string; known: boolean; alternatives: string[] };

/** Keeps the best correction and any that share its first letter with the typed word. */
export function closestAlternatives(word: string, ranked: string[]): string[] {
  const [best] = ranked;
  if (!best) return [];
  const sameStart = best[0] === word[0];
  return ranked.filter((candidate) => (candidate[0] === word[0]) === sameStart);
}

/** The catalogue's words, as the search index holds them. */
export interface Vocabulary {
  /** The words the index was built with (fixed; documents() says which products still have them). */
  readonly builtWords: readonly string[];
  /** Words of products changed since, that the built words lack. */
  addedWords(): Iterable<string>;
  /** How many active products have the word. */
  documents(word: string): number;
  /** Whether some active product has a word starting with `prefix`. */
  startsAnyWord(prefix: string): boolean;
}

type WordShape = { word: string; trigrams: Int32Array; length: number; first: string };

const shapeOf = (word: string): WordShape => {
  const characters = [...word];
  return { word, trigrams: trigramsOf(word), length: characters.length, first: characters[0] ?? '' };
};

/** Code point order, as PostgreSQL's C and C.UTF-8 collations sort words. */
const byCodePoint = (a: string, b: string) => {
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(j)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
};

type Candidate = { word: string; sameStart: boolean; score: number; documents: number };

/**
 * The built words' shapes, which words have each trigram (a word sharing none with the typed one scores 0), and
 * which have each first letter and consonants.
 */
type BuiltShapes = { shapes: WordShape[]; byTrigram: Map<number, number[]>; byConsonants: Map<string, number[]> };

const consonantKey = (shape: WordShape) => `${shape.first}${consonantsOf(shape.word)}`;

function builtShapes(words: readonly string[]): BuiltShapes {
  const shapes = words.map(shapeOf);
  const byTrigram = new Map<number, number[]>();
  const byConsonants = new Map<string, number[]>();
  for (const [i, shape] of shapes.entries()) {
    const key = consonantKey(shape);
    const having = byConsonants.get(key);
    if (having) having.push(i);
    else byConsonants.set(key, [i]);
  }
  for (const [i, shape] of shapes.entries()) {
    for (const trigram of shape.trigrams) {
      const having = byTrigram.get(trigram);
      if (having) having.push(i);
      else byTrigram.set(trigram, [i]);
    }
  }
  return { shapes, byTrigram, byConsonants };
}

/** Matches words against a vocabulary, with its words' trigrams worked out once. */
export class WordCorrector {
  private built: BuiltShapes | null = null;
  private readonly addedShapes = new Map<string, WordShape>();

  constructor(private readonly vocabulary: Vocabulary) {}

  /** The words that share a trigram with `typed` and are within MAX_LENGTH_CHANGE characters of it. */
  private *shapesNear(typed: WordShape): Iterable<WordShape> {
    const { shapes, byTrigram } = (this.built ??= builtShapes(this.vocabulary.builtWords));
    const seen = new Uint8Array(shapes.length);
    for (const trigram of typed.trigrams) {
      for (const i of byTrigram.get(trigram) ?? []) {
        if (seen[i]) continue;
        seen[i] = 1;
        if (Math.abs(shapes[i]!.length - typed.length) <= MAX_LENGTH_CHANGE) yield shapes[i]!;
      }
    }
    for (const word of this.vocabulary.addedWords()) {
      let shape = this.addedShapes.get(word);
      if (!shape) this.addedShapes.set(word, (shape = shapeOf(word)));
      if (Math.abs(shape.length - typed.length) <= MAX_LENGTH_CHANGE) yield shape;
    }
  }

  /** The words with the typed word's first letter and consonants, within MAX_LENGTH_CHANGE characters of it. */
  private *shapesSounding(typed: WordShape): Iterable<WordShape> {
    const { shapes, byConsonants } = (this.built ??= builtShapes(this.vocabulary.builtWords));
    const key = consonantKey(typed);
    for (const i of byConsonants.get(key) ?? []) if (Math.abs(shapes[i]!.length - typed.length) <= MAX_LENGTH_CHANGE) yield shapes[i]!;
    for (const word of this.vocabulary.addedWords()) {
      let shape = this.addedShapes.get(word);
      if (!shape) this.addedShapes.set(word, (shape = shapeOf(word)));
      if (consonantKey(shape) === key && Math.abs(shape.length - typed.length) <= MAX_LENGTH_CHANGE) yield shape;
    }
  }

  /**
   * When trigrams find nothing: the words that keep the typed word's first letter and consonants, the most
   * similar first, then the commonest, then in alphabetical order (as matchWordsInTable's second try).
   */
  private vowelSlips(typed: WordShape): string[] {
    if (!mayCorrectByConsonants(typed.word)) return [];
    const candidates: Candidate[] = [];
    for (const shape of this.shapesSounding(typed)) {
      if (shape.word === typed.word) continue;
      const documents = this.vocabulary.documents(shape.word);
      if (documents > 0) candidates.push({ word: shape.word, sameStart: true, score: trigramSimilarity(shape.trigrams, typed.trigrams), documents });
    }
    candidates.sort((a, b) => b.score - a.score || b.documents - a.documents || byCodePoint(a.word, b.word));
    return candidates.slice(0, ALTERNATIVES_PER_WORD).map((candidate) => candidate.word);
  }

  /**
   * The best corrections first: those keeping the typed word's first letter, then the most similar, then the
   * commonest, then in alphabetical order — as matchWords orders search_terms.
   */
  private corrections(word: string): string[] {
    const typed = shapeOf(word);
    if (typed.length < MIN_CORRECTABLE_LENGTH) return [];
    const candidates: Candidate[] = [];
    for (const shape of this.shapesNear(typed)) {
      const score = trigramSimilarity(shape.trigrams, typed.trigrams);
      if (score < SIMILARITY_THRESHOLD) continue;
      const documents = this.vocabulary.documents(shape.word);
      if (documents > 0) candidates.push({ word: shape.word, sameStart: shape.first === typed.first, score, documents });
    }
    if (candidates.length === 0) return this.vowelSlips(typed);
    candidates.sort((a, b) => Number(b.sameStart) - Number(a.sameStart) || b.score - a.score || b.documents - a.documents || byCodePoint(a.word, b.word));
    return candidates.slice(0, ALTERNATIVES_PER_WORD).map((candidate) => candidate.word);
  }

  match(words: string[]): WordMatch[] {
    return words.map((word) => ({
      word,
      known: this.vocabulary.startsAnyWord(word),
      alternatives: closestAlternatives(word, this.corrections(word)),
    }));
  }
}
