// Small behaviours shared by every page. No inline scripts or handlers anywhere: the
// Content-Security-Policy (script-src 'self') would block them.
"use strict";

// <select data-submit-on-change>: submit its form when the choice changes.
document.addEventListener("change", function (event) {
  const field = event.target;
  if (field instanceof HTMLElement && field.matches("[data-submit-on-change]") && field.form) {
    if (field.form.requestSubmit) {
      field.form.requestSubmit();
    } else {
      field.form.submit();
    }
  }
});

// The main menu starts folded on a phone (the page's content first); wide screens keep it open.
document.addEventListener("DOMContentLoaded", function () {
  const menu = document.querySelector("details.site-menu");
  if (menu && window.matchMedia("(max-width: 600px)").matches) {
    menu.open = false;
  }
});

// <select data-groups-follow="id_of_other_select">: offer only the <optgroup> whose label is
// the other select's chosen text (a tournament's deck formats follow its game). The server
// refuses anything else, so without this script the form still cannot save a wrong pair.
function followGroups(select) {
  const leader = document.getElementById(select.dataset.groupsFollow);
  if (!leader || leader.selectedIndex < 0) {
    return;
  }
  const chosen = leader.options[leader.selectedIndex].text;
  const current = select.options[select.selectedIndex];
  let shown = null;
  select.querySelectorAll("optgroup").forEach(function (group) {
    const match = group.label === chosen;
    group.hidden = !match;
    group.disabled = !match;
    if (match) {
      shown = group;
    }
  });
  if (shown && !(current && shown.contains(current)) && shown.querySelector("option")) {
    shown.querySelector("option").selected = true;
  }
}

document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("select[data-groups-follow]").forEach(function (select) {
    followGroups(select);
    const leader = document.getElementById(select.dataset.groupsFollow);
    if (leader) {
      leader.addEventListener("change", function () {
        followGroups(select);
      });
    }
  });
});

// <select data-browser-zone>: a new event's time zone starts as the browser's own (when the
// list has it); the server puts the attribute only on a form the user has not posted yet, so
// a zone they chose is never overwritten.
document.addEventListener("DOMContentLoaded", function () {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  document.querySelectorAll("select[data-browser-zone]").forEach(function (select) {
    const option = Array.from(select.options).find(function (o) {
      return o.value === zone;
    });
    if (option) {
      option.selected = true;
    }
  });
});
