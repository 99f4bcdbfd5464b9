// The printouts' "Print this page" button (a button, not an inline handler: the CSP).
"use strict";
document.addEventListener("click", function (event) {
  if (event.target instanceof Element && event.target.closest("[data-print]")) {
    window.print();
  }
});
