// The card zoom every page with card faces shares (the play table, the draft room, the deck
// builder, the card lists): read any card at full size.
// - Mouse: hovering a card zooms it in place (card_face.css), growing inwards near an edge.
// - Touch: a long press opens the card large; the click that ends the press is swallowed, so it
//   never picks or adds the card.
// - Keyboard: a card (or the button holding one) zooms in place while it has the focus, and
//   "z" opens it large. A card that is not inside a button or a link gets the focus too.
// The large card is a modal dialog: its Close button takes the focus; Escape, a click or Close
// shut it, and the focus returns to the card.
// A text row that names a card drawn elsewhere on the page (data-face-key: the deck builder's
// lists) zooms too: hovering it shows the card beside it, a long press or Z opens it large.
(function () {
  var timer = null, opened = null, opener = null, swallow = false;
  var FACE = "[data-card-face]";
  var ROW = "[data-face-key]";
  var ACTIVE = "button, a[href], [role=button], input, select, textarea, [data-pick]";

  function close() {
    if (!opened) { return; }
    opened.remove();
    opened = null;
    if (opener && document.contains(opener)) { opener.focus({ preventScroll: true }); }
    opener = null;
  }
  function copyOf(face) {
    var copy = face.cloneNode(true);
    copy.classList.remove("cf-thumb", "pickable", "picked");
    copy.classList.add("cf-normal");
    copy.style.transformOrigin = "";
    ["tabindex", "role", "data-card", "aria-keyshortcuts", "id"].forEach(function (name) {
      copy.removeAttribute(name);
    });
    return copy;
  }
  // The face a text row stands for: the first one drawn on the page with its key.
  function rowFace(element) {
    var row = element && element.closest ? element.closest(ROW) : null;
    if (!row) { return null; }
    var faces = document.querySelectorAll(FACE);
    for (var i = 0; i < faces.length; i++) {
      if (faces[i].dataset.key === row.dataset.faceKey && !faces[i].closest(".cf-overlay, .cf-peek")) {
        return faces[i];
      }
    }
    return null;
  }
  function open(face, from) {
    close();
    opener = from || null;
    opened = document.createElement("div");
    opened.className = "cf-overlay";
    opened.setAttribute("role", "dialog");
    opened.setAttribute("aria-modal", "true");
    opened.setAttribute("aria-label", "Card: " + (face.dataset.name || ""));
    var copy = copyOf(face);
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
      var face = faceOf(target) || rowFace(target);
      if (face) { event.preventDefault(); open(face, target); }
    }
  });

  // Touch: a long press.
  document.addEventListener("touchstart", function (event) {
    var face = (event.target.closest && event.target.closest(FACE)) || rowFace(event.target);
    if (!face || face.closest(".cf-overlay")) { return; }
    clearTimeout(timer);
    timer = setTimeout(function () { swallow = true; open(face, null); }, 450);
  }, { passive: true });
  ["touchend", "touchmove", "touchcancel"].forEach(function (name) {
    document.addEventListener(name, function () { clearTimeout(timer); }, { passive: true });
  });
  document.addEventListener("contextmenu", function (event) {
    if (swallow || (event.target.closest && event.target.closest(FACE + ", " + ROW) && timer)) {
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

  // A tap is not a hover. A card tapped or clicked stops zooming in place until the pointer
  // leaves it (a second tap closes the zoom), and after a touch nothing zooms in place: a
  // phone that says it can hover kept a tapped card zoomed over its neighbours. The keyboard
  // (Tab) brings the focus zoom back.
  function input(kind) {
    var root = document.documentElement;
    if (root.dataset.input !== kind) { root.dataset.input = kind; }
  }
  document.addEventListener("pointerdown", function (event) {
    input(event.pointerType === "mouse" ? "mouse" : "touch");
    var face = faceOf(event.target);
    if (face && !face.closest(".cf-overlay")) { face.classList.add("cf-rest"); }
  }, true);
  document.addEventListener("pointermove", function (event) {
    if (event.pointerType === "mouse") { input("mouse"); }
  }, true);
  document.addEventListener("pointerout", function (event) {
    var face = event.target.closest && event.target.closest(".cf-rest");
    if (face && !face.contains(event.relatedTarget)) { face.classList.remove("cf-rest"); }
  }, true);
  document.addEventListener("keydown", function (event) {
    if (event.key === "Tab") { input("keyboard"); }
  }, true);

  // Mouse over a text row: its card beside it, after the same short pause as the zoom.
  var peek = null, peekTimer = null, hovered = null;
  function fine() { return window.matchMedia("(hover: hover) and (pointer: fine)").matches; }
  function unpeek() {
    clearTimeout(peekTimer);
    if (peek) { peek.remove(); peek = null; }
  }
  function showPeek(row) {
    var face = rowFace(row);
    unpeek();
    if (!face || opened || !document.contains(row)) { return; }
    peek = document.createElement("div");
    peek.className = "cf-peek";
    peek.setAttribute("aria-hidden", "true");
    peek.dataset.key = row.dataset.faceKey;
    peek.appendChild(copyOf(face));
    document.body.appendChild(peek);
    // beside the row, on the side with room, and inside the window
    var r = row.getBoundingClientRect(), w = peek.offsetWidth, h = peek.offsetHeight;
    var vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
    var left = r.right + 8 + w <= vw ? r.right + 8 : r.left - 8 - w;
    peek.style.left = Math.max(4, Math.min(left, vw - w - 4)) + "px";
    peek.style.top = Math.max(4, Math.min(r.top + r.height / 2 - h / 2, vh - h - 4)) + "px";
  }
  function peekSoon(row) {
    unpeek();
    peekTimer = setTimeout(function () { showPeek(row); }, 300);
  }
  document.addEventListener("mouseover", function (event) {
    var row = event.target.closest && event.target.closest(ROW);
    hovered = row || null;
    if (!row || !fine() || (peek && peek.dataset.key === row.dataset.faceKey)) { return; }
    peekSoon(row);
  });
  document.addEventListener("mouseout", function (event) {
    var row = event.target.closest && event.target.closest(ROW);
    if (row && !row.contains(event.relatedTarget)) { hovered = null; unpeek(); }
  });
  ["htmx:beforeSwap", "keydown"].forEach(function (name) {
    document.addEventListener(name, unpeek, true);
  });
  // a swap elsewhere (the deck's live check) must not take the card from a row still under
  // the mouse: once it has settled, that row shows its card again
  document.addEventListener("htmx:afterSettle", function () {
    if (hovered && document.contains(hovered) && fine() && !peek) { peekSoon(hovered); }
  });
  // a shown card would stay where the row was: scrolling hides it (a pending one still shows)
  document.addEventListener("scroll", function () {
    if (peek) { peek.remove(); peek = null; }
  }, true);
})();
