// Before paint: the header's cart count from the stored cart, and its wishlist count (a guest's hearts on
// the phone, or the logged-in shopper's list as last seen), kept in step when another tab changes them
// (without waiting for an island to wake); and search buttons disabled while blank (until the search
// island wakes up and takes the box over).
(function () {
  var keys = document.currentScript.dataset;
  function show(selector, count) {
    document.querySelectorAll(selector).forEach(function (badge) {
      badge.textContent = String(count);
      badge.hidden = count === 0;
    });
  }
  function showCart(storedCart) {
    try {
      var stored = JSON.parse(storedCart || '[]');
      var lines = Array.isArray(stored) ? stored : (stored && stored.items) || [];
      show(
        '[data-cart-count]',
        lines.reduce(function (sum, line) {
          return sum + (Number(line && line.product_quantity) || 0);
        }, 0),
      );
    } catch (e) {}
  }
  function showWishlist() {
    try {
      var count;
      if (document.documentElement.getAttribute('data-auth') === 'in') count = Number(localStorage.getItem(keys.wishlistCountKey)) || 0;
      else {
        var hearts = JSON.parse(localStorage.getItem(keys.guestWishlistKey) || '[]');
        count = Array.isArray(hearts) ? hearts.length : 0;
      }
      show('[data-wishlist-count]', count);
    } catch (e) {}
  }
  try {
    showCart(localStorage.getItem(keys.cartKey));
  } catch (e) {}
  showWishlist();
  window.addEventListener('storage', function (event) {
    if (event.key === keys.cartKey || event.key === null) showCart(event.newValue);
    if (event.key === keys.guestWishlistKey || event.key === keys.wishlistCountKey || event.key === null) showWishlist();
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
