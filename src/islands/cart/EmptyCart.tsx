/** What the cart and checkout pages show when the cart has nothing in it. */
export default function EmptyCart() {
  return (
    <div className="cart-empty panel">
      <p>Your cart is empty.</p>
      <a className="button" href="/products">
        Start shopping
      </a>
    </div>
  );
}
