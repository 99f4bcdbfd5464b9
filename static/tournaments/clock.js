// Live countdowns: every element with data-deadline shows the time left (mm:ss), each second.
// Works after htmx swaps too: it looks the elements up on every tick, and ticks right after a
// swap so a fresh clock never shows the server's HH:MM.
(function () {
  function pad(n) { return String(n).padStart(2, "0"); }
  function tick() {
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var left = Math.floor((Date.parse(el.dataset.deadline) - Date.now()) / 1000);
      if (isNaN(left)) { return; }
      // past the deadline: "over time" until the worker calls time (never "Time left: time")
      if (left <= 0) { el.textContent = "0:00 (over time)"; el.classList.add("overdue"); return; }
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      el.textContent = (h ? h + ":" + pad(m) : m) + ":" + pad(s);
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSwap", tick);
  document.addEventListener("htmx:oobAfterSwap", tick);
})();
