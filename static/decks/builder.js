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

  function addCard(label, isFortress) {
    const lines = list.value.split("\n").filter(function (line) { return line.trim() !== ""; });
    if (isFortress) {
      lines.unshift("Fortress: " + label);
    } else {
      const pattern = new RegExp("^(\\d+)\\s+" + label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "$", "i");
      const index = lines.findIndex(function (line) { return pattern.test(line.trim()); });
      if (index >= 0) {
        const count = parseInt(lines[index].trim().match(pattern)[1], 10) + 1;
        lines[index] = count + " " + label;
      } else {
        lines.push("1 " + label);
      }
    }
    list.value = lines.join("\n") + "\n";
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
          (body.results || []).slice(0, 15).forEach(function (card) {
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
  game.addEventListener("change", fillFormats);
  fillFormats();
  if (form && list.value.trim() === "") { list.focus(); }
})();
