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
    // The login page in the page's language: /lg/checkout logs in at /lg/auth/login (src/lib/i18n/languages.ts).
    var language = /^\/(lg|sw)(?=\/|$)/.exec(location.pathname);
    var login = (language ? language[0] : '') + '/auth/login';
    location.replace(login + '?redirect=' + encodeURIComponent(location.pathname + location.search));
  }
})();
