// Before paint, from localStorage: the header's counts, a guest's saved hearts, the mark that changes wait (see Header.astro).
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
  showCart();
  showWishlist();
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
