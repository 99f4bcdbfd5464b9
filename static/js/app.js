// Small behaviours shared by every page. No inline scripts or handlers anywhere: the
// Content-Security-Policy (script-src 'self') would block them.
"use strict";

// <select data-submit-on-change>: submit its form when the choice changes.
document.addEventListener("change", function (event) {
  const field = event.target;
  if (field instanceof HTMLElement && field.matches("[data-submit-on-change]") && field.form) {
    if (field.form.requestSubmit) {
      field.form.requestSubmit();
    } else {
      field.form.submit();
    }
  }
});

// The main menu starts folded on a phone (the page's content first); wide screens keep it open.
document.addEventListener("DOMContentLoaded", function () {
  const menu = document.querySelector("details.site-menu");
  if (menu && window.matchMedia("(max-width: 600px)").matches) {
    menu.open = false;
  }
});
