// Before paint: mark a logged-in visitor (login-dependent links switch by CSS), and send a guest on a
// login-required page to log in.
(function () {
  var options = document.currentScript.dataset;
  var loggedIn = false;
  try {
    var token = localStorage.getItem(options.tokenKey);
    loggedIn = Boolean(token && token.length > 5 && localStorage.getItem(options.profileKey));
  } catch (e) {}
  if (loggedIn) document.documentElement.setAttribute('data-auth', 'in');
  else if (options.requireLogin === 'true') {
    document.documentElement.style.visibility = 'hidden';
    location.replace('/auth/login?redirect=' + encodeURIComponent(location.pathname + location.search));
  }
})();
