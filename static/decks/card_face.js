// A long press on a card face (touch screens) opens it large; a tap or Escape closes it.
// The click that ends a long press is swallowed, so it never picks or adds the card.
(function () {
  var timer = null, opened = null, swallow = false;
  function close() {
    if (opened) { opened.remove(); opened = null; }
  }
  function open(face) {
    close();
    opened = document.createElement("div");
    opened.className = "cf-overlay";
    opened.setAttribute("role", "dialog");
    opened.setAttribute("aria-label", "Card: " + (face.dataset.name || ""));
    var copy = face.cloneNode(true);
    copy.classList.remove("cf-thumb");
    copy.classList.add("cf-normal");
    opened.appendChild(copy);
    opened.addEventListener("click", close);
    document.body.appendChild(opened);
  }
  document.addEventListener("touchstart", function (event) {
    var face = event.target.closest && event.target.closest("[data-card-face]");
    if (!face || face.closest(".cf-overlay")) { return; }
    clearTimeout(timer);
    timer = setTimeout(function () { swallow = true; open(face); }, 450);
  }, { passive: true });
  ["touchend", "touchmove", "touchcancel"].forEach(function (name) {
    document.addEventListener(name, function () { clearTimeout(timer); }, { passive: true });
  });
  document.addEventListener("contextmenu", function (event) {
    if (swallow || (event.target.closest && event.target.closest("[data-card-face]") && timer)) {
      event.preventDefault();
    }
  });
  document.addEventListener("click", function (event) {
    if (swallow) {
      swallow = false;
      if (!event.target.closest(".cf-overlay")) { event.preventDefault(); event.stopPropagation(); }
    }
  }, true);
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") { close(); } });
  // The hover zoom (card_face.css) grows from a point chosen so the card stays on screen:
  // a card near an edge grows inwards, and the page never scrolls sideways.
  document.addEventListener("mouseover", function (event) {
    var face = event.target.closest && event.target.closest("[data-card-face]");
    if (!face || face.closest(".cf-overlay")) { return; }
    var scale = face.classList.contains("cf-thumb") ? 2 : 1.5;
    var rect = face.getBoundingClientRect();
    var w = face.offsetWidth || rect.width, left = rect.left - (rect.width - w) / 2;
    var vw = document.documentElement.clientWidth, x = w / 2;
    if (left + x + (w - x) * scale > vw - 4) { x = (vw - 4 - left - w * scale) / (1 - scale); }
    if (left + x * (1 - scale) < 4) { x = (4 - left) / (1 - scale); }
    x = Math.max(0, Math.min(w, x));
    face.style.transformOrigin = x + "px 50%";
  });
})();
