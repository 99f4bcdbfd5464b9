// Live updates (config/live.py): an element that polls with htmx and names a stream
// (data-live-url, data-live-version: the version it shows, hx-trigger "every Ns, live") is
// refreshed at once when the stream announces another version. While its stream is connected
// its polls are skipped (a safety poll still runs every SAFETY_MS); when the stream drops (a
// proxy, the server's stream limit, a network change) the polls run as before, so the page
// never depends on the push. data-live-keep-polling keeps the polls anyway (the organizer's
// desk shows clocks that move with time, not with the version).
"use strict";

(function () {
  const SAFETY_MS = 30000;
  const REOPEN_MS = 10000; // after the server refused a stream (503) or it failed for good
  const streams = new Map(); // url -> {source, connected, lastRefresh, timer}
  const root = document.documentElement;

  function elementsFor(url) {
    return Array.from(document.querySelectorAll("[data-live-url]")).filter(function (el) {
      return el.dataset.liveUrl === url;
    });
  }

  function showState() {
    let connected = 0;
    streams.forEach(function (entry) {
      if (entry.connected) {
        connected += 1;
      }
    });
    root.dataset.live = streams.size === 0 ? "off" : connected === streams.size ? "push" : "polling";
  }

  // Refresh the elements that show another version than the stream's latest. An element with
  // an empty version (the home page: the user's stream has only stamps) refreshes on each
  // notice, never on a retry. A notice that brings the element itself at that version (a
  // game's board as every spectator sees it) is swapped in as its refresh would swap the
  // answer, without the request; any other refreshes by its request.
  function refresh(url, entry, retry, html) {
    elementsFor(url).forEach(function (el) {
      const version = el.dataset.liveVersion;
      if (retry && version === "") {
        return;
      }
      if (entry.latest !== null && entry.latest !== version && window.htmx) {
        root.dataset.livePushes = String(Number(root.dataset.livePushes || 0) + 1);
        entry.lastRefresh = Date.now();
        if (html && el.getAttribute("hx-swap") === "outerHTML") {
          window.htmx.swap(el, html, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 20 });
        } else {
          window.htmx.trigger(el, "live");
        }
      }
    });
  }

  function connect(url, entry) {
    const source = new EventSource(url);
    entry.source = source;
    source.addEventListener("open", function () {
      entry.connected = true;
      showState();
    });
    source.addEventListener("message", function (event) {
      let notice;
      try {
        notice = JSON.parse(event.data);
      } catch (_error) {
        return;
      }
      entry.connected = true;
      showState();
      if (notice.v === null || notice.v === undefined) {
        return; // a stream with nothing to compare (the user's own, on connecting)
      }
      entry.latest = String(notice.v);
      entry.retried = false;
      refresh(url, entry, false, typeof notice.html === "string" ? notice.html : null);
    });
    // The server ends each stream after a while (LIVE_STREAM_SECONDS) and says so: the next
    // one opens at once, not after the retry delay, so no notice is late meanwhile (its first
    // event is the version now).
    source.addEventListener("end", function () {
      source.close();
      if (streams.get(url) === entry && entry.source === source) {
        connect(url, entry);
      }
    });
    source.addEventListener("error", function () {
      entry.connected = false;
      showState();
      if (source.readyState === EventSource.CLOSED) {
        // the browser gave up (a refusal): try again later, polling meanwhile
        entry.timer = window.setTimeout(function () {
          if (streams.get(url) === entry) {
            connect(url, entry);
          }
        }, REOPEN_MS);
      }
    });
  }

  function sync() {
    if (!window.EventSource || document.visibilityState === "hidden") {
      return;
    }
    const wanted = new Set();
    document.querySelectorAll("[data-live-url]").forEach(function (el) {
      wanted.add(el.dataset.liveUrl);
    });
    wanted.forEach(function (url) {
      if (!streams.has(url)) {
        const entry = {
          source: null,
          connected: false,
          lastRefresh: Date.now(),
          timer: null,
          latest: null,
          retried: false,
        };
        streams.set(url, entry);
        connect(url, entry);
      }
    });
    streams.forEach(function (entry, url) {
      if (wanted.has(url) && entry.latest !== null && !entry.retried) {
        // A notice that came while a refresh was in flight (htmx drops a second request on
        // the same element) still brings the page up to date, once per notice.
        entry.retried = true;
        refresh(url, entry, true);
      }
      if (!wanted.has(url)) {
        // the page no longer shows it (a finished game, a finished draft)
        window.clearTimeout(entry.timer);
        if (entry.source) {
          entry.source.close();
        }
        streams.delete(url);
      }
    });
    showState();
  }

  // The live elements with a request in flight: a page's next poll waits for the answer to
  // its last one. htmx would queue a poll that falls due meanwhile and send it as soon as the
  // answer came, so a slow server got every page's polls back to back; it is skipped instead
  // and the next one goes at its time. A push ("live") still queues: it names a change.
  const inFlight = new WeakSet();
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail.elt instanceof HTMLElement && event.detail.elt.dataset.liveUrl) {
      inFlight.add(event.detail.elt);
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    inFlight.delete(event.detail.elt);
  });

  // A poll of an element whose stream is connected is skipped (nothing can have changed that
  // the stream did not announce), but for a safety poll now and then.
  document.addEventListener("htmx:confirm", function (event) {
    const el = event.detail.elt;
    if (!(el instanceof HTMLElement) || !el.dataset.liveUrl) {
      return;
    }
    const trigger = event.detail.triggeringEvent;
    const pushed = Boolean(trigger && trigger.type === "live");
    if (!pushed && event.detail.verb === "get" && inFlight.has(el)) {
      event.preventDefault();
      return;
    }
    if ("liveKeepPolling" in el.dataset) {
      return;
    }
    const entry = streams.get(el.dataset.liveUrl);
    if (!entry || !entry.connected || pushed) {
      return;
    }
    if (event.detail.verb === "get" && Date.now() - entry.lastRefresh < SAFETY_MS) {
      event.preventDefault();
    } else if (event.detail.verb === "get") {
      entry.lastRefresh = Date.now();
    }
  });

  // A hidden tab gives its streams back (browsers open at most six connections to a server over
  // HTTP/1.1, and a background tab does not need a push: it polls); shown again, it reconnects
  // and the stream's first notice brings it up to date at once.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") {
      closeAll();
    } else {
      sync();
    }
  });

  document.addEventListener("DOMContentLoaded", sync);
  document.addEventListener("htmx:afterSettle", sync);
  function closeAll() {
    streams.forEach(function (entry) {
      window.clearTimeout(entry.timer);
      if (entry.source) {
        entry.source.close();
      }
    });
    streams.clear();
    showState();
  }

  window.addEventListener("pagehide", closeAll);
  // a page restored from the back-forward cache opens its streams again
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) {
      sync();
    }
  });
})();
