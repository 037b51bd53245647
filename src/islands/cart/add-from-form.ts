/**
 * Adding what the product page's Add to cart form says: read from its fields, so the island and its answer to a
 * tap before React (`answerBeforeHydration`) add exactly the same thing.
 */
import { addItem, mirrorCartBadge } from '~/stores/cart';
import { showToast } from '~/stores/toasts';
import { colorsOf, sizesOf, variantChoices, type AddRequest, type CartProduct } from '~/lib/cart';
import { loadIslandTexts } from '~/lib/i18n/current';
import { addAndShow, showAdded } from './add-and-show';

/** The attribute that carries the product on the form, for an answer before React has the island's props. */
export const PRODUCT_ATTRIBUTE = 'data-product';

/** The colour or size the shopper has still to choose, or null. */
export function missingChoice(form: HTMLFormElement, product: CartProduct): 'color' | 'size' | null {
  const fields = new FormData(form);
  if (colorsOf(product).length > 0 && !fields.get('color')) return 'color';
  if (sizesOf(product).length > 0 && !fields.get('size')) return 'size';
  return null;
}

/** The button names the missing choice; a tap takes the shopper to it. Answers whether something was missing. */
export function goToMissingChoice(form: HTMLFormElement, product: CartProduct): boolean {
  const missing = missingChoice(form, product);
  if (missing) form.querySelector<HTMLInputElement>(`input[name="${missing}"]`)?.focus();
  return missing !== null;
}

export function requestFrom(form: HTMLFormElement, product: CartProduct, quantity: number): AddRequest & { product: CartProduct } {
  const fields = new FormData(form);
  const variant = Object.fromEntries(variantChoices(product).map(([name]) => [name, String(fields.get(`variant:${name}`) ?? '')]));
  return { product, quantity, color: String(fields.get('color') ?? ''), size: String(fields.get('size') ?? ''), variant };
}

/** The island's submit: the missing choice, or the product added (the drawer) or refused (a toast). */
export function submitAddForm(form: HTMLFormElement, product: CartProduct, quantity: number): string | null {
  return goToMissingChoice(form, product) ? null : addAndShow(requestFrom(form, product, quantity));
}

/**
 * A tap on Add to cart answered before React has woken (src/directives/interaction.ts): React's start takes
 * about a second on a slow phone, adding to the cart needs none of it. The header's count changes at once;
 * the toast and the drawer, which bring React, come a frame later so the count is painted first.
 */
export async function answerBeforeHydration(target: Element): Promise<boolean> {
  const form = target.closest('button[type="submit"]')?.closest('form');
  const stored = form?.getAttribute(PRODUCT_ATTRIBUTE);
  if (!form || !stored) return false;
  // A Luganda or Swahili page's words for the toast and any refusal.
  await loadIslandTexts();
  const product = JSON.parse(stored) as CartProduct;
  if (goToMissingChoice(form, product)) return true;
  const quantity = Number(form.querySelector('output')?.textContent) || 1;
  const problem = addItem(requestFrom(form, product, quantity));
  mirrorCartBadge();
  requestAnimationFrame(() => setTimeout(() => (problem ? showToast(problem, 'error') : showAdded(product.name))));
  return true;
}
