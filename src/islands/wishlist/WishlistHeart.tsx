/**
 * The wishlist heart on product cards and the product page. A tap shows the change at once and undoes it
 * with the spec's message if the server refuses; a guest is sent to log in and comes back to this page.
 * It wakes on the first touch; until then a logged-in shopper's saved hearts are marked in the HTML by
 * src/scripts/saved-hearts.ts, which finds them by their product id.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $wishlistProductIds, ensureWishlistLoaded, toggleWishlist, type WishlistProduct } from '~/stores/wishlist';
import { showToast } from '~/stores/toasts';
import { hasStoredLogin } from '~/lib/api';
import { loginHref } from '~/lib/login-redirect';
import { useHydrated } from '../use-hydrated';

export default function WishlistHeart({ product, large = false }: { product: WishlistProduct; large?: boolean }) {
  const hydrated = useHydrated();
  const savedIds = useStore($wishlistProductIds);
  const [busy, setBusy] = useState(false);
  const saved = hydrated && savedIds.has(product.id);

  useEffect(() => {
    void ensureWishlistLoaded();
  }, []);

  async function toggle() {
    if (!hasStoredLogin()) {
      window.location.assign(loginHref(window.location.pathname + window.location.search));
      return;
    }
    if (busy) return;
    setBusy(true);
    const error = await toggleWishlist(product);
    setBusy(false);
    if (error) showToast(error, 'error');
  }

  return (
    <button
      type="button"
      data-wishlist-heart={product.id}
      className={large ? 'heart large' : 'heart'}
      aria-pressed={saved}
      aria-label="Wishlist"
      title={saved ? 'Remove from wishlist' : 'Save to wishlist'}
      onClick={toggle}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.6 8 3.5 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.5 0 5.4 3.5 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
      </svg>
    </button>
  );
}
