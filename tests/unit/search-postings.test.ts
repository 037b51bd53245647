import { describe, expect, it } from 'vitest';
import { NameList } from '~/server/search/name-list';
import { addPosition, bitCount, countPositions, forEachPosition, hasPosition, PostingLists, setLength } from '~/server/search/postings';

/** A deterministic stream of numbers in [0, 1). */
function numbers(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const setOf = (size: number, positions: Iterable<number>) => {
  const set = new Uint32Array(setLength(size));
  for (const position of positions) addPosition(set, position);
  return set;
};

const positionsIn = (set: Uint32Array, excluded = new Uint32Array(set.length)) => {
  const found: number[] = [];
  forEachPosition(set, excluded, (position) => found.push(position));
  return found;
};

describe('product sets as bitmaps', () => {
  it('keeps every position, the last bit of each word and of the catalogue included', () => {
    const positions = [0, 1, 30, 31, 32, 63, 64, 99];
    const set = setOf(100, positions);
    expect(positionsIn(set)).toEqual(positions);
    expect(positions.every((position) => hasPosition(set, position))).toBe(true);
    expect(hasPosition(set, 2)).toBe(false);
    expect(countPositions(set, new Uint32Array(set.length))).toBe(positions.length);
    const excluded = setOf(100, [31, 64]);
    expect(positionsIn(set, excluded)).toEqual([0, 1, 30, 32, 63, 99]);
    expect(countPositions(set, excluded)).toBe(6);
  });

  it('counts bits as a plain loop does', () => {
    const next = numbers(7);
    for (let i = 0; i < 1000; i++) {
      const bits = Math.floor(next() * 2 ** 32) | 0;
      let expected = 0;
      for (let bit = 0; bit < 32; bit++) expected += (bits >>> bit) & 1;
      expect(bitCount(bits)).toBe(expected);
    }
    expect(bitCount(-1)).toBe(32);
    expect(bitCount(0)).toBe(0);
  });
});

describe('PostingLists', () => {
  const size = 100; // a bitmap of 4 numbers: a word in 5 or more products is kept as one
  const every = Array.from({ length: size }, (_, i) => i);
  const lists: [string, number[]][] = [
    ['every', every],
    ['none', []],
    ['threshold', [97, 3, 50, 31]],
    ['above', [99, 0, 32, 64, 31]],
    ['one', [42]],
  ];
  const postings = PostingLists.build(size, lists);
  const expected = new Map(lists.map(([word, positions]) => [word, [...positions].sort((a, b) => a - b)]));

  it('keeps the words in code unit order and finds each', () => {
    expect(postings.words).toEqual(['above', 'every', 'none', 'one', 'threshold']);
    for (const word of postings.words) expect(postings.words[postings.indexOf(word)]).toBe(word);
    expect(postings.indexOf('absent')).toBe(-1);
    expect(postings.indexOf('')).toBe(-1);
  });

  it('answers alike for words kept as bitmaps and as lists: in every product, in none, at the threshold and just above it', () => {
    const removed = setOf(size, [0, 31, 50, 64, 98]);
    for (const [word, positions] of expected) {
      const index = postings.indexOf(word);
      expect(postings.documents(index), word).toBe(positions.length);
      const set = new Uint32Array(setLength(size));
      postings.addTo(index, set);
      expect(positionsIn(set), word).toEqual(positions);
      expect(postings.countIn(index, removed), word).toBe(positions.filter((position) => hasPosition(removed, position)).length);
      expect(postings.anyOutside(index, removed), word).toBe(positions.some((position) => !hasPosition(removed, position)));
    }
    const threshold = postings.indexOf('threshold');
    expect(postings.anyOutside(threshold, setOf(size, [3, 31, 50, 97]))).toBe(false);
    expect(postings.anyOutside(postings.indexOf('every'), setOf(size, every))).toBe(false);
  });

  it('adds to what a set already holds', () => {
    const set = setOf(size, [1, 2]);
    postings.addTo(postings.indexOf('one'), set);
    postings.addTo(postings.indexOf('above'), set);
    expect(positionsIn(set)).toEqual([0, 1, 2, 31, 32, 42, 64, 99]);
  });

  it('matches plain lists on a random catalogue', () => {
    const next = numbers(42);
    const catalogue = 1000;
    const random: [string, number[]][] = Array.from({ length: 200 }, (_, w) => {
      const share = [0, 0.001, 0.02, 0.031, 0.033, 0.2, 1][w % 7]!;
      return [`w${w}`, Array.from({ length: catalogue }, (_, i) => i).filter(() => next() < share)];
    });
    const packed = PostingLists.build(catalogue, random);
    const removed = setOf(
      catalogue,
      Array.from({ length: catalogue }, (_, i) => i).filter(() => next() < 0.1),
    );
    for (const [word, positions] of random) {
      const index = packed.indexOf(word);
      const set = new Uint32Array(setLength(catalogue));
      packed.addTo(index, set);
      expect(positionsIn(set), word).toEqual(positions);
      expect(positionsIn(set, removed), word).toEqual(positions.filter((position) => !hasPosition(removed, position)));
      expect(packed.countIn(index, removed), word).toBe(positions.filter((position) => hasPosition(removed, position)).length);
    }
  });

  it('keeps positions apart across blocks of 65,536 products, a block with none of a word included', () => {
    const catalogue = 200_000; // a bitmap of 6,250 numbers
    const lowHalf = 1234;
    const positions = [lowHalf, 65_536 + lowHalf, 65_535, 3 * 65_536 - 1, 3 * 65_536, catalogue - 1].sort((a, b) => a - b);
    const packed = PostingLists.build(catalogue, [
      ['spread', [...positions].reverse()],
      ['last', [catalogue - 1]],
      ['first', [0]],
    ]);
    const set = new Uint32Array(setLength(catalogue));
    packed.addTo(packed.indexOf('spread'), set);
    expect(positionsIn(set)).toEqual(positions);
    expect(packed.countIn(packed.indexOf('spread'), setOf(catalogue, [lowHalf, 2 * 65_536 + lowHalf]))).toBe(1);
    expect(packed.anyOutside(packed.indexOf('last'), setOf(catalogue, [catalogue - 1]))).toBe(false);
    expect(packed.anyOutside(packed.indexOf('first'), setOf(catalogue, [catalogue - 1]))).toBe(true);
  });

  it('holds an empty catalogue', () => {
    const empty = PostingLists.build(0, []);
    expect(empty.words).toEqual([]);
    expect(empty.indexOf('tablet')).toBe(-1);
  });

  it('refuses a position outside the catalogue and a word listed twice', () => {
    expect(() => PostingLists.build(10, [['tablet', [10]]])).toThrow(/outside/);
    expect(() => PostingLists.build(10, [['tablet', [-1]]])).toThrow(/outside/);
    expect(() =>
      PostingLists.build(10, [
        ['tablet', [1]],
        ['tablet', [2]],
      ]),
    ).toThrow(/twice/);
  });
});

describe('NameList', () => {
  it('answers as the names themselves, across chunks and with letters outside Latin-1', () => {
    const names = Array.from({ length: 600 }, (_, i) => (i % 50 === 0 ? '' : i % 7 === 0 ? `ŋŋaali ${i}` : `tecno spark ${i}`));
    names[255] = 'tablet';
    names[256] = 'tablet stand';
    names[599] = 'ekitabo 😀';
    const list = new NameList(names);
    expect(list.length).toBe(names.length);
    const phrases = ['', 'tablet', 'tablet stand', 'tecno', 'tecno spark 1', 'ŋŋaali', 'ekitabo 😀', 'ekitabo \ud83d', 'x'];
    for (const [i, name] of names.entries()) {
      expect(list.at(i)).toBe(name);
      for (const phrase of phrases) {
        expect(list.is(i, phrase), `${i} ${phrase}`).toBe(name === phrase);
        expect(list.startsWith(i, phrase), `${i} ${phrase}`).toBe(name.startsWith(phrase));
      }
    }
  });

  it('holds no names', () => {
    expect(new NameList([]).length).toBe(0);
  });
});
