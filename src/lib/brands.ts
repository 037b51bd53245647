/**
 * One name per brand. Vendors write a maker's name with its product line ("Samsung Galaxy", "Apple iPhone"),
 * with its company word ("Tecno Mobile") or in their own case ("SAMSUNG", "Itel"); shoppers look for the maker.
 * A product's Brand is stored as the maker's name (the catalogue's writes and the demo data call
 * `normalizeBrand`; migration 0031 did it once for the rows written before), so the brand filter offers one
 * "Samsung", and an old address asking for `brand=Samsung Galaxy` still finds it. The product's own name
 * ("Samsung Galaxy A15") keeps the line.
 *
 * Only the makers below are rewritten: a brand the store does not know is kept as written (spaces tidied), so
 * "Victoria Seeds" never becomes "Victoria" by a guess.
 */

/** Makers as they write their own names, each with the product lines and sub-brands sold under it. */
const MAKERS: Record<string, readonly string[]> = {
  Samsung: ['Galaxy'],
  Apple: ['iPhone', 'iPad', 'MacBook', 'iMac', 'AirPods', 'Watch'],
  Tecno: ['Spark', 'Camon', 'Pova', 'Phantom', 'Pop'],
  Infinix: ['Hot', 'Note', 'Smart', 'Zero', 'GT'],
  itel: [],
  Xiaomi: ['Redmi', 'Poco', 'Mi'],
  Huawei: ['Mate', 'Nova', 'MatePad'],
  Oppo: ['Reno', 'Find'],
  Nokia: [],
  Google: ['Pixel'],
  Anker: ['Soundcore'],
  Oraimo: [],
  Philips: ['Avent'],
  Azam: ['TV'],
  HP: ['Pavilion', 'EliteBook', 'ProBook', 'Envy', 'Omen', 'Victus'],
  Lenovo: ['ThinkPad', 'IdeaPad', 'Legion', 'Yoga', 'Tab'],
  Dell: ['Inspiron', 'Latitude', 'Vostro', 'XPS'],
  Hisense: [],
  LG: [],
  Sony: ['PlayStation', 'Bravia'],
  TCL: [],
  JBL: [],
};

/** Words that name the company, not a brand of its own: "Tecno Mobile", "Samsung Electronics", "Hisense Uganda". */
const COMPANY_WORDS = ['electronics', 'mobile', 'mobiles', 'uganda', 'ltd', 'limited', 'inc', 'co', 'company', 'group', 'official'];

const makerByKey = new Map(Object.keys(MAKERS).map((maker) => [maker.toLowerCase(), maker]));
const linesOf = new Map(Object.entries(MAKERS).map(([maker, lines]) => [maker, new Set(lines.map((line) => line.toLowerCase()))]));

/** A brand as written, with its spaces tidied: what the store keeps for a brand it does not know. */
function tidy(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/**
 * The maker's name for a brand as a vendor or an address wrote it: "Samsung Galaxy", "samsung" and
 * "SAMSUNG Electronics" are "Samsung"; an unknown brand is kept as written. Empty stays empty.
 */
export function normalizeBrand(value: string): string {
  const written = tidy(value);
  const [first = '', ...rest] = written.split(' ');
  const maker = makerByKey.get(first.toLowerCase());
  if (!maker) return written;
  const lines = linesOf.get(maker)!;
  const rewritable = rest.every((word) => lines.has(word.toLowerCase()) || COMPANY_WORDS.includes(word.toLowerCase().replace(/\.$/, '')));
  return rewritable ? maker : written;
}
