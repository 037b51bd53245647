/**
 * The spec's in-memory mock API: a small sample catalogue answered after a fixed delay, with no network,
 * so the developer page (/test) and unit tests can exercise loading states without the real server.
 * Plain TypeScript (no zod) because it runs in the browser.
 */
export type MockProduct = {
  id: number;
  name: string;
  /** Prices are numeric strings in whole UGX, as the real API sends them. */
  price_1: string;
  price_2: string;
  feature_photo: string;
  stock: { items_sold: number; total_items: number };
  rating: number;
  reviewsCount: number;
  description: string;
  specifications: { label: string; value: string }[];
  images: string[];
  /** Option name (Color, Size, Storage…) to the values a shopper can choose. */
  variants: Record<string, string[]>;
};

export const MOCK_LIST_TYPES = ['all', 'deals', 'top'] as const;
export type MockListType = (typeof MOCK_LIST_TYPES)[number];

export type MockCallOptions = {
  /** Milliseconds before the answer; tests pass 0 or drive it with fake timers. */
  delay?: number;
  signal?: AbortSignal;
};
export type MockListOptions = MockCallOptions & { limit?: number };

export const MOCK_DELAYS = { list: 300, get: 200 } as const;
export const MOCK_TOP_COUNT = 3;

/**
 * Stock pictures under /storage/images, ordered so that product n's own picture sits at position n:
 * product n takes positions n, n+1 and n+2 (modulo the list), the first being its feature photo. The deals
 * land on 101 % 6 = 5 (solar) and 102 % 6 = 0 (headphones), which is why those are the deals.
 */
export const MOCK_PICTURES = [
  'p-headphones-earphones-1.jpg',
  'p-smartphones-2.jpg',
  'p-smartwatches-wearables-1.jpg',
  'p-small-appliances-1.jpg',
  'p-shoes-2.jpg',
  'p-solar-power-1.jpg',
] as const;

/**
 * Shaped like the real client's ApiError (a message and an HTTP status) but not derived from it, so the
 * mock stays free of the real client's imports.
 */
export class MockApiError extends Error {
  override name = 'MockApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type ProductDetails = Omit<MockProduct, 'feature_photo' | 'images'>;

function withPictures(details: ProductDetails): MockProduct {
  const images = [0, 1, 2].map((step) => MOCK_PICTURES[(details.id + step) % MOCK_PICTURES.length]!);
  return { ...details, feature_photo: images[0]!, images };
}

/** Frozen all the way down: even a caller importing the catalogue itself cannot change it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

function catalogue(products: ProductDetails[]): readonly MockProduct[] {
  return deepFreeze(products.map(withPictures));
}

export const MOCK_PRODUCTS = catalogue([
  {
    id: 1,
    name: 'Android smartphone 6.7", 8 GB RAM, dual SIM',
    price_1: '1250000',
    price_2: '1450000',
    stock: { items_sold: 34, total_items: 120 },
    rating: 4.4,
    reviewsCount: 87,
    description: 'A large AMOLED screen, a battery that lasts a full day of mobile money and WhatsApp, and two SIM slots for MTN and Airtel.',
    specifications: [
      { label: 'Display', value: '6.7" AMOLED, 120 Hz' },
      { label: 'Battery', value: '5000 mAh, 33 W fast charging' },
      { label: 'Camera', value: '50 MP main, 16 MP selfie' },
      { label: 'Network', value: '4G LTE, dual nano SIM' },
    ],
    variants: { Storage: ['128 GB', '256 GB'], Color: ['Midnight Black', 'Ocean Blue', 'Sand Gold'] },
  },
  {
    id: 2,
    name: 'Smartwatch with heart-rate and SpO2 monitor',
    price_1: '185000',
    price_2: '240000',
    stock: { items_sold: 61, total_items: 80 },
    rating: 4.1,
    reviewsCount: 42,
    description: 'Counts steps, checks heart rate and blood oxygen, and shows calls and messages from your phone.',
    specifications: [
      { label: 'Display', value: '1.83" touch screen' },
      { label: 'Battery life', value: 'Up to 7 days' },
      { label: 'Water resistance', value: 'IP68' },
      { label: 'Works with', value: 'Android and iOS' },
    ],
    variants: { Strap: ['Silicone', 'Leather', 'Metal mesh'], Color: ['Black', 'Silver'] },
  },
  {
    id: 3,
    name: 'Blender 1.5 L, 600 W, with grinder',
    price_1: '165000',
    price_2: '199000',
    stock: { items_sold: 12, total_items: 50 },
    rating: 4.6,
    reviewsCount: 118,
    description: 'Makes juice from passion fruit and mangoes and grinds groundnuts and millet in the extra mill.',
    specifications: [
      { label: 'Power', value: '600 W' },
      { label: 'Jar', value: '1.5 L glass' },
      { label: 'Speeds', value: '3 and pulse' },
      { label: 'Plug', value: 'UK 3-pin' },
      { label: 'Warranty', value: '12 months' },
    ],
    variants: { Base: ['Plastic', 'Stainless steel'], Color: ['White', 'Red'] },
  },
  {
    id: 4,
    name: "Men's running sneakers",
    price_1: '95000',
    price_2: '130000',
    stock: { items_sold: 47, total_items: 60 },
    rating: 4.2,
    reviewsCount: 35,
    description: 'Light, breathable sneakers with a grippy rubber sole for the road and the gym.',
    specifications: [
      { label: 'Upper', value: 'Breathable mesh' },
      { label: 'Sole', value: 'Rubber' },
      { label: 'Closure', value: 'Lace-up' },
    ],
    variants: { Size: ['40', '41', '42', '43', '44', '45'], Color: ['Black/White', 'Grey', 'Navy'] },
  },
  {
    id: 5,
    name: 'Solar LED lantern with phone charging',
    price_1: '75000',
    price_2: '89000',
    stock: { items_sold: 88, total_items: 100 },
    rating: 4.7,
    reviewsCount: 203,
    description: 'Charges from its own solar panel by day and lights a room all evening; its USB port charges a phone.',
    specifications: [
      { label: 'Battery', value: '4000 mAh lithium' },
      { label: 'Light', value: 'Up to 24 hours on low' },
      { label: 'Charging', value: 'Solar panel or USB' },
      { label: 'USB output', value: '5 V, 1 A' },
    ],
    variants: { Color: ['Green', 'Orange'] },
  },
]);

export const MOCK_DEALS = catalogue([
  {
    id: 101,
    name: 'Solar home system, 50 W panel, 4 bulbs',
    price_1: '420000',
    price_2: '560000',
    stock: { items_sold: 27, total_items: 40 },
    rating: 4.5,
    reviewsCount: 64,
    description: 'Power for lights, phone charging and a radio where the grid does not reach, or when it goes off.',
    specifications: [
      { label: 'Panel', value: '50 W monocrystalline' },
      { label: 'Battery', value: '12 V, 18 Ah' },
      { label: 'Bulbs', value: '4 LED bulbs with 5 m cables' },
      { label: 'Warranty', value: '24 months' },
    ],
    variants: { Kit: ['4 bulbs', '4 bulbs and FM radio'] },
  },
  {
    id: 102,
    name: 'Wireless headphones with noise cancelling',
    price_1: '139000',
    price_2: '210000',
    stock: { items_sold: 15, total_items: 30 },
    rating: 4.3,
    reviewsCount: 29,
    description: 'Quiet on a noisy taxi ride, with 30 hours of music on one charge.',
    specifications: [
      { label: 'Battery life', value: 'Up to 30 hours' },
      { label: 'Connection', value: 'Bluetooth 5.3 and 3.5 mm cable' },
      { label: 'Charging', value: 'USB-C' },
    ],
    variants: { Color: ['Black', 'Blue', 'Pink'] },
  },
]);

function abortError(): DOMException {
  return new DOMException('The mock request was aborted', 'AbortError');
}

/** Resolves after `ms`, or rejects with an AbortError as soon as the signal aborts. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Copies, so whatever a caller does to an answer never reaches the catalogue or the next answer. */
const copy = (product: MockProduct): MockProduct => structuredClone(product);

/**
 * 'all' is the five regular products, 'deals' the two deals and 'top' the first MOCK_TOP_COUNT regular
 * ones (the mock has no sales figures to rank by). A wrong type or limit is a caller's bug, so it
 * rejects at once instead of after the delay.
 */
export async function listMockProducts(type: MockListType, { limit, delay = MOCK_DELAYS.list, signal }: MockListOptions = {}): Promise<MockProduct[]> {
  if (!MOCK_LIST_TYPES.includes(type)) throw new Error(`Unknown product list type "${String(type)}": use all, deals or top`);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new Error(`The limit must be a positive whole number, not ${String(limit)}`);
  await wait(delay, signal);
  const products = type === 'deals' ? MOCK_DEALS : type === 'top' ? MOCK_PRODUCTS.slice(0, MOCK_TOP_COUNT) : MOCK_PRODUCTS;
  return products.slice(0, limit).map(copy);
}

/** A regular product or a deal; an unknown id (or '' or 'abc') rejects after the delay, as a real 404 would. */
export async function getMockProduct(id: number | string, { delay = MOCK_DELAYS.get, signal }: MockCallOptions = {}): Promise<MockProduct> {
  await wait(delay, signal);
  const product = [...MOCK_PRODUCTS, ...MOCK_DEALS].find((candidate) => candidate.id === Number(id));
  if (!product) throw new MockApiError('Not found', 404);
  return copy(product);
}
