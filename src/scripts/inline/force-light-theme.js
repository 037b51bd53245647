// The store has one theme: put it back if an extension or a browser setting changes it.
(function () {
  var root = document.documentElement;
  function forceLight() {
    if (root.getAttribute('data-theme') !== 'light') root.setAttribute('data-theme', 'light');
    if (root.classList.contains('dark')) root.classList.remove('dark');
    if (root.style.colorScheme !== 'light') root.style.colorScheme = 'light';
  }
  new MutationObserver(forceLight).observe(root, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
})();
