// Counts down to the deadline shown in the draft room (the server makes the timeout pick).
(function () {
  function tick() {
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.ceil((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
      var out = el.querySelector(".seconds-left");
      if (out) { out.textContent = String(left); }
      el.classList.toggle("urgent", left <= 5);
    });
  }
  setInterval(tick, 250);
  document.addEventListener("htmx:afterSwap", tick);
})();
