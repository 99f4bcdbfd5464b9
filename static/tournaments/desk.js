// The organizer's desk (#desk) refreshes itself every few seconds (htmx). A refresh never
// pulls a form from under the organizer: it waits while focus is in the desk, a field there
// was changed, or a confirmation is open.
(function () {
  function busy(desk) {
    return desk.contains(document.activeElement) || desk.dataset.changed ||
      desk.querySelector("details[open]");
  }
  function markChanged(event) {
    var desk = event.target.closest && event.target.closest("#desk");
    if (desk) { desk.dataset.changed = "true"; }
  }
  document.addEventListener("input", markChanged);
  document.addEventListener("change", markChanged);
  document.addEventListener("htmx:beforeSwap", function (event) {
    var desk = event.detail.target;
    if (desk && desk.id === "desk" && busy(desk)) { event.detail.shouldSwap = false; }
  });
})();

// The seeding list: drag an entry to its place, and the new order is saved at once (the ▲/▼
// buttons do the same from the keyboard, one step at a time).
(function () {
  var list = document.querySelector("#entry-list.sortable");
  var form = document.getElementById("seed-order-form");
  if (!list || !form) { return; }
  var dragged = null, before = "";
  function order() {
    return Array.prototype.map.call(list.querySelectorAll("li[draggable=true]"), function (li) {
      return li.dataset.entry;
    });
  }
  list.addEventListener("dragstart", function (event) {
    dragged = event.target.closest("li[draggable=true]");
    if (!dragged) { return; }
    before = order().join(",");
    dragged.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", dragged.dataset.entry);
  });
  list.addEventListener("dragover", function (event) {
    var over = event.target.closest("li[draggable=true]");
    if (!dragged || !over || over === dragged) { return; }
    event.preventDefault();
    var box = over.getBoundingClientRect();
    var after = event.clientY > box.top + box.height / 2;
    list.insertBefore(dragged, after ? over.nextSibling : over);
  });
  list.addEventListener("drop", function (event) {
    if (dragged) { event.preventDefault(); }
  });
  list.addEventListener("dragend", function () {
    if (!dragged) { return; }
    dragged.classList.remove("dragging");
    dragged = null;
    var now = order();
    if (now.join(",") === before) { return; }
    form.querySelectorAll("input[name=order]").forEach(function (input) { input.remove(); });
    now.forEach(function (id) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = "order";
      input.value = id;
      form.appendChild(input);
    });
    form.submit();
  });
})();
