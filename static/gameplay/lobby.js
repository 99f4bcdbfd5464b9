// The lobby follows the player's own offers: its "My games" part refreshes by push (the
// player's live stream) and, when an offer this page showed waiting has been taken, the page
// goes to that game. Nobody waits on a "Withdraw" button for a game that has started.
"use strict";
(function () {
  let waiting = new Set();
  function collect() {
    waiting = new Set(Array.from(document.querySelectorAll("[data-invite-waiting]"), function (el) {
      return el.dataset.inviteWaiting;
    }));
  }
  function follow() {
    const taken = Array.from(document.querySelectorAll("[data-accepted-invite]")).find(function (el) {
      return waiting.has(el.dataset.acceptedInvite);
    });
    if (taken) {
      window.location.assign(taken.getAttribute("href"));
      return true;
    }
    return false;
  }
  document.addEventListener("DOMContentLoaded", collect);
  document.addEventListener("htmx:afterSettle", function () {
    if (!follow()) {
      collect();
    }
  });
})();
