// The card zoom every page with card faces shares (the play table, the draft room, the deck
// builder, the card lists): read any card at full size.
// - Mouse: hovering a card zooms it in place (card_face.css), growing inwards near an edge.
// - Touch: a long press opens the card large; the click that ends the press is swallowed, so it
//   never picks or adds the card.
// - Keyboard: a card (or the button holding one) zooms in place while it has the focus, and
//   "z" opens it large. A card that is not inside a button or a link gets the focus too.
// The large card is a modal dialog: its Close button takes the focus; Escape, a click or Close
// shut it, and the focus returns to the card.
(function () {
  var timer = null, opened = null, opener = null, swallow = false;
  var FACE = "[data-card-face]";
  var ACTIVE = "button, a[href], [role=button], input, select, textarea, [data-pick]";

  function close() {
    if (!opened) { return; }
    opened.remove();
    opened = null;
    if (opener && document.contains(opener)) { opener.focus({ preventScroll: true }); }
    opener = null;
  }
  function open(face, from) {
    close();
    opener = from || null;
    opened = document.createElement("div");
    opened.className = "cf-overlay";
    opened.setAttribute("role", "dialog");
    opened.setAttribute("aria-modal", "true");
    opened.setAttribute("aria-label", "Card: " + (face.dataset.name || ""));
    var copy = face.cloneNode(true);
    copy.classList.remove("cf-thumb", "pickable", "picked");
    copy.classList.add("cf-normal");
    ["tabindex", "role", "data-card", "aria-keyshortcuts", "id"].forEach(function (name) {
      copy.removeAttribute(name);
    });
    var shut = document.createElement("button");
    shut.type = "button";
    shut.className = "cf-overlay-close";
    shut.textContent = "Close";
    opened.appendChild(copy);
    opened.appendChild(shut);
    opened.addEventListener("click", close);
    opened.addEventListener("keydown", function (event) {
      if (event.key === "Tab") { event.preventDefault(); shut.focus(); }  // the focus stays in
    });
    document.body.appendChild(opened);
    shut.focus();
  }

  // Keyboard: every card face can be reached; one inside a control is reached through it.
  function reachable(root) {
    (root.querySelectorAll ? root : document).querySelectorAll(FACE).forEach(function (face) {
      if (face.closest(".cf-overlay")) { return; }
      face.setAttribute("aria-keyshortcuts", "z");
      if (!face.hasAttribute("tabindex") && !face.parentElement.closest(ACTIVE)) {
        face.setAttribute("tabindex", "0");
        if (!face.hasAttribute("role")) {
          face.setAttribute("role", "group");
          face.setAttribute("aria-label", (face.dataset.name || "Card") + " (press Z to read it large)");
        }
      }
    });
  }
  function faceOf(element) {
    if (!element || !element.closest) { return null; }
    var face = element.closest(FACE);
    if (face) { return face; }
    var inside = element.querySelectorAll ? element.querySelectorAll(FACE) : [];
    return inside.length === 1 ? inside[0] : null;
  }
  document.addEventListener("DOMContentLoaded", function () { reachable(document); });
  document.addEventListener("htmx:afterSwap", function (event) { reachable(event.target); });
  document.addEventListener("htmx:afterSettle", function () { reachable(document); });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { close(); return; }
    if ((event.key === "z" || event.key === "Z") && !event.ctrlKey && !event.metaKey && !event.altKey) {
      var target = document.activeElement;
      if (opened || !target || target.matches("input, select, textarea, [contenteditable]")) { return; }
      var face = faceOf(target);
      if (face) { event.preventDefault(); open(face, target); }
    }
  });

  // Touch: a long press.
  document.addEventListener("touchstart", function (event) {
    var face = event.target.closest && event.target.closest(FACE);
    if (!face || face.closest(".cf-overlay")) { return; }
    clearTimeout(timer);
    timer = setTimeout(function () { swallow = true; open(face, null); }, 450);
  }, { passive: true });
  ["touchend", "touchmove", "touchcancel"].forEach(function (name) {
    document.addEventListener(name, function () { clearTimeout(timer); }, { passive: true });
  });
  document.addEventListener("contextmenu", function (event) {
    if (swallow || (event.target.closest && event.target.closest(FACE) && timer)) {
      event.preventDefault();
    }
  });
  document.addEventListener("click", function (event) {
    if (swallow) {
      swallow = false;
      if (!event.target.closest(".cf-overlay")) { event.preventDefault(); event.stopPropagation(); }
    }
  }, true);

  // Mouse and focus: the in-place zoom (card_face.css) grows from a point chosen so the card
  // stays on screen: a card near an edge grows inwards, and the page never scrolls sideways.
  function origin(event) {
    var face = faceOf(event.target);
    if (!face || face.closest(".cf-overlay")) { return; }
    var scale = face.classList.contains("cf-thumb") ? 2 : 1.5;
    var rect = face.getBoundingClientRect();
    var w = face.offsetWidth || rect.width, left = rect.left - (rect.width - w) / 2;
    var vw = document.documentElement.clientWidth, x = w / 2;
    if (left + x + (w - x) * scale > vw - 4) { x = (vw - 4 - left - w * scale) / (1 - scale); }
    if (left + x * (1 - scale) < 4) { x = (4 - left) / (1 - scale); }
    x = Math.max(0, Math.min(w, x));
    face.style.transformOrigin = x + "px 50%";
  }
  document.addEventListener("mouseover", origin);
  document.addEventListener("focusin", origin);
})();
