/**
 * The wishlist heart on product cards and the product page. A tap shows the change at once: a guest's
 * heart is kept on the phone, a logged-in shopper's is sent to their account (undone with the spec's
 * message if the server refuses; made offline, it waits with a small mark until it is sent).
 * It wakes on the first touch; until then saved hearts are marked in the HTML from what the phone knows
 * (a guest's by the pre-paint script src/scripts/inline/restore-badges.js, a logged-in shopper's by
 * src/scripts/saved-hearts.ts), and those same scripts answer a tap that lands before it has woken, from the
 * product the heart carries: the tap fetches nothing first. Without JavaScript the heart is a form that opens the login page,
 * coming back to the product.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $waitingHeartIds, $wishlistProductIds, toggleWishlist, type WishlistProduct } from '~/stores/wishlist';
import { showToast } from '~/stores/toasts';
import { HEART_PRODUCT_ATTRIBUTE, heartTitle } from '~/lib/wishlist-hearts';
import { showSavedHearts } from '~/scripts/saved-hearts';
import { useHydrated } from '../use-hydrated';
import { islandTranslator } from '~/lib/i18n/current';

export default function WishlistHeart({ product, large = false }: { product: WishlistProduct; large?: boolean }) {
  const hydrated = useHydrated();
  const savedIds = useStore($wishlistProductIds);
  const waitingIds = useStore($waitingHeartIds);
  const [busy, setBusy] = useState(false);
  const saved = hydrated && savedIds.has(product.id);
  const waiting = hydrated && waitingIds.has(product.id);
  const { t, path } = islandTranslator();

  useEffect(() => {
    showSavedHearts();
  }, []);

  async function toggle(event: MouseEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const error = await toggleWishlist(product);
    setBusy(false);
    if (error) showToast(error, 'error');
  }

  return (
    <form className="heart-form" method="get" action={path('/auth/login')}>
      <input type="hidden" name="redirect" value={path(`/product/${product.id}`)} />
      <button
        type="submit"
        data-wishlist-heart={product.id}
        {...{
          [HEART_PRODUCT_ATTRIBUTE]: JSON.stringify({
            id: product.id,
            name: product.name,
            price_1: product.price_1,
            price_2: product.price_2,
            feature_photo: product.feature_photo,
          }),
        }}
        data-waiting={waiting ? '' : undefined}
        className={large ? 'heart large' : 'heart'}
        aria-pressed={saved}
        aria-label={t.browse.heart.label}
        title={heartTitle(saved, waiting, t.browse.heart)}
        onClick={toggle}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.6 8 3.5 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.5 0 5.4 3.5 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
        </svg>
      </button>
    </form>
  );
}
