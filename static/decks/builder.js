// Deck builder: format choices per game, and adding cards from the search to the list.
(function () {
  const form = document.getElementById("deck-form");
  const list = document.getElementById("id_text");
  const game = document.getElementById("id_game");
  const formats = JSON.parse(document.getElementById("formats-json").textContent);
  const formatMenu = document.getElementById("id_format");
  const search = document.getElementById("card-search");
  const results = document.getElementById("card-search-results");

  // The Format menu lists the chosen game's formats by name (the form posts the code); the
  // current choice is kept when the new game has it too.
  function fillFormats() {
    const current = formatMenu.value;
    formatMenu.innerHTML = "";
    (formats[game.value] || []).forEach(function (pair) {
      const option = document.createElement("option");
      option.value = pair[0];
      option.textContent = pair[1];
      option.selected = pair[0] === current;
      formatMenu.appendChild(option);
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
            item.dataset.faceKey = label;  // its card zooms (card_face.js)
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
  // The visual mode: card faces to click, counts that follow the deck list.
  const visual = document.getElementById("visual-builder");

  function deckCounts() {
    const counts = {}, fortresses = new Set();
    list.value.split("\n").forEach(function (raw) {
      const line = raw.trim();
      const fortress = line.match(/^fortress:\s*(.+)$/i);
      if (fortress) { fortresses.add(fortress[1].trim().toLowerCase()); return; }
      const row = line.match(/^(\d+)x?\s+(.+)$/i);
      if (row) {
        const key = row[2].trim().toLowerCase();
        counts[key] = (counts[key] || 0) + parseInt(row[1], 10);
      }
    });
    return { counts: counts, fortresses: fortresses };
  }

  function refreshVisual() {
    if (!visual) { return; }
    const deck = deckCounts();
    visual.querySelectorAll(".vb-item").forEach(function (item) {
      const used = deck.counts[item.dataset.label.toLowerCase()] || 0;
      const cap = parseInt(item.dataset.copies || item.dataset.limit || "0", 10);
      item.querySelector(".vb-used").textContent = String(used);
      const left = item.querySelector(".vb-left");
      if (left) { left.textContent = String(Math.max(0, cap - used)); }
      item.querySelector(".vb-remove").disabled = used === 0;
      item.classList.toggle("vb-in-deck", used > 0);
      // a pool's copies run out; a catalogue's border limit is only advice (the check says why)
      item.querySelector(".vb-add").disabled = Boolean(item.dataset.copies) && used >= cap;
    });
    visual.querySelectorAll(".vb-toggle").forEach(function (button) {
      const used = deck.counts[button.dataset.label.toLowerCase()] || 0;
      button.setAttribute("aria-pressed", used > 0 ? "true" : "false");
    });
    visual.querySelectorAll(".vb-fortress").forEach(function (button) {
      const chosen = deck.fortresses.has(button.dataset.name.toLowerCase());
      button.setAttribute("aria-pressed", chosen ? "true" : "false");
    });
  }

  function toggleFortress(name) {
    const lines = list.value.split("\n");
    const pattern = new RegExp("^fortress:\\s*" + escaped(name) + "\\s*$", "i");
    const kept = lines.filter(function (line) { return !pattern.test(line.trim()); });
    list.value = kept.length === lines.length ? "Fortress: " + name + "\n" + list.value : kept.join("\n");
    list.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function applyFilters(panel) {
    const values = {};
    panel.querySelectorAll("[data-filter]").forEach(function (el) { values[el.dataset.filter] = el.value.trim().toLowerCase(); });
    let shown = 0;
    panel.querySelectorAll(".vb-item").forEach(function (item) {
      const d = item.dataset;
      const words = (values.search || "").split(/\s+/).filter(Boolean);
      const ok = (!values.type || d.type.toLowerCase() === values.type)
        && (!values.cost || d.cost === values.cost)
        && (!values.faction || d.factions.toLowerCase().split("|").indexOf(values.faction) >= 0)
        && (!values.border || d.border === values.border)
        && words.every(function (w) { return d.search.indexOf(w) >= 0; });
      item.hidden = !ok;
      if (ok) { shown += 1; }
    });
    // the fortress picker answers the word search too ("fortress", a faction, a word)
    panel.querySelectorAll(".vb-fortress").forEach(function (button) {
      const words = (values.search || "").split(/\s+/).filter(Boolean);
      button.hidden = !words.every(function (w) { return button.dataset.search.indexOf(w) >= 0; });
    });
    const out = panel.querySelector(".vb-shown-n");
    if (out) { out.textContent = String(shown); }
  }

  function showPanel() {
    if (!visual) { return; }
    const panels = visual.querySelectorAll(".vb-panel");
    panels.forEach(function (panel) {
      panel.hidden = panels.length > 1 && panel.dataset.game !== game.value;
    });
  }

  function setMode(mode) {
    document.querySelectorAll(".mode-button").forEach(function (button) {
      button.setAttribute("aria-pressed", button.dataset.mode === mode ? "true" : "false");
    });
    if (visual) { visual.hidden = mode !== "visual"; }
    // The pool's list beside the form repeats the grid: only in text mode.
    const poolList = document.getElementById("pool-list");
    const poolInGrid = document.getElementById("pool-in-grid");
    if (poolList) { poolList.hidden = mode === "visual"; }
    if (poolInGrid) { poolInGrid.hidden = mode !== "visual"; }
    localStorage.setItem("deck-builder-mode", mode);
  }

  if (visual) {
    // Filtering is not an edit of the deck: keep it from the form's live check.
    ["input", "change"].forEach(function (name) {
      visual.addEventListener(name, function (event) {
        const panel = event.target.closest(".vb-panel");
        if (panel) { applyFilters(panel); }
        event.stopPropagation();
      });
    });
    visual.addEventListener("click", function (event) {
      const add = event.target.closest(".vb-add");
      const remove = event.target.closest(".vb-remove");
      const toggle = event.target.closest(".vb-toggle");
      const fortress = event.target.closest(".vb-fortress");
      if (add) { stepCard(add.dataset.label, 1); }
      if (remove) { stepCard(remove.dataset.label, -1); }
      if (toggle) {
        const used = deckCounts().counts[toggle.dataset.label.toLowerCase()] || 0;
        stepCard(toggle.dataset.label, used > 0 ? -used : 1);
      }
      if (fortress) { toggleFortress(fortress.dataset.name); }
    });
    document.querySelectorAll(".mode-button").forEach(function (button) {
      button.addEventListener("click", function () { setMode(button.dataset.mode); });
    });
    setMode(localStorage.getItem("deck-builder-mode") || "visual");
    list.addEventListener("input", refreshVisual);
    game.addEventListener("change", showPanel);
    showPanel();
    refreshVisual();
  }

  // A one-line copy of the check's verdict stays at the bottom of the screen.
  const status = document.getElementById("vb-status");
  function copyVerdict() {
    const verdict = document.querySelector("#deck-check h2");
    if (!status) { return; }
    const parts = verdict ? Array.prototype.map.call(verdict.children, function (el) {
      return el.textContent.replace(/\s+/g, " ").trim();
    }) : [];
    status.textContent = parts.join(" · ");
    status.classList.toggle("bad", Boolean(document.querySelector("#deck-check .badge.bad")));
    status.hidden = !verdict || (visual && visual.hidden) || checkInView;
  }
  // Only while the check itself is out of sight (a long grid of cards, a phone).
  let checkInView = false;
  const check = document.getElementById("deck-check");
  if (check && window.IntersectionObserver) {
    new IntersectionObserver(function (entries) {
      checkInView = entries[0].isIntersecting;
      copyVerdict();
    }).observe(check);
  }
  document.body.addEventListener("htmx:afterSwap", copyVerdict);
  document.querySelectorAll(".mode-button").forEach(function (button) {
    button.addEventListener("click", copyVerdict);
  });
  copyVerdict();

  game.addEventListener("change", fillFormats);
  if (form && list.value.trim() === "" && (!visual || visual.hidden)) { list.focus(); }
})();
