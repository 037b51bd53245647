// Before paint: the cart badge from the stored cart, and search buttons disabled while blank
// (until the search island wakes up and takes the box over).
(function () {
  var cartKey = document.currentScript.dataset.cartKey;
  try {
    var stored = JSON.parse(localStorage.getItem(cartKey) || '[]');
    var lines = Array.isArray(stored) ? stored : (stored && stored.items) || [];
    var count = lines.reduce(function (sum, line) { return sum + (Number(line && line.product_quantity) || 0); }, 0);
    document.querySelectorAll('[data-cart-count]').forEach(function (badge) { badge.textContent = String(count); badge.hidden = count === 0; });
  } catch (e) {}
  document.querySelectorAll('form.search').forEach(function (form) {
    var input = form.querySelector('input'), button = form.querySelector('button');
    var sync = function () { button.disabled = !input.value.trim(); };
    input.addEventListener('input', sync);
    sync();
  });
})();
