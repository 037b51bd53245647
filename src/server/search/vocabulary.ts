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
  /** Every word some product has or had since the index was built (documents() says which still do). */
  words(): Iterable<string>;
  /** How many active products have the word. */
  documents(word: string): number;
  /** Whether some active product has a word starting with `prefix`. */
  startsAnyWord(prefix: string): boolean;
}

type WordShape = { trigrams: Int32Array; length: number; first: string };

const shapeOf = (word: string): WordShape => {
  const characters = [...word];
  return { trigrams: trigramsOf(word), length: characters.length, first: characters[0] ?? '' };
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

/** Matches words against a vocabulary, keeping each vocabulary word's trigrams once worked out. */
export class WordCorrector {
  private readonly shapes = new Map<string, WordShape>();

  constructor(private readonly vocabulary: Vocabulary) {}

  private shape(word: string): WordShape {
    let shape = this.shapes.get(word);
    if (!shape) this.shapes.set(word, (shape = shapeOf(word)));
    return shape;
  }

  /**
   * The best corrections first: those keeping the typed word's first letter, then the most similar, then the
   * commonest, then in alphabetical order — as matchWords orders search_terms.
   */
  private corrections(word: string): string[] {
    const typed = shapeOf(word);
    if (typed.length < MIN_CORRECTABLE_LENGTH) return [];
    const candidates: Candidate[] = [];
    for (const candidate of this.vocabulary.words()) {
      const shape = this.shape(candidate);
      if (Math.abs(shape.length - typed.length) > MAX_LENGTH_CHANGE) continue;
      const score = trigramSimilarity(shape.trigrams, typed.trigrams);
      if (score < SIMILARITY_THRESHOLD) continue;
      const documents = this.vocabulary.documents(candidate);
      if (documents > 0) candidates.push({ word: candidate, sameStart: shape.first === typed.first, score, documents });
    }
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
