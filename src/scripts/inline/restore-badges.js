// Before paint, from localStorage: the header's counts, a guest's saved hearts, the mark that changes wait (see Header.astro).
// And a guest's tap on a heart whose island has not woken: kept on the phone at once, as the wishlist store keeps it
// (src/stores/wishlist.ts, entryFor), and told to this page's stores as another tab's change would be.
(function () {
  var keys = document.currentScript.dataset;
  var root = document.documentElement;
  var guest = root.getAttribute('data-auth') !== 'in';
  function parse(key) {
    try {
      return JSON.parse(localStorage.getItem(key));
    } catch (e) {
      return null;
    }
  }
  function list(key) {
    var value = parse(key);
    return Array.isArray(value) ? value : (value && Array.isArray(value.items) && value.items) || [];
  }
  function show(name, count) {
    document.querySelectorAll('[data-' + name + '-count]').forEach(function (badge) {
      badge.textContent = String(count);
      badge.hidden = !count;
    });
  }
  function showCart() {
    show(
      'cart',
      list(keys.cartKey).reduce(function (sum, line) {
        return sum + (Number(line && line.product_quantity) || 0);
      }, 0),
    );
  }
  function showWishlist() {
    show('wishlist', guest ? list(keys.guestWishlistKey).length : Number(parse(keys.wishlistCountKey)) || 0);
  }
  function markHearts() {
    var saved = list(keys.guestWishlistKey).map(function (heart) {
      return String(heart && heart.product_id);
    });
    if (guest)
      document.querySelectorAll('[' + keys.heartAttribute + ']').forEach(function (heart) {
        var on = saved.indexOf(heart.getAttribute(keys.heartAttribute)) !== -1;
        heart.setAttribute('aria-pressed', String(on));
        heart.title = on ? keys.savedTitle : keys.unsavedTitle;
      });
  }
  function toggleGuestHeart(event) {
    var heart = event.target.closest && event.target.closest('[' + keys.heartAttribute + ']');
    if (!heart || root.getAttribute('data-auth') === 'in' || !heart.closest('astro-island[ssr]')) return;
    var product;
    try {
      product = JSON.parse(heart.getAttribute(keys.heartProductAttribute));
    } catch (e) {
      return;
    }
    if (!product) return;
    event.preventDefault();
    event.stopPropagation();
    var hearts = list(keys.guestWishlistKey).filter(function (entry) {
      return entry && entry.product_id !== product.id;
    });
    if (hearts.length === list(keys.guestWishlistKey).length) {
      // The entry entryFor (src/stores/wishlist.ts) makes: this script runs before any module can be imported.
      var stamp = new Date().toISOString();
      hearts.push({
        id: 0,
        user_id: 0,
        product_id: product.id,
        product_name: product.name,
        product_price: String(product.price_1),
        product_sale_price: product.price_2 == null ? '' : String(product.price_2),
        product_photo: product.feature_photo,
        created_at: stamp,
        updated_at: stamp,
      });
    }
    var value = JSON.stringify(hearts);
    try {
      localStorage.setItem(keys.guestWishlistKey, value);
    } catch (e) {
      // Storage blocked: nothing can be kept.
    }
    window.dispatchEvent(new StorageEvent('storage', { key: keys.guestWishlistKey, newValue: value }));
  }
  showCart();
  showWishlist();
  document.addEventListener('click', toggleGuestHeart, true);
  if (parse(keys.queuedKey)) root.setAttribute(keys.waitingAttribute, '');
  document.addEventListener('DOMContentLoaded', markHearts);
  window.addEventListener('storage', function () {
    showCart();
    showWishlist();
    markHearts();
  });
  document.querySelectorAll('form.search').forEach(function (form) {
    var input = form.querySelector('input'),
      button = form.querySelector('button');
    var sync = function () {
      button.disabled = !input.value.trim();
    };
    input.addEventListener('input', sync);
    sync();
  });
})();
