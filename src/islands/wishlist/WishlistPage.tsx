/**
 * The wishlist pages: each saved product with its price, photo, Move to cart and Remove. A guest's list is
 * the one kept on the phone, with a word that it stays there until they log in; a logged-in shopper's
 * products whose change is still waiting for a connection say so.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $guestOwnsWishlist, $waitingHeartIds, $wishlist, ensureWishlistLoaded, loadWishlist, removeFromWishlist } from '~/stores/wishlist';
import { addItem, mirrorCartBadge } from '~/stores/cart';
import { showToast } from '~/stores/toasts';
import { apiGet } from '~/browser/api';
import { defaultVariant, type CartProduct } from '~/lib/cart';
import { saving } from '~/lib/money';
import { islandTranslator } from '~/lib/i18n/current';
import type { WishlistEntry } from '~/lib/wishlist-state';
import { useHydrated } from '../use-hydrated';
import { showAdded } from '../cart/add-and-show';
import ProductLine from '../cart/ProductLine';
import { fillNodes } from '../fill-nodes';

/** Adds the product as it is sold now; answers why not when the shopper must choose a colour or size first. */
async function moveToCart(entry: WishlistEntry): Promise<string | null> {
  const { t } = islandTranslator();
  let product: CartProduct;
  try {
    product = await apiGet<CartProduct>(`/api/products/${entry.product_id}`);
  } catch (error) {
    showToast((error as Error).message || t.wishlist.addToCartFailed, 'error');
    return null;
  }
  const error = addItem({ product, quantity: 1, variant: defaultVariant(product) });
  if (error === t.cart.selectColor || error === t.cart.selectSize) return error;
  if (error) {
    showToast(error, 'error');
    return null;
  }
  showAdded(entry.product_name);
  const removeError = await removeFromWishlist(entry.product_id);
  if (removeError) showToast(removeError, 'error');
  return null;
}

/** Tells a guest their list lives on this phone, with the way to keep it on an account. */
function GuestNotice() {
  const { t, path } = islandTranslator();
  const back = `?redirect=${encodeURIComponent(path('/wishlist'))}`;
  return (
    <div className="notice guest-wishlist-notice" role="note">
      <p>{t.wishlist.onlyOnThisPhone}</p>
      <p>
        {fillNodes(t.wishlist.keepOnAccount, {
          logIn: <a href={path('/auth/login') + back}>{t.wishlist.logIn}</a>,
          register: <a href={path('/auth/register') + back}>{t.wishlist.createAnAccount}</a>,
        })}
      </p>
    </div>
  );
}

export default function WishlistPage() {
  const hydrated = useHydrated();
  const guest = useStore($guestOwnsWishlist);
  const waitingIds = useStore($waitingHeartIds);
  const { items, isLoading, error } = useStore($wishlist);
  const [choose, setChoose] = useState<ReadonlyMap<number, string>>(new Map());
  const [moving, setMoving] = useState<number | null>(null);
  const { t, money, path } = islandTranslator();

  useEffect(() => {
    // A shopper who just logged in may still have a guest's hearts on the phone: they are added first.
    void ensureWishlistLoaded();
    return mirrorCartBadge();
  }, []);

  if (!hydrated || (isLoading && items.length === 0)) return <p className="cart-loading">{t.wishlist.loading}</p>;
  const notice = guest && <GuestNotice />;
  if (error && items.length === 0) {
    return (
      <div className="panel cart-empty">
        <p role="alert">{error}</p>
        <button type="button" className="button" onClick={() => void loadWishlist()}>
          {t.wishlist.tryAgain}
        </button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <>
        {notice}
        <div className="panel cart-empty">
          <p>{t.wishlist.empty}</p>
          <a className="button" href={path('/products')}>
            {t.wishlist.browseProducts}
          </a>
        </div>
      </>
    );
  }

  async function onMove(entry: WishlistEntry) {
    setMoving(entry.product_id);
    const reason = await moveToCart(entry);
    setMoving(null);
    setChoose((before) => {
      const next = new Map(before);
      if (reason) next.set(entry.product_id, reason);
      else next.delete(entry.product_id);
      return next;
    });
  }

  async function onRemove(entry: WishlistEntry) {
    const removeError = await removeFromWishlist(entry.product_id);
    showToast(removeError ?? t.wishlist.removed, removeError ? 'error' : 'success');
  }

  return (
    <>
      {notice}
      <ul className="panel wishlist-items">
        {items.map((entry) => {
          const saved = saving(entry.product_price, entry.product_sale_price);
          const reason = choose.get(entry.product_id);
          return (
            <ProductLine key={entry.product_id} productId={entry.product_id} name={entry.product_name} photo={entry.product_photo}>
              <p className="price">
                <span className="now">{money(entry.product_price)}</span>
                {saved && (
                  <del className="was">
                    <span className="visually-hidden">{t.wishlist.was} </span>
                    {money(entry.product_sale_price)}
                  </del>
                )}
              </p>
              {waitingIds.has(entry.product_id) && (
                <p className="waiting-note" role="status">
                  {t.wishlist.waiting}
                </p>
              )}
              {reason && (
                <p className="line-notice" role="status">
                  {fillNodes(t.wishlist.chooseOnProductPage, { reason, link: <a href={path(`/product/${entry.product_id}`)}>{t.wishlist.productPage}</a> })}
                </p>
              )}
              <div className="cart-line-actions">
                <button type="button" className="button small" disabled={moving === entry.product_id} onClick={() => void onMove(entry)}>
                  {t.wishlist.moveToCart}
                </button>
                <button type="button" className="link-button" onClick={() => void onRemove(entry)}>
                  {t.wishlist.remove}
                </button>
              </div>
            </ProductLine>
          );
        })}
      </ul>
    </>
  );
}
