// The list's order applies as soon as it is chosen: the sort form is sent on change, and its button, which
// applies it without JavaScript, is hidden. Runs right after the form (SortForm.astro).
(function () {
  var forms = document.querySelectorAll('form.sort-form:not([data-sorts-on-change])');
  for (var i = 0; i < forms.length; i++) {
    var form = forms[i];
    var button = form.querySelector('button[type="submit"]');
    if (button) button.hidden = true;
    form.setAttribute('data-sorts-on-change', '');
    form.addEventListener('change', function (event) {
      event.currentTarget.submit();
    });
  }
})();
