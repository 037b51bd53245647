/**
 * The product page's Add to cart, answered by the page's own small script: no island code is fetched for a tap.
 * The form (src/islands/cart/AddToCart.tsx, rendered on the server only) carries its product and the words to
 * say, in the page's language; this script reads the chosen colour, size and options and the quantity, adds
 * the line where the cart store keeps it (localStorage, the spec's key, through the cart's rules in
 * lib/cart-lines.ts), sets the header's count, and says "{name} added to cart" in a toast drawn without React.
 * Then it wakes the cart drawer (`client:event`), whose island reads the cart from the same place: React is
 * fetched only after the tap. Works alike in data-saver mode, offline and before the service worker, since it
 * needs nothing from the network.
 *
 * The store's persistent atoms listen for `storage` events (other tabs' changes); this page's are told the same
 * way, so an island already awake (the drawer) shows the new line, and the header's pre-paint script
 * (src/scripts/inline/restore-badges.js) keeps counting.
 */
import { addLine, colorsOf, parseStoredCart, sizesOf, stockLeft, variantChoices, type CartItem, type CartProblem, type CartProduct } from '~/lib/cart-lines';
import { STORAGE_KEYS } from '~/lib/storage-keys';
import { fill, plural, type PluralForms } from '~/lib/i18n/translate';
import { currentLanguage } from '~/lib/i18n/page-language';
import { announce, PAGE_EVENTS } from '~/browser/page-events';
import { showPlainToast } from './plain-toast';

/** The attribute that carries the product on the form. */
export const PRODUCT_ATTRIBUTE = 'data-product';
/** The attribute that carries the words below, in the page's language. */
export const WORDS_ATTRIBUTE = 'data-words';

/** What the script says: the toast after adding, the cart's problems, the toast's close button. */
export type BuyBoxWords = {
  added: string;
  invalidProduct: string;
  selectColor: string;
  selectSize: string;
  outOfStock: string;
  onlyLeft: PluralForms;
  dismiss: string;
};

/** The colour or size the shopper has still to choose, or null. */
export function missingChoice(form: HTMLFormElement, product: CartProduct): 'color' | 'size' | null {
  const fields = new FormData(form);
  if (colorsOf(product).length > 0 && !fields.get('color')) return 'color';
  if (sizesOf(product).length > 0 && !fields.get('size')) return 'size';
  return null;
}

function quantityOf(form: HTMLFormElement): number {
  return Number(form.querySelector('output')?.textContent) || 1;
}

function sayProblem(problem: CartProblem, words: BuyBoxWords): string {
  return problem.key === 'onlyLeft' ? plural(currentLanguage(), words.onlyLeft, problem.left) : words[problem.key];
}

function readCart(): CartItem[] {
  try {
    return parseStoredCart(localStorage.getItem(STORAGE_KEYS.cart));
  } catch {
    return [];
  }
}

/** Keeps the cart where the cart store does, and tells this page's stores and the header as another tab's change would. */
function writeCart(items: CartItem[]): void {
  const value = JSON.stringify(items);
  try {
    localStorage.setItem(STORAGE_KEYS.cart, value);
  } catch {
    // Storage blocked: the cart lasts as long as the page, as the store's own would.
  }
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cart, newValue: value }));
  const count = items.reduce((sum, item) => sum + item.product_quantity, 0);
  for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
    badge.textContent = String(count);
    badge.hidden = count === 0;
  }
}

/** The problem under the form, or none. */
function showFormProblem(form: HTMLFormElement, problem: string | null): void {
  let note = form.querySelector<HTMLElement>('.form-problem');
  if (!problem) return note?.remove();
  if (!note) {
    note = document.createElement('p');
    note.className = 'form-problem';
    note.setAttribute('role', 'alert');
    form.querySelector('.buy-bar')?.before(note);
  }
  note.textContent = problem;
}

/** Adds what the form says. A missing colour or size is not an error: the button names it and the tap goes to it. */
export function addFromForm(form: HTMLFormElement, product: CartProduct, words: BuyBoxWords): void {
  const missing = missingChoice(form, product);
  if (missing) {
    form.querySelector<HTMLInputElement>(`input[name="${missing}"]`)?.focus();
    return;
  }
  const fields = new FormData(form);
  const variant = Object.fromEntries(variantChoices(product).map(([name]) => [name, String(fields.get(`variant:${name}`) ?? '')]));
  const { items, problem } = addLine(readCart(), {
    product,
    quantity: quantityOf(form),
    color: String(fields.get('color') ?? ''),
    size: String(fields.get('size') ?? ''),
    variant,
  });
  if (problem) {
    const text = sayProblem(problem, words);
    showFormProblem(form, text);
    showPlainToast(text, 'error', words.dismiss);
    return;
  }
  writeCart(items);
  showFormProblem(form, null);
  showPlainToast(fill(words.added, { name: product.name }), 'success', words.dismiss);
  announce(PAGE_EVENTS.cartDrawer);
}

/** The quantity's − and +, within 1 and the stock left (99 when the product does not say). */
function step(form: HTMLFormElement, product: CartProduct, by: number): void {
  const left = stockLeft(product);
  const most = Number.isFinite(left) ? left : 99;
  const quantity = Math.min(most, Math.max(1, quantityOf(form) + by));
  form.querySelector('output')!.textContent = String(quantity);
  for (const button of form.querySelectorAll<HTMLButtonElement>('[data-step]')) {
    button.disabled = Number(button.dataset.step) < 0 ? quantity <= 1 : quantity >= most;
  }
}

/**
 * A Luganda or Swahili page's island texts, fetched with the page: the drawer a tap wakes waits for them, and
 * the tap's own words are the form's. (English ones come with the islands' code.)
 */
const PAGE_TEXTS: Partial<Record<string, () => Promise<unknown>>> = {
  lg: () => import('~/lib/i18n/lg/browsing'),
  sw: () => import('~/lib/i18n/sw/browsing'),
};

/** Answers the product page's Add to cart form and its quantity. */
export function startBuyBox(): void {
  void PAGE_TEXTS[currentLanguage()]?.().catch(() => {});
  for (const form of document.querySelectorAll<HTMLFormElement>(`form[${PRODUCT_ATTRIBUTE}][${WORDS_ATTRIBUTE}]`)) {
    const product = JSON.parse(form.getAttribute(PRODUCT_ATTRIBUTE)!) as CartProduct;
    const words = JSON.parse(form.getAttribute(WORDS_ATTRIBUTE)!) as BuyBoxWords;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      addFromForm(form, product, words);
    });
    form.addEventListener('click', (event) => {
      const stepper = (event.target as Element).closest<HTMLElement>('[data-step]');
      if (stepper) step(form, product, Number(stepper.dataset.step));
    });
  }
}
