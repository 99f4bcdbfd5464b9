// The projector view's lists scroll by themselves when they do not fit the screen: down
// slowly, a pause at the end, back to the top, a pause, again. Nobody clicks a projector.
// The element is looked up on every frame, so a refresh by push (htmx swap) goes on from
// where the list was.
"use strict";
(function () {
  const SPEED = 40; // px a second: a name stays readable as it passes
  const PAUSE_MS = 4000;
  let pausedUntil = Date.now() + PAUSE_MS;
  let last = null;
  let position = 0; // fractional scroll position (scrollTop keeps whole pixels)

  function frame(now) {
    const box = document.querySelector("[data-autoscroll]");
    const elapsed = last === null ? 0 : (now - last) / 1000;
    last = now;
    if (box && box.scrollHeight > box.clientHeight + 2 && Date.now() > pausedUntil) {
      const bottom = box.scrollHeight - box.clientHeight;
      if (box.scrollTop >= bottom - 1) {
        box.scrollTop = 0;
        position = 0;
        pausedUntil = Date.now() + PAUSE_MS;
      } else {
        position = Math.max(position, box.scrollTop) + SPEED * elapsed;
        box.scrollTop = Math.min(position, bottom);
        if (box.scrollTop >= bottom - 1) {
          pausedUntil = Date.now() + PAUSE_MS;
        }
      }
    }
    window.requestAnimationFrame(frame);
  }
  window.requestAnimationFrame(frame);
})();
