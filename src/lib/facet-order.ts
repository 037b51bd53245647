/**
 * The order a shopper reads sizes and measures in: letter sizes from small to large (XS S M L XL XXL 3XL …),
 * numbers by their value (shoe sizes 39 40 41, "Size 4" before "Size 5"), measures by what they measure
 * ("64GB" before "128GB" before "1TB", "0-3M" before "1-2Y"), whatever order the counts came in.
 */

type Rank = { group: number; value: number };

/** Multiples of each unit within its kind: storage in GB, ages in months, volumes in ml, weights in g. */
const UNITS: Record<string, number> = {
  kb: 1 / (1024 * 1024),
  mb: 1 / 1024,
  gb: 1,
  tb: 1024,
  m: 1,
  mo: 1,
  mth: 1,
  mths: 1,
  month: 1,
  months: 1,
  y: 12,
  yr: 12,
  yrs: 12,
  year: 12,
  years: 12,
  ml: 1,
  cl: 10,
  l: 1000,
  ltr: 1000,
  litre: 1000,
  litres: 1000,
  mg: 0.001,
  g: 1,
  kg: 1000,
};

const WORD_SIZES: Record<string, number> = { small: 0, medium: 1, large: 2, 'extra large': 3 };

/** XXS … XS S M L XL XXL 3XL …: S is 0, M 1, L 2, each X (or the number before XS/XL) a step further out. */
function letterSize(value: string): number | undefined {
  const word = WORD_SIZES[value.toLowerCase()];
  if (word !== undefined) return word;
  const compact = value.toUpperCase().replace(/[\s-]/g, '');
  if (compact === 'M') return 1;
  const letters = /^(X*)(S|L)$/.exec(compact);
  if (letters) return letters[2] === 'S' ? -letters[1]!.length : 2 + letters[1]!.length;
  const numbered = /^([2-9])X(S|L)$/.exec(compact);
  if (numbered) return numbered[2] === 'S' ? -Number(numbered[1]) : 2 + Number(numbered[1]);
  return undefined;
}

/** "42", "Size 5", "EU 42", "10.5", "128GB", "0-3M", "1.5 L": the first number, scaled by its unit. */
function measure(value: string): number | undefined {
  const found = /^(?:(?:size|uk|eu|us|no\.?)\s*)?(\d+(?:[.,]\d+)?)(?:\s*[-–]\s*\d+(?:[.,]\d+)?)?\s*([a-z]*)/i.exec(value.trim());
  if (!found) return undefined;
  const number = Number(found[1]!.replace(',', '.'));
  const unit = found[2]!.toLowerCase();
  if (unit === '') return number;
  const scale = UNITS[unit];
  return scale === undefined ? number : number * scale;
}

function rank(value: string): Rank | undefined {
  const letter = letterSize(value.trim());
  if (letter !== undefined) return { group: 0, value: letter };
  const measured = measure(value);
  return measured === undefined ? undefined : { group: 1, value: measured };
}

/** Whether a value reads as a size or a measure (so its list goes in size order). */
export function isSizeLike(value: string): boolean {
  return rank(value) !== undefined;
}

/** Compares two sizes: letter sizes first, then numbers and measures by value, then any other words by name. */
export function compareSizes(a: string, b: string): number {
  const left = rank(a);
  const right = rank(b);
  if (left && right) return left.group - right.group || left.value - right.value || a.localeCompare(b);
  if (left) return -1;
  if (right) return 1;
  return a.localeCompare(b);
}

/** Values in size order (see `compareSizes`); the list itself is left as it was. */
export function inSizeOrder<T extends { name: string }>(values: readonly T[]): T[] {
  return [...values].sort((a, b) => compareSizes(a.name, b.name));
}

/** A specification's values in size order when every one of them reads as a size or measure; otherwise as they came (most products first). */
export function inShoppingOrder<T extends { name: string }>(values: readonly T[]): T[] {
  return values.length > 0 && values.every((value) => isSizeLike(value.name)) ? inSizeOrder(values) : [...values];
}
