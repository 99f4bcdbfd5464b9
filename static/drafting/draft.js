// The draft room: the countdown (the server makes the timeout pick) with a bar running out,
// the player's sort and grouping choices (cookies the server reads), the new-pack signal
// (title and a sound the player can turn off), and moving picks between deck and sideboard.
(function () {
  var totals = {};  // deadline -> seconds it started from, so the bar survives refreshes
  function tick() {
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      var deadline = el.dataset.deadline;
      var leftMs = Math.max(0, Date.parse(deadline) - Date.now());
      var left = Math.ceil(leftMs / 1000);
      if (!totals[deadline]) { totals[deadline] = Math.max(leftMs, 1); }
      el.classList.toggle("urgent", left <= 5);
      if (left === 0 && el.dataset.over) {
        // the server makes the timeout pick (the page follows by push): never "0 s" for long
        el.textContent = el.dataset.over;
        return;
      }
      var out = el.querySelector(".seconds-left");
      if (out) { out.textContent = String(left); }
      var bar = el.querySelector(".timer-bar");
      if (bar) { bar.value = Math.round(1000 * leftMs / totals[deadline]); }
    });
  }
  setInterval(tick, 250);

  function room() { return document.getElementById("room"); }
  function refresh() {
    var el = room();
    if (el && window.htmx) {
      window.htmx.ajax("GET", el.dataset.roomUrl, { target: "#room", swap: "innerHTML" });
    }
  }
  function setCookie(name, value) {
    document.cookie = name + "=" + encodeURIComponent(value) + "; path=/; max-age=31536000; SameSite=Lax";
  }
  function getCookie(name) {
    var found = document.cookie.split("; ").filter(function (c) { return c.indexOf(name + "=") === 0; })[0];
    return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
  }

  // Sort and grouping choices
  document.querySelectorAll("#draft-tools select[data-cookie]").forEach(function (select) {
    select.addEventListener("change", function () { setCookie(select.dataset.cookie, select.value); refresh(); });
  });

  // Sound on/off (remembered on this device)
  var sound = document.getElementById("sound-toggle");
  function soundOn() { return localStorage.getItem("draft-sound") !== "off"; }
  function showSound() {
    if (!sound) { return; }
    sound.textContent = soundOn() ? "Sound on" : "Sound off";
    sound.setAttribute("aria-pressed", soundOn() ? "true" : "false");
  }
  if (sound) {
    sound.addEventListener("click", function () {
      localStorage.setItem("draft-sound", soundOn() ? "off" : "on");
      showSound();
    });
    showSound();
  }

  // A new pack: the title says so until the player looks, and a short sound plays.
  var baseTitle = document.title, lastPack = null;
  function currentPack() {
    var pack = document.getElementById("pack");
    return pack ? pack.dataset.pack + ":" + pack.dataset.pickNumber : null;
  }
  function signal() {
    var pack = currentPack();
    if (pack && lastPack !== null && pack !== lastPack) {
      document.title = "New pack! · " + baseTitle;
      document.body.dataset.newPack = pack;
      var audio = document.getElementById("new-pack-sound");
      if (audio && soundOn()) {
        audio.currentTime = 0;
        var played = audio.play();
        if (played && played.catch) { played.catch(function () {}); }
      }
    }
    if (!pack) { document.title = baseTitle; }
    lastPack = pack;
  }
  function looked() { if (!document.hidden) { document.title = baseTitle; } }
  document.addEventListener("visibilitychange", looked);
  document.addEventListener("click", looked);

  // Deck and sideboard: a click on a pick moves it (a cookie of pick ids the server reads).
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".pick-toggle");
    var el = room();
    if (!button || !el) { return; }
    var name = "draft_side_" + el.dataset.draft;
    var side = getCookie(name).split(".").filter(Boolean);
    var id = button.dataset.pick, at = side.indexOf(id);
    if (at >= 0) { side.splice(at, 1); } else { side.push(id); }
    setCookie(name, side.join("."));
    refresh();
  });

  document.addEventListener("htmx:afterSwap", function () { tick(); signal(); });
  document.addEventListener("DOMContentLoaded", function () { tick(); lastPack = currentPack(); });
})();
