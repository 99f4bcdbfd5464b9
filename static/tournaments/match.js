// The match page keeps itself current: htmx polls its live parts (_match_live.html) and brings
// the forms along out of band. A form the user is filling in is left alone: while focus is in
// the forms, or once a field there was changed (submitting reloads the page, current again).
(function () {
  function markChanged(event) {
    var forms = event.target.closest && event.target.closest("#match-forms");
    if (forms) { forms.dataset.changed = "true"; }
  }
  document.addEventListener("input", markChanged);
  document.addEventListener("change", markChanged);
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var forms = event.detail.target;
    if (forms.id !== "match-forms") { return; }
    if (forms.dataset.changed || forms.contains(document.activeElement)) {
      event.detail.shouldSwap = false;
    }
  });
})();
