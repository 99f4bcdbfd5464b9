"""Live updates: "this changed, now version v" notices pushed to open pages (server-sent events).

A page that polls (a game's board, a draft room, a tournament's bracket, match and desk) also
opens an EventSource on its stream (`static/js/live.js`); when a notice names a version other
than the one it shows, the page runs its usual htmx refresh at once. Polling stays the fallback:
while the stream is down (a proxy drops it, the server is at its stream limit, Redis is away)
the page polls as before. A notice carries only a topic and a version, never what changed, so
a stream needs no more access than the page it serves (each app's stream view checks it). One
exception, made in the web process and not in the notice: a stream whose viewer sees what every
such viewer sees (a game's spectators) gets that part of the page with each notice, rendered
once per notice for all of the process's streams of the topic (config/live_streams.py), so the
hundreds of spectators of a game do not each fetch it after a move.

Writes call `publish` (or `publish_read`) inside their transaction; the notice leaves once the
transaction commits, through one of three transports (settings.LIVE_TRANSPORT):

- "redis" (production, REDIS_URL set): PUBLISH on a channel; one listener per web process
  (PSUBSCRIBE) hands notices to that process's hub, so a move made on any web process
  or by a Celery worker (bot moves) reaches every stream.
- "file" (the embedded default, `make run`): the web process and its worker are separate
  processes without Redis; a notice is also written to var/live/<topic>, which a watcher thread
  of the web process reads every LIVE_FILE_POLL_S.
- "local" (tests): the hub of this process only.

The streams' responses are config/live_streams.py: under the ASGI server (production, `make run`)
an async generator on the event loop, up to LIVE_MAX_ASYNC_STREAMS per process; under a WSGI
server (the browser tests' live server) a thread each (`thread_events`), up to LIVE_MAX_STREAMS.
Either answers 503 beyond its limit (the page then polls) and ends after LIVE_STREAM_SECONDS
(the browser reconnects). With the ASGI server, Redis notices arrive through a `redis.asyncio`
subscription on the loop (live_streams.RedisListener), not the listener thread below.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connections, transaction
from django.http import HttpResponse

logger = logging.getLogger(__name__)

RETRY_MS = 2000  # how long the browser waits before reconnecting a dropped stream
END_EVENT = 'event: end\ndata: {"end": true}\n\n'  # the stream closes as planned: reconnect now
REMEMBERED_TOPICS = 10_000  # the hub forgets the oldest topics beyond this
FILE_SWEEP_S = 600  # the embedded mode's notice files are removed after ten minutes


class Hub:
    """The latest notice per topic in this process, and a condition streams wait on.

    A thread's stream (the WSGI path) waits on the condition; the async streams of an event
    loop register a listener (config/live_streams.py), called with the topic on every put."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._seq = 0
        self._last: OrderedDict[str, tuple[int, object]] = OrderedDict()
        self._listeners: list[Callable[[str], None]] = []

    def put(self, topic: str, version) -> None:
        with self._cond:
            self._seq += 1
            self._last[topic] = (self._seq, version)
            self._last.move_to_end(topic)
            while len(self._last) > REMEMBERED_TOPICS:
                self._last.popitem(last=False)
            self._cond.notify_all()
            listeners = list(self._listeners)
        for listener in listeners:
            listener(topic)

    def listen(self, listener: Callable[[str], None]) -> None:
        """Call `listener(topic)` after each notice, from the thread that put it."""
        with self._cond:
            self._listeners.append(listener)

    def unlisten(self, listener: Callable[[str], None]) -> None:
        with self._cond:
            if listener in self._listeners:
                self._listeners.remove(listener)

    def cursor(self) -> int:
        """Where the notices stand now: a stream waits for notices after it."""
        with self._cond:
            return self._seq

    def seq_of(self, topic: str) -> int:
        """The place of the topic's latest notice among all notices (0 for none yet)."""
        with self._cond:
            return self._last.get(topic, (0, None))[0]

    def since(self, topic: str, cursor: int) -> tuple[int, bool, object]:
        """Without waiting: the new cursor, whether `topic` changed after `cursor`, and its
        latest version."""
        with self._cond:
            seq, version = self._last.get(topic, (0, None))
            if seq > cursor:
                return self._seq, True, version
            return cursor, False, None

    def wait(self, topic: str, cursor: int, timeout: float) -> tuple[int, bool, object]:
        """Wait up to `timeout` s for a notice on `topic` after `cursor`; returns the new
        cursor, whether one came, and the topic's latest version."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                found = self.since(topic, cursor)
                if found[1]:
                    return found
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return found
                self._cond.wait(remaining)


class LocalTransport:
    """This process only (tests; a single process)."""

    kind = "local"

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def send(self, topic: str, version) -> None:
        self.hub.put(topic, version)

    def start(self) -> None:
        pass

    def healthy(self) -> bool:
        return True


class FileTransport(LocalTransport):
    """The embedded mode: notices also written under a folder that the web process watches, so
    the worker's (bot moves, timers) reach its streams too."""

    kind = "file"

    def __init__(self, hub: Hub, folder: Path, poll_s: float) -> None:
        super().__init__(hub)
        self.folder = Path(folder)
        self.poll_s = poll_s
        self._started = False
        self._lock = threading.Lock()

    def send(self, topic: str, version) -> None:
        self.hub.put(topic, version)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            temp = self.folder / f".{topic}.{os.getpid()}.{threading.get_ident()}"
            temp.write_text(json.dumps(version))
            os.replace(temp, self.folder / topic)
        except OSError:
            logger.warning("live notice not written", exc_info=True)

    def start(self) -> None:
        with self._lock:
            if not self._started:
                self._started = True
                threading.Thread(target=self._watch, name="live-files", daemon=True).start()

    def _watch(self) -> None:
        seen: dict[str, int] = {}
        swept = time.monotonic()
        while True:
            if time.monotonic() - swept > FILE_SWEEP_S:
                swept = time.monotonic()
                self._sweep(seen)
            try:
                for entry in os.scandir(self.folder):
                    if entry.name.startswith("."):
                        continue
                    stamp = entry.stat().st_mtime_ns
                    if seen.get(entry.name) == stamp:
                        continue
                    first = entry.name not in seen
                    seen[entry.name] = stamp
                    if first and time.time_ns() - stamp > 2 * 10**9:
                        continue  # an old notice found at start: nobody waits for it
                    try:
                        version = json.loads(Path(entry.path).read_text() or "null")
                    except (OSError, ValueError):
                        continue
                    self.hub.put(entry.name, version)
            except OSError:
                pass
            time.sleep(self.poll_s)

    def _sweep(self, seen: dict[str, int]) -> None:
        """Remove notices nobody needs any more (older than FILE_SWEEP_S): the folder stays
        small, so watching it stays cheap."""
        old = time.time_ns() - FILE_SWEEP_S * 10**9
        try:
            for entry in os.scandir(self.folder):
                if entry.stat().st_mtime_ns < old:
                    Path(entry.path).unlink(missing_ok=True)
                    seen.pop(entry.name, None)
        except OSError:
            pass


class RedisTransport:
    """Production: Redis pub/sub between every web and worker process."""

    kind = "redis"

    def __init__(self, hub: Hub, url: str, prefix: str) -> None:
        self.hub = hub
        self.url = url
        self.prefix = prefix
        self._client: Any = None  # a redis.Redis, made on the first send
        self._connected = False
        self._started = False
        self._lock = threading.Lock()

    def _redis(self):
        import redis  # only this transport needs it

        return redis

    def send(self, topic: str, version) -> None:
        if self._client is None:
            self._client = self._redis().Redis.from_url(self.url, socket_timeout=2)
        try:
            self._client.publish(self.prefix + topic, json.dumps(version))
        except Exception:  # the change is committed: pages still see it by polling
            logger.warning("live notice not published", exc_info=True)

    def start(self) -> None:
        with self._lock:
            if not self._started:
                self._started = True
                threading.Thread(target=self._listen, name="live-redis", daemon=True).start()
        # the first stream of a process waits briefly for the subscription
        for _ in range(20):
            if self._connected:
                return
            time.sleep(0.05)

    def _listen(self) -> None:
        while True:
            try:
                client = self._redis().Redis.from_url(self.url, health_check_interval=10)
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.psubscribe(self.prefix + "*")
                self._connected = True
                while True:
                    message = pubsub.get_message(timeout=5)
                    if message is None:
                        pubsub.ping()  # raises when the connection is gone
                        continue
                    if message.get("type") != "pmessage":
                        continue  # the answer to a ping
                    topic = message["channel"].decode()[len(self.prefix) :]
                    self.hub.put(topic, json.loads(message["data"]))
            except Exception:
                if self._connected:
                    logger.warning("live listener lost Redis; retrying", exc_info=True)
                self._connected = False
                time.sleep(1)

    def healthy(self) -> bool:
        return self._connected


_hub = Hub()
_transport = None
_transport_lock = threading.Lock()
_streams = 0
_streams_lock = threading.Lock()


def hub() -> Hub:
    return _hub


def transport():
    """The configured transport (made once per process)."""
    global _transport
    with _transport_lock:
        if _transport is None:
            kind = getattr(settings, "LIVE_TRANSPORT", "local")
            if kind == "redis":
                prefix = getattr(settings, "LIVE_CHANNEL_PREFIX", "combat:live:")
                _transport = RedisTransport(_hub, settings.REDIS_URL, prefix)
            elif kind == "file":
                folder = settings.LIVE_FILE_DIR
                _transport = FileTransport(_hub, folder, settings.LIVE_FILE_POLL_S)
            else:
                _transport = LocalTransport(_hub)
        return _transport


def reset_transport() -> None:
    """Forget the transport (tests that change LIVE_TRANSPORT)."""
    global _transport
    with _transport_lock:
        _transport = None


def publish(topic: str, version) -> None:
    """Announce `topic` is now at `version` once the current transaction commits (at once
    outside one); a rolled-back change announces nothing."""
    transaction.on_commit(lambda: _send(topic, version))


def publish_read(topic: str, read: Callable[[], object]) -> None:
    """As `publish`, the version read by `read()` after the commit (a write that bumps a
    counter in SQL does not know the new value)."""

    def send() -> None:
        try:
            version = read()
        except Exception:  # the change is committed: pages still see it by polling
            logger.warning("live notice not read", exc_info=True)
            return
        _send(topic, version)

    transaction.on_commit(send)


def _send(topic: str, version) -> None:
    try:
        transport().send(topic, version)
    except Exception:
        logger.warning("live notice not sent", exc_info=True)


def event(topic: str, version, html: str | None = None) -> str:
    """An SSE data event; `html`, when given, is the part of the page at `version` (live.js
    swaps it in instead of fetching it)."""
    notice: dict[str, object] = {"topic": topic, "v": version}
    if html is not None:
        notice["html"] = html
    return f"data: {json.dumps(notice)}\n\n"


def take_slot(limit: int) -> _Slot | None:
    """One of this process's `limit` streams, or None when it holds them all."""
    global _streams
    with _streams_lock:
        if _streams >= limit:
            return None
        _streams += 1
    return _Slot()


def _release() -> None:
    global _streams
    with _streams_lock:
        _streams -= 1


class _Slot:
    """One of the process's streams, given back once."""

    def __init__(self) -> None:
        self.held = True

    def release(self) -> None:
        if self.held:
            self.held = False
            _release()

    def __del__(self) -> None:  # a response dropped unread (never closed) gives it back too
        self.release()


def let_go_of_the_database() -> None:
    """A stream never reads the database again: this thread's connections are given back
    (a stream open for a minute must not hold one of PostgreSQL's connections)."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


def thread_events(
    channel, topic: str, version, cursor: int, slot: _Slot, shown: Callable[[object], str]
) -> Iterator[str]:
    """A stream's events while it holds a server thread (WSGI: gunicorn, the test server);
    `shown(latest)` makes a notice's event."""
    try:
        yield f"retry: {RETRY_MS}\n" + event(topic, version)
        seconds = getattr(settings, "LIVE_STREAM_SECONDS", 55)
        heartbeat = getattr(settings, "LIVE_HEARTBEAT_S", 15)
        deadline = time.monotonic() + seconds
        while (remaining := deadline - time.monotonic()) > 0 and channel.healthy():
            cursor, changed, latest = _hub.wait(topic, cursor, min(heartbeat, remaining))
            yield shown(latest) if changed else ": keep-alive\n\n"
        # a planned end: the page opens its next stream at once rather than after RETRY_MS,
        # whose first event brings it up to date (a move made meanwhile is not late)
        yield END_EVENT
    finally:
        slot.release()


def unavailable(message: str) -> HttpResponse:
    response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = "30"
    response["Cache-Control"] = "no-store"
    return response


def open_streams() -> int:
    """How many streams this process holds now."""
    return _streams
