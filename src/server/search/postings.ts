/**
 * The products having each word, packed for a large catalogue. Products are numbered 0..size-1 (their
 * position in the index). A word in more products than a bitmap of the catalogue has 32-bit words (one
 * product in 32) is kept as that bitmap; a rarer word as its sorted positions, in 16 bits each: the low
 * half of the position, the high half said once for each block of 65,536 products by where the word's
 * positions in that block start. Either way the word's entries sit in shared arrays, so a catalogue of
 * 100,000 products and thousands of words is a few typed arrays, not one per word. At 100,000 products the
 * words found in more than one product in 32 hold 4.6 of the 6 million entries (1 bit each in a bitmap, 4 bytes
 * each as plain positions); the rest take 2 bytes each.
 *
 * Sets of products (a query's matches, the products changed since the index was built) are bitmaps of the
 * same length, so `&` and `|` of two words are one pass over `size / 32` numbers.
 */

/** A set of product positions, one bit each: bit `p & 31` of element `p >>> 5`. */
export type PositionSet = Uint32Array;

/** How many 32-bit words a set of `size` products takes. */
export const setLength = (size: number): number => (size + 31) >>> 5;

export const hasPosition = (set: PositionSet, position: number): boolean => ((set[position >>> 5]! >>> (position & 31)) & 1) === 1;

export function addPosition(set: PositionSet, position: number): void {
  set[position >>> 5]! |= 1 << (position & 31);
}

/** How many bits of a 32-bit number are set. */
export function bitCount(bits: number): number {
  let x = bits - ((bits >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Calls `visit` with each position in `set` and not in `excluded`, in increasing order. */
export function forEachPosition(set: PositionSet, excluded: PositionSet, visit: (position: number) => void): void {
  for (let i = 0; i < set.length; i++) {
    let bits = set[i]! & ~excluded[i]!;
    while (bits !== 0) {
      const lowest = bits & -bits;
      visit((i << 5) + 31 - Math.clz32(lowest));
      bits ^= lowest;
    }
  }
}

/** How many positions are in `set` and not in `excluded`. */
export function countPositions(set: PositionSet, excluded: PositionSet): number {
  let total = 0;
  for (let i = 0; i < set.length; i++) total += bitCount(set[i]! & ~excluded[i]!);
  return total;
}

/** The first index in sorted `words` not before `word`. */
export function lowerBound(words: readonly string[], word: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (words[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low;
}

const BLOCK_BITS = 16;

/** How many blocks of 65,536 products a catalogue of `size` spans. */
const blocksOf = (size: number) => Math.max(1, Math.ceil(size / 2 ** BLOCK_BITS));

/** A growing typed array, trimmed to its length when done. */
class Pool<T extends Uint16Array | Uint32Array> {
  private array: T;
  length = 0;

  constructor(private readonly make: (length: number) => T) {
    this.array = make(1024);
  }

  reserve(count: number): number {
    const start = this.length;
    if (start + count > this.array.length) {
      const grown = this.make(Math.max(start + count, this.array.length * 2));
      grown.set(this.array.subarray(0, start));
      this.array = grown;
    }
    this.length += count;
    return start;
  }

  get values(): T {
    return this.array;
  }

  done(): T {
    return this.array.slice(0, this.length) as T;
  }
}

/** The words of a catalogue of `size` products and the products having each. */
export class PostingLists {
  private constructor(
    readonly size: number,
    /** In code unit order, for prefixes. */
    readonly words: readonly string[],
    /** How many products have each word (in the order of `words`). */
    private readonly counts: Uint32Array,
    /**
     * Where each word's entries start: for a dense word in `dense` (a bitmap), for a sparse one in `blockStarts`
     * (where its positions in each block start in `sparse`, then where they end).
     */
    private readonly starts: Uint32Array,
    private readonly blockStarts: Uint32Array,
    private readonly sparse: Uint16Array,
    private readonly dense: Uint32Array,
  ) {}

  /** Packs `lists` (each word once, its products' positions below `size`, each once). */
  static build(size: number, lists: Iterable<readonly [string, ArrayLike<number>]>): PostingLists {
    const bitmapLength = setLength(size);
    const words: string[] = [];
    const counts: number[] = [];
    const starts: number[] = [];
    const blocks = blocksOf(size);
    const blockStarts = new Pool((length) => new Uint32Array(length));
    const sparse = new Pool((length) => new Uint16Array(length));
    const dense = new Pool((length) => new Uint32Array(length));
    for (const [word, positions] of lists) {
      words.push(word);
      counts.push(positions.length);
      if (positions.length > bitmapLength) {
        const start = dense.reserve(bitmapLength);
        const bitmap = dense.values.subarray(start, start + bitmapLength);
        for (let i = 0; i < positions.length; i++) addPosition(bitmap, checked(positions[i]!, size));
        starts.push(start);
      } else {
        const sorted = Uint32Array.from(positions, (position) => checked(position, size)).sort();
        const start = sparse.reserve(sorted.length);
        sparse.values.set(sorted, start);
        const bounds = blockStarts.reserve(blocks + 1);
        for (let block = 0, i = 0; block <= blocks; block++) {
          while (i < sorted.length && sorted[i]! >>> BLOCK_BITS < block) i++;
          blockStarts.values[bounds + block] = start + i;
        }
        starts.push(bounds);
      }
    }
    const order = Uint32Array.from(words.keys()).sort((a, b) => (words[a]! < words[b]! ? -1 : words[a]! > words[b]! ? 1 : 0));
    for (let i = 1; i < order.length; i++) if (words[order[i]!] === words[order[i - 1]!]) throw new Error(`The word ${words[order[i]!]} is listed twice`);
    return new PostingLists(
      size,
      Array.from(order, (i) => words[i]!),
      Uint32Array.from(order, (i) => counts[i]!),
      Uint32Array.from(order, (i) => starts[i]!),
      blockStarts.done(),
      sparse.done(),
      dense.done(),
    );
  }

  /** The word's place in `words`, or -1. */
  indexOf(word: string): number {
    const index = lowerBound(this.words, word);
    return this.words[index] === word ? index : -1;
  }

  /** How many products have the word at `index`. */
  documents(index: number): number {
    return this.counts[index]!;
  }

  private bitmapOf(index: number): Uint32Array | null {
    if (this.counts[index]! <= setLength(this.size)) return null;
    const start = this.starts[index]!;
    return this.dense.subarray(start, start + setLength(this.size));
  }

  /** Calls `visit` with each position of the sparse word at `index`, in increasing order, until it returns true. */
  private findPosition(index: number, visit: (position: number) => boolean): boolean {
    const blocks = blocksOf(this.size);
    const bounds = this.starts[index]!;
    for (let block = 0; block < blocks; block++) {
      const high = block << BLOCK_BITS;
      for (let i = this.blockStarts[bounds + block]!; i < this.blockStarts[bounds + block + 1]!; i++) if (visit(high | this.sparse[i]!)) return true;
    }
    return false;
  }

  /** Adds the products having the word at `index` to `set`. */
  addTo(index: number, set: PositionSet): void {
    const bitmap = this.bitmapOf(index);
    if (bitmap) for (let i = 0; i < bitmap.length; i++) set[i]! |= bitmap[i]!;
    else
      this.findPosition(index, (position) => {
        addPosition(set, position);
        return false;
      });
  }

  /** How many products having the word at `index` are in `set`. */
  countIn(index: number, set: PositionSet): number {
    const bitmap = this.bitmapOf(index);
    let total = 0;
    if (bitmap) for (let i = 0; i < bitmap.length; i++) total += bitCount(bitmap[i]! & set[i]!);
    else
      this.findPosition(index, (position) => {
        if (hasPosition(set, position)) total++;
        return false;
      });
    return total;
  }

  /** Whether some product having the word at `index` is not in `set`. */
  anyOutside(index: number, set: PositionSet): boolean {
    const bitmap = this.bitmapOf(index);
    if (bitmap) return bitmap.some((bits, i) => (bits & ~set[i]!) !== 0);
    return this.findPosition(index, (position) => !hasPosition(set, position));
  }

  /** The bytes its arrays take (the words' strings aside). */
  get bytes(): number {
    return this.counts.byteLength + this.starts.byteLength + this.blockStarts.byteLength + this.sparse.byteLength + this.dense.byteLength;
  }
}

function checked(position: number, size: number): number {
  if (!Number.isInteger(position) || position < 0 || position >= size) throw new Error(`Position ${position} is outside a catalogue of ${size}`);
  return position;
}
