// Deck builder: format choices per game, and adding cards from the search to the list.
(function () {
  const form = document.getElementById("deck-form");
  const list = document.getElementById("id_text");
  const game = document.getElementById("id_game");
  const formats = JSON.parse(document.getElementById("formats-json").textContent);
  const datalist = document.getElementById("format-choices");
  const search = document.getElementById("card-search");
  const results = document.getElementById("card-search-results");

  function fillFormats() {
    datalist.innerHTML = "";
    (formats[game.value] || []).forEach(function (slug) {
      const option = document.createElement("option");
      option.value = slug;
      datalist.appendChild(option);
    });
  }

  function escaped(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  // Change a card's count in the list by `step` (a line reaching 0 is removed).
  function stepCard(label, step) {
    const lines = list.value.split("\n").filter(function (line) { return line.trim() !== ""; });
    const pattern = new RegExp("^(\\d+)x?\\s+" + escaped(label) + "\\s*$", "i");
    const index = lines.findIndex(function (line) { return pattern.test(line.trim()); });
    if (index >= 0) {
      const count = parseInt(lines[index].trim().match(pattern)[1], 10) + step;
      if (count > 0) { lines[index] = count + " " + label; } else { lines.splice(index, 1); }
    } else if (step > 0) {
      lines.push(step + " " + label);
    }
    list.value = lines.join("\n") + "\n";
    list.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function addCard(label, isFortress) {
    if (!isFortress) { stepCard(label, 1); return; }
    list.value = "Fortress: " + label + "\n" + list.value;
    list.dispatchEvent(new Event("input", { bubbles: true }));
  }

  let timer = null;
  search.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      const term = search.value.trim();
      if (!term) { results.innerHTML = ""; return; }
      fetch("/api/cards/?game=" + encodeURIComponent(game.value) + "&search=" + encodeURIComponent(term))
        .then(function (response) { return response.json(); })
        .then(function (body) {
          results.innerHTML = "";
          const seen = new Set();  // a reprint is the same card: offer it once
          (body.results || []).filter(function (card) {
            const label = card.code || card.name;
            if (seen.has(label)) { return false; }
            seen.add(label);
            return true;
          }).slice(0, 15).forEach(function (card) {
            const item = document.createElement("li");
            const button = document.createElement("button");
            button.type = "button";
            button.className = "secondary";
            const label = card.code || card.name;
            button.textContent = "Add " + card.name + (card.border ? " (" + card.border + ")" : "");
            button.addEventListener("click", function () { addCard(label, card.type === "fortress"); });
            item.appendChild(button);
            results.appendChild(item);
          });
        });
    }, 250);
  });
  document.querySelectorAll(".pool-add").forEach(function (button) {
    button.addEventListener("click", function () { addCard(button.dataset.label, false); });
  });
  // The validation panel is swapped by htmx, so its +/- buttons are handled here.
  document.getElementById("deck-check").addEventListener("click", function (event) {
    const button = event.target.closest(".deck-step");
    if (button) { stepCard(button.dataset.label, parseInt(button.dataset.step, 10)); }
  });
  game.addEventListener("change", fillFormats);
  fillFormats();
  if (form && list.value.trim() === "") { list.focus(); }
})();
