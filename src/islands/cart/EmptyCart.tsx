import { islandTranslator } from '~/lib/i18n/current';

/** What the cart and checkout pages show when the cart has nothing in it. */
export default function EmptyCart() {
  const { t, path } = islandTranslator();
  return (
    <div className="cart-empty panel">
      <p>{t.cart.empty}</p>
      <a className="button" href={path('/products')}>
        {t.cart.startShopping}
      </a>
    </div>
  );
}
