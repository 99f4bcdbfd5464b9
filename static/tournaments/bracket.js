// The bracket's connector lines and, on a phone, one round at a time.
// Lines: in a fixed bracket, match i of a round feeds match floor(i / k) of the next (k entries
// a match), in double elimination the card names it (data-next); an SVG behind the cards joins
// each match to the one its winner goes to. Redrawn on
// resize and after every htmx refresh. Phone: a row of round buttons shows one round at a time,
// starting with the first round still being played.
(function () {
  var SVG = "http://www.w3.org/2000/svg";
  var chosen = null;  // the round the phone view shows, kept across refreshes

  function phone() { return window.matchMedia("(max-width: 600px)").matches; }

  function drawLines(bracket) {
    var old = bracket.querySelector("svg.bracket-lines");
    if (old) { old.remove(); }
    var k = parseInt(bracket.dataset.perMatch || "0", 10);
    if (!k || bracket.dataset.pairing !== "bracket" || phone()) { return; }
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "bracket-lines");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("width", bracket.scrollWidth);
    svg.setAttribute("height", bracket.scrollHeight);
    var origin = bracket.getBoundingClientRect();
    var double = bracket.classList.contains("double");
    var dx = bracket.scrollLeft - origin.left, dy = bracket.scrollTop - origin.top;
    bracket.querySelectorAll(".bracket-match[data-round]").forEach(function (card) {
      var round = parseInt(card.dataset.round, 10), index = parseInt(card.dataset.index, 10);
      // double elimination names the match a winner goes to (data-next); a single bracket's
      // is the next round's match floor(index / k)
      var next = double
        ? (card.dataset.next ? document.getElementById("match-" + card.dataset.next) : null)
        : bracket.querySelector('.bracket-match[data-round="' + (round + 1) + '"][data-index="' +
                                Math.floor(index / k) + '"]');
      if (!next) { return; }
      var a = card.getBoundingClientRect(), b = next.getBoundingClientRect();
      var x1 = a.right + dx, y1 = a.top + a.height / 2 + dy;
      var x2 = b.left + dx, y2 = b.top + b.height / 2 + dy;
      var xm = x1 + (x2 - x1) / 2;
      var path = document.createElementNS(SVG, "path");
      path.setAttribute("d", "M" + x1 + " " + y1 + " H" + xm + " V" + y2 + " H" + x2);
      if (card.classList.contains("status-finished")) { path.setAttribute("class", "done"); }
      if (card.classList.contains("my-match") && next.classList.contains("my-match")) {
        path.setAttribute("class", "mine");
      }
      svg.appendChild(path);
    });
    bracket.insertBefore(svg, bracket.firstChild);
  }

  function pageRounds(bracket) {
    // in play order (double elimination draws the losers' bracket below the finals)
    var rounds = Array.prototype.slice.call(bracket.querySelectorAll(".bracket-round"));
    rounds.sort(function (a, b) { return a.dataset.round - b.dataset.round; });
    var nav = bracket.querySelector(".round-tabs");
    if (nav) { nav.remove(); }
    if (rounds.length < 2) { return; }
    var current = chosen;
    if (current === null || !bracket.querySelector('.bracket-round[data-round="' + current + '"]')) {
      var live = Array.prototype.find.call(rounds, function (r) {
        return r.querySelector(".bracket-match:not(.status-finished)");
      });
      current = (live || rounds[rounds.length - 1]).dataset.round;
    }
    nav = document.createElement("div");
    nav.className = "round-tabs";
    nav.setAttribute("role", "group");
    nav.setAttribute("aria-label", "Rounds");
    rounds.forEach(function (round) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "secondary small";
      button.textContent = round.querySelector("h3").textContent;
      button.dataset.round = round.dataset.round;
      button.setAttribute("aria-pressed", String(round.dataset.round === current));
      button.addEventListener("click", function () {
        chosen = round.dataset.round;
        pageRounds(bracket);
      });
      nav.appendChild(button);
      round.classList.toggle("current", round.dataset.round === current);
    });
    bracket.classList.add("paged");
    bracket.insertBefore(nav, bracket.firstChild);
  }

  // A bracket wider than its box scrolls inside it, so its last rounds (double elimination's
  // finals) may sit past the right edge: the edge that hides rounds fades, and a button above
  // the bracket scrolls to the finals.
  function scrollCue(bracket) {
    var old = document.getElementById("bracket-more");
    if (old) { old.remove(); }
    function edges() {
      var hidden = bracket.scrollWidth - bracket.clientWidth;
      bracket.classList.toggle("more-right", hidden - bracket.scrollLeft > 2);
      bracket.classList.toggle("more-left", bracket.scrollLeft > 2);
    }
    if (phone()) {  // one round at a time: nothing hides sideways
      bracket.classList.remove("more-right", "more-left");
      bracket.onscroll = null;
      return;
    }
    edges();
    bracket.onscroll = edges;
    if (bracket.scrollWidth <= bracket.clientWidth + 2) { return; }
    var finals = bracket.querySelector(".side-final .bracket-round h3");
    var headings = bracket.querySelectorAll(".bracket-round h3");
    var last = finals || headings[headings.length - 1];
    if (!last) { return; }
    var cue = document.createElement("p");
    cue.id = "bracket-more";
    cue.className = "bracket-more";
    cue.textContent = "The bracket is wider than the page: scroll it sideways. ";
    var go = document.createElement("button");
    go.type = "button";
    go.className = "secondary small";
    go.textContent = "Show the " + last.textContent + " \u2192";
    go.addEventListener("click", function () {
      bracket.scrollTo({ left: bracket.scrollWidth, behavior: "smooth" });
    });
    cue.appendChild(go);
    bracket.parentNode.insertBefore(cue, bracket);
  }

  function setUp() {
    var bracket = document.getElementById("bracket");
    if (!bracket) { return; }
    pageRounds(bracket);
    drawLines(bracket);
    scrollCue(bracket);
  }

  document.addEventListener("DOMContentLoaded", setUp);
  window.addEventListener("load", setUp);
  window.addEventListener("resize", setUp);
  // afterSwap runs before the browser paints the new bracket: no flash of every round
  document.addEventListener("htmx:afterSwap", setUp);
})();
