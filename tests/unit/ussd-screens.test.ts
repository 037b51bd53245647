/**
 * Every screen of the USSD menu, in English, Luganda and Swahili, fits a phone: at most 182 characters, all GSM-7,
 * at most 7 numbered choices, with the longest category, place and vendor names of the demo data and product names
 * longer than any it makes, and with the longest notices on top ("Choose 1-5", the order services' refusals).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { gsm7Length, isGsm7 } from '~/lib/gsm7';
import { pageTranslator } from '~/lib/i18n/catalogues';
import { LANGUAGES, type Language } from '~/lib/i18n/languages';
import { sayMessage } from '~/lib/messages/say-message';
import { message } from '~/lib/messages/message';
import { demoCatalogue } from '~/server/demo-data/catalogue';
import { drawScreen, MAX_CHOICES, USSD_SCREEN_CHARACTERS, type Screen } from '~/server/ussd/screen';

const catalogue = demoCatalogue();
const longest = (names: string[]) => names.reduce((a, b) => (b.length > a.length ? b : a), '');
const LONG_PRODUCT = 'Samsung Galaxy A55 5G Dual SIM 256GB ROM 12GB RAM Awesome Iceblue with Fast Charger and Protective Case, Official Warranty Kampala';
const CATEGORY = longest(catalogue.categories.flatMap((parent) => [parent.name, ...parent.children.map((child) => child.name)]));
const PLACE = longest(catalogue.deliveryLocations.map((place) => place.name));
const VENDOR = longest(catalogue.vendors.map((vendor) => vendor.business));

const product = (id: number) => ({
  id,
  name: `${LONG_PRODUCT} ${id}`,
  price_1: '12345678',
  in_stock: 1,
  stock: { total_items: 500, items_sold: 1 },
  has_colors: 'Yes',
  colors: 'Midnight Black, Arctic Silver, Ocean Blue, Sunset Orange, Forest Green, Rose Gold, Pearl White',
  has_sizes: 'Yes',
  sizes: 'Extra Small, Small, Medium, Large, Extra Large, XXL, XXXL',
});

vi.mock('~/server/catalog/categories', () => ({
  listCategories: async () => Array.from({ length: 12 }, (_, i) => ({ id: i + 1, parent_id: null, category: `${CATEGORY} ${i}`, product_count: 9 })),
}));
vi.mock('~/server/catalog/products', () => ({
  findProduct: async (id: number) => product(id),
  listProducts: async () => ({ items: [1, 2, 3, 4, 5].map(product), total: 40 }),
}));
vi.mock('~/server/orders/delivery-locations', () => ({
  listDeliveryLocations: async () => Array.from({ length: 9 }, (_, i) => ({ id: i + 1, name: `${PLACE} ${PLACE}`, region: 'Kampala', delivery_fee: 0 })),
  deliveryCharge: () => 0,
}));
vi.mock('~/server/payments/payments', () => ({ availableGateways: () => ['mtn_momo', 'airtel_money', 'cash_on_delivery'] }));
vi.mock('~/server/orders/place-order', () => ({
  cashOnDeliveryOffFor: async () => [],
  parseOrder: () => ({}),
  placeOrder: async () => ({}),
  cancelOrder: async () => ({}),
  retryPayment: async () => ({}),
}));
const part = (id: number) => ({
  id,
  vendor_name: VENDOR,
  status: 'processing',
  handover_code: '4821',
  lines: [1, 2, 3].map((n) => ({ quantity: 99, product_name: `${LONG_PRODUCT} ${n}` })),
});
vi.mock('~/server/orders/orders', () => ({
  latestOrders: async () => [1, 2, 3, 4, 5].map((n) => ({ id: 100_000 + n, progress: 'partly_delivered', total: 123_456_789 })),
  getOrder: async (_user: number, id: number) => ({
    id,
    progress: 'partly_delivered',
    status: 'processing',
    total: 123_456_789,
    money: { total: 123_456_789 },
    payment_gateway: 'mtn_momo',
    payment_status: 'FAILED',
    payment: { approval_seconds_left: 0 },
    parts: [1, 2, 3, 4, 5].map(part),
  }),
}));
vi.mock('~/server/ussd/ussd-sessions', () => ({
  findSession: async () => ({ id: 'earlier', state: { stack: [{ kind: 'main' }, { kind: 'confirm' }], draft: { product_id: 1, product_name: LONG_PRODUCT } } }),
  closeCutOffSession: async () => true,
  rememberNumberLanguage: async () => undefined,
}));
vi.mock('~/server/accounts/users', () => ({ rememberLanguage: async () => undefined }));

const { STEPS } = await import('~/server/ussd/ussd-menu');
type Ctx = Parameters<(typeof STEPS)['main']['draw']>[0];

function contextIn(language: Language): Ctx {
  const caller = { id: 7, first_name: '', last_name: '', language, status: 'Active' };
  const buyer = {
    phone: '+256772123456',
    account: async () => caller,
    caller: async () => caller,
    knownName: async () => null,
    callerForOrder: async () => caller,
  };
  return {
    sessionId: 'ATUid_test',
    phone: '+256772123456',
    language,
    tr: pageTranslator(language),
    origin: 'http://store.test',
    buyer: buyer as unknown as Ctx['buyer'],
    state: {
      stack: [{ kind: 'main' }],
      draft: { product_id: 1, product_name: LONG_PRODUCT, color: 'Sunset Orange', size: 'Extra Large', quantity: 99, location_id: 1, gateway: 'airtel_money' },
    },
  };
}

const PLACES = [
  { kind: 'main' },
  { kind: 'categories', parent: null, page: 1 },
  { kind: 'categories', parent: null, page: 3 },
  { kind: 'search' },
  { kind: 'products', category: 1, search: null, page: 1 },
  { kind: 'products', category: null, search: 'x'.repeat(60), page: 2 },
  { kind: 'product', id: 1 },
  { kind: 'colour', page: 1 },
  { kind: 'size', page: 2 },
  { kind: 'quantity' },
  { kind: 'place', page: 1 },
  { kind: 'pay' },
  { kind: 'name' },
  { kind: 'confirm' },
  { kind: 'orders' },
  { kind: 'order', id: 100_001 },
  { kind: 'part', order: 100_001, part: 1 },
  { kind: 'cancel', id: 100_001 },
  { kind: 'language' },
  { kind: 'help' },
  { kind: 'resume', from: 'earlier' },
] as const;

function expectFits(screen: Screen, what: string) {
  const drawn = drawScreen(screen);
  expect(gsm7Length(drawn), `${what}:\n${drawn}`).toBeLessThanOrEqual(USSD_SCREEN_CHARACTERS);
  expect(isGsm7(drawn), `${what}:\n${drawn}`).toBe(true);
  const numbered = drawn.split('\n').filter((line) => /^\d+ /.test(line));
  expect(numbered.length, what).toBeLessThanOrEqual(MAX_CHOICES);
  // Every choice keeps its key on the screen, however the labels were cut.
  for (const choice of screen.choices) expect(drawn, `${what}: ${choice.key}`).toMatch(new RegExp(`(^|\\n)${choice.key} `));
  return drawn;
}

describe('every USSD screen', () => {
  let notices: Record<Language, string[]>;
  beforeEach(() => {
    notices = Object.fromEntries(
      LANGUAGES.map((language) => {
        const { t, fill } = pageTranslator(language);
        return [
          language,
          [
            fill(t.ussd.choose, { first: 1, last: 5 }),
            fill(t.ussd.quantityRange, { most: 99 }),
            t.ussd.nameShort,
            t.ussd.backOnly,
            t.ussd.failed,
            sayMessage(message('api', 'because', message('order', 'failed'), message('order', 'onlyLeft', 3, LONG_PRODUCT)), language),
          ],
        ];
      }),
    ) as Record<Language, string[]>;
  });

  for (const language of LANGUAGES) {
    it(`fits a phone in ${language}, with every notice on top`, async () => {
      for (const place of PLACES) {
        const ctx = contextIn(language);
        const step = STEPS[place.kind] as { draw: (ctx: Ctx, place: unknown) => Promise<Screen> | Screen };
        const screen = await step.draw(ctx, place);
        expectFits(screen, `${language} ${place.kind}`);
        for (const notice of notices[language]) expectFits({ ...screen, notice }, `${language} ${place.kind} with "${notice}"`);
      }
    });

    it(`says the last screens of a session in ${language} within a screen`, () => {
      const { t, fill, money } = pageTranslator(language);
      const ends = [
        fill(t.ussd.placed.mobileMoney, { id: 1_234_567, total: money(123_456_789) }),
        fill(t.ussd.placed.cash, { id: 1_234_567, total: money(123_456_789) }),
        fill(t.ussd.placed.payFailed, { id: 1_234_567, reason: sayMessage(message('mobileMoney', 'phoneInvalid'), language) }),
        fill(t.ussd.cancelled, { id: 1_234_567 }),
        fill(t.ussd.promptSent, { total: money(123_456_789) }),
        fill(t.ussd.ugandanOnly, { store: 'Duuka' }),
      ];
      for (const end of ends) expect(drawScreen({ lines: [end], choices: [], end: true })).toBe(end.replace(/ +$/, ''));
    });
  }

  it('are worded in GSM-7 as written, in every language', () => {
    const texts = (tree: unknown): string[] => (typeof tree === 'string' ? [tree] : Object.values(tree as object).flatMap(texts));
    for (const language of LANGUAGES) for (const text of texts(pageTranslator(language).t.ussd)) expect(isGsm7(text), `${language}: ${text}`).toBe(true);
  });

  it('cuts long names with "..." and keeps short ones whole', () => {
    const long = (key: string) => ({ key, label: LONG_PRODUCT, keep: 'UGX 1,000,000' });
    const drawn = drawScreen({ lines: ['Results'], choices: [{ key: '1', label: 'Soap', keep: 'UGX 2,000' }, long('2'), long('3')] });
    expect(drawn.split('\n')[1]).toBe('1 Soap UGX 2,000');
    // The name is cut, never the price after it.
    expect(drawn.split('\n')[2]).toMatch(/^2 Samsung Galaxy .*\.\.\. UGX 1,000,000$/);
  });

  it('turns characters outside GSM-7 into their plain forms', () => {
    expect(drawScreen({ lines: ['“Ŋŋ” – ok…'], choices: [] })).toBe(`"Ng'ng'" - ok...`);
  });

  it('refuses more than 7 numbered choices', () => {
    expect(() => drawScreen({ lines: [], choices: Array.from({ length: 8 }, (_, i) => ({ key: String(i + 1), label: 'x' })) })).toThrow(/at most 7/);
  });
});
