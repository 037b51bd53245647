// Before paint: take over a login made by a form post (src/lib/login-handover.ts), mark a logged-in visitor
// (login-dependent links switch by CSS), and send a guest on a login-required page to log in.
(function () {
  var options = document.currentScript.dataset;
  var loggedIn = false;
  try {
    var handed = new RegExp('(?:^|;\\s*)' + options.handoverCookie + '=([^;]*)').exec(document.cookie);
    if (handed) {
      document.cookie = options.handoverCookie + '=; Path=/; Max-Age=0' + (location.protocol === 'https:' ? '; Secure' : '');
      var handedLogin = JSON.parse(decodeURIComponent(handed[1]));
      localStorage.setItem(options.tokenKey, handedLogin.token);
      localStorage.setItem(options.profileKey, JSON.stringify(handedLogin.profile));
    }
  } catch (e) {}
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
