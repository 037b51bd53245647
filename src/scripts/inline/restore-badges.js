// Before paint: the cart badge from the stored cart, kept in step when another tab changes the cart
// (without waiting for an island to wake); and search buttons disabled while blank (until the search
// island wakes up and takes the box over).
(function () {
  var cartKey = document.currentScript.dataset.cartKey;
  function showCount(storedCart) {
    try {
      var stored = JSON.parse(storedCart || '[]');
      var lines = Array.isArray(stored) ? stored : (stored && stored.items) || [];
      var count = lines.reduce(function (sum, line) {
        return sum + (Number(line && line.product_quantity) || 0);
      }, 0);
      document.querySelectorAll('[data-cart-count]').forEach(function (badge) {
        badge.textContent = String(count);
        badge.hidden = count === 0;
      });
    } catch (e) {}
  }
  try {
    showCount(localStorage.getItem(cartKey));
  } catch (e) {}
  window.addEventListener('storage', function (event) {
    if (event.key === cartKey || event.key === null) showCount(event.newValue);
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
