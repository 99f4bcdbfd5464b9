// The replay viewer: the left and right arrow keys step back and on (the links do the work,
// so htmx swaps the board as for a click). Home and End jump to the deal and the end.
(function () {
  "use strict";
  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    var rel = keys[event.key];
    if (!rel || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var link = document.querySelector('#replay a[rel="' + rel + '"]');
    if (!link) return;
    event.preventDefault();
    link.click();
  });
})();
