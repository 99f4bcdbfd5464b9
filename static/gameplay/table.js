// The play table: act on the board. The server sends the click table (#table-moves, built by
// gameplay/table.py from the engine's legal actions): each move is a path of keys, the things
// clicked in order ("card:7H", "zone:soldiers:0", "seat:1", "opt:end"...). What can be chosen
// now is highlighted; a completed path is confirmed in the sticky action bar, which submits
// that move's own form from the "All your moves" list (the server checks it again).
// The board is swapped whole by htmx (polling, a move): the table starts again on each swap.
(function () {
  "use strict";
  var state = null;
  var listOpen = false; // the "All your moves" list stays as the player left it across swaps

  function keyOf(el) {
    if (el.dataset.pick) { return el.dataset.pick; }
    if (el.dataset.card) { return "card:" + el.dataset.card; }
    return null;
  }

  function elementsFor(board, key) {
    var sel;
    if (key.indexOf("card:") === 0) {
      sel = '[data-card="' + CSS.escape(key.slice(5)) + '"]';
    } else {
      sel = '[data-pick="' + CSS.escape(key) + '"]';
    }
    return board.querySelectorAll(sel);
  }

  function areasFor(board, key) {
    return board.querySelectorAll('[data-pick-area="' + CSS.escape(key) + '"]');
  }

  function startsWith(path, prefix) {
    for (var i = 0; i < prefix.length; i++) {
      if (path[i] !== prefix[i]) { return false; }
    }
    return true;
  }

  // The moves still possible after the current selection; the keys that may come next.
  function candidates() {
    var sel = state.selection, next = {}, complete = null;
    state.table.moves.forEach(function (m) {
      if (m.path.length < sel.length || !startsWith(m.path, sel)) { return; }
      if (m.path.length === sel.length) { complete = m; return; }
      next[m.path[sel.length]] = true;
    });
    return { next: next, complete: complete };
  }

  function clearMarks() {
    state.marked.forEach(function (item) {
      var el = item.el;
      el.classList.remove("pickable", "picked", "pick-area");
      el.removeAttribute("data-order");
      if (item.button) {
        el.removeAttribute("tabindex");
        el.removeAttribute("aria-pressed");
        if (item.role === null) { el.removeAttribute("role"); } else { el.setAttribute("role", item.role); }
        if (item.label === null) { el.removeAttribute("aria-label"); } else { el.setAttribute("aria-label", item.label); }
      }
    });
    state.marked = [];
  }

  function mark(el, cls, asButton, pressed) {
    var item = { el: el, button: asButton, role: el.getAttribute("role"), label: el.getAttribute("aria-label") };
    el.classList.add(cls);
    if (asButton) {
      el.setAttribute("role", "button");
      el.setAttribute("tabindex", "0");
      if (pressed) { el.setAttribute("aria-pressed", "true"); }
      // a button's name must contain the words shown on it: where a label does not (a playing
      // card's "9 of diamonds" on "9♦"), the shown words are the name, its title the description
      var words = el.dataset.label || el.getAttribute("aria-label");
      var shown = visibleText(el);
      if (words && words.toLowerCase().indexOf(shown.toLowerCase()) >= 0) {
        el.setAttribute("aria-label", words);
      } else {
        el.removeAttribute("aria-label");
      }
    }
    state.marked.push(item);
  }

  function visibleText(el) { // (decorative aria-hidden text too: it is shown)
    return (el.textContent || "").replace(/\s+/g, " ").trim();
  }

  function optionButton(key, words, picked) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "table-option" + (picked ? " picked" : "");
    b.textContent = words;
    b.dataset.key = key;
    return b;
  }

  function render() {
    var board = state.board, sel = state.selection, found = candidates();
    clearMarks();
    sel.forEach(function (key, index) {
      Array.prototype.forEach.call(elementsFor(board, key), function (el) {
        mark(el, "picked", true, true);
        if (sel.length > 1) { el.setAttribute("data-order", String(index + 1)); }
      });
    });
    var options = state.options;
    options.textContent = "";
    Object.keys(found.next).forEach(function (key) {
      if (key.indexOf("opt:") === 0) {
        // one-click moves already have their own button in the bar
        var alone = sel.length === 0 && state.table.moves.some(function (m) {
          return m.path.length === 1 && m.path[0] === key;
        });
        if (!alone) { options.appendChild(optionButton(key, state.table.words[key] || key, false)); }
        return;
      }
      Array.prototype.forEach.call(elementsFor(board, key), function (el) { mark(el, "pickable", true, false); });
      Array.prototype.forEach.call(areasFor(board, key), function (el) { mark(el, "pick-area", false, false); });
    });
    var hint = state.hint;
    if (found.complete) {
      hint.textContent = found.complete.label + "?";
    } else if (sel.length) {
      var then = sel.length === 1 && state.table.then ? state.table.then : "Now choose the next one.";
      hint.textContent = describe(sel) + " " + then;
    } else {
      hint.textContent = state.table.hint;
    }
    state.confirm.hidden = !found.complete;
    state.cancel.hidden = sel.length === 0;
    state.choice.hidden = sel.length === 0 && !options.childElementCount;
    if (found.complete) { state.confirm.focus(); }
  }

  function describe(sel) {
    var words = sel.map(function (key) {
      if (state.table.words[key]) { return state.table.words[key]; }
      var el = elementsFor(state.board, key)[0];
      if (!el) { return key; }
      return el.dataset.label || el.getAttribute("title") || el.getAttribute("aria-label") ||
        el.dataset.name || visibleText(el).slice(0, 40);
    });
    return "Chosen: " + words.join(", then ") + ".";
  }

  function choose(key) {
    state.selection.push(key);
    render();
  }

  // The innermost thing under the click that can be chosen now (a card before its zone).
  function pickedFrom(target) {
    var next = candidates().next;
    for (var el = target; el && el !== state.board; el = el.parentElement) {
      var key = keyOf(el);
      if (key && next[key]) { return key; }
      var area = el.dataset ? el.dataset.pickArea : null;
      if (area && next[area]) { return area; }
    }
    return null;
  }

  function confirm() {
    var found = candidates();
    if (!found.complete) { return; }
    var form = document.getElementById("act-" + found.complete.i);
    state.confirm.disabled = true;
    if (form.requestSubmit) { form.requestSubmit(); } else { form.submit(); }
  }

  function cancel() {
    state.selection = [];
    render();
  }

  // Where the player lands. On a laptop a long board (or a game in progress) can put the cards
  // to pick below the first screen or under the sticky bar. Until the player scrolls, clicks
  // or types, the first board with something to pick brings the player's own side into view
  // (just above the bar: html's scroll-padding-bottom; on a phone the bar sits under the hand,
  // so the bar itself). Never when a card to pick is already in sight, nor when the board
  // shows something that must be read first (`table-first`: a response window and its stack).
  var landing = true;
  var OWN_SIDE = ".table-hand"; // what each board marks as its viewer's hand (play.css)
  var PICKS = "[data-card].pickable, .table-offered[data-pick].pickable";
  ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (type) {
    window.addEventListener(type, function () { landing = false; }, { passive: true });
  });

  function inSight(el, bar) {
    var r = el.getBoundingClientRect(), b = bar.getBoundingClientRect();
    var under = r.bottom > b.top + 1 && r.top < b.bottom - 1 && r.right > b.left && r.left < b.right;
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1 && !under;
  }

  function land() {
    var bar = document.getElementById("table-bar");
    var picks = Array.prototype.slice.call(state.board.querySelectorAll(PICKS));
    if (!landing || !bar || picks.length === 0) { return; } // nothing to pick yet: wait
    landing = false;
    if (state.board.querySelector(".table-first")) { return; }
    if (picks.some(function (el) { return inSight(el, bar); })) { return; }
    var own = picks.filter(function (el) { return el.closest(OWN_SIDE); })[0];
    // a pick outside the hand (a unit on a phone's Battlefield, below the bar) is shown itself
    var sticky = getComputedStyle(bar).position === "sticky";
    var target = !own ? picks[0] : (sticky ? own.closest(OWN_SIDE) : bar);
    target.scrollIntoView({ block: "nearest" });
  }

  function start() {
    var board = document.getElementById("board");
    var data = document.getElementById("table-moves");
    var before = state && state.board.querySelector("#all-moves");
    if (before) { listOpen = before.open; } // (its toggle event may not have run yet)
    if (!board || !data) { state = null; return; }
    state = {
      board: board,
      table: JSON.parse(data.textContent),
      selection: [],
      marked: [],
      hint: document.getElementById("table-hint"),
      choice: document.getElementById("table-choice"),
      options: document.getElementById("table-options"),
      confirm: document.getElementById("table-confirm"),
      cancel: document.getElementById("table-cancel"),
    };
    board.classList.add("table-live");
    var list = document.getElementById("all-moves");
    if (list) {
      if (listOpen) { list.open = true; }
      list.addEventListener("toggle", function () { listOpen = list.open; });
    }
    state.confirm.addEventListener("click", confirm);
    state.cancel.addEventListener("click", cancel);
    state.options.addEventListener("click", function (event) {
      var b = event.target.closest("button[data-key]");
      if (b) { choose(b.dataset.key); }
    });
    render();
    land();
  }

  document.addEventListener("click", function (event) {
    if (!state || !state.board.contains(event.target)) { return; }
    if (event.target.closest("button, a, summary, form, .table-bar")) { return; }
    var key = pickedFrom(event.target);
    if (key) { event.preventDefault(); choose(key); return; }
    var last = state.selection[state.selection.length - 1];
    var picked = event.target.closest(".picked");
    if (last && picked && keyOf(picked) === last) { state.selection.pop(); render(); }
  });

  document.addEventListener("keydown", function (event) {
    if (!state) { return; }
    if (event.key === "Escape" && state.selection.length) { cancel(); return; }
    if ((event.key === "Enter" || event.key === " ") && event.target.classList &&
        event.target.classList.contains("pickable") && state.board.contains(event.target)) {
      var key = keyOf(event.target);
      if (key) { event.preventDefault(); choose(key); }
    }
  });

  // A new #board (htmx polling, a move, or any live update that replaces it): start again.
  function restartIfReplaced() {
    var board = document.getElementById("board");
    if (board && (!state || state.board !== board)) { start(); }
  }
  document.addEventListener("DOMContentLoaded", function () {
    start();
    new MutationObserver(restartIfReplaced).observe(document.body, { childList: true, subtree: true });
  });
  document.addEventListener("htmx:afterSettle", restartIfReplaced);
})();
