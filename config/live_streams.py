"""The live streams' responses (server-sent events; notices and transports: config/live.py).

Served by the ASGI server (production and `make run`), a stream is an async generator on the
server's event loop: an open page costs a socket and a few small objects, not a thread, so one
process holds thousands (README, "Scaling out"). Its notices arrive from the process's hub:
with Redis, through one `redis.asyncio` subscription per process on that loop; with the file
transport (`make run`) from the watcher thread; with the local one (tests) from the thread that
committed. Served by a WSGI server (pytest-django's live server in the browser tests, the
thread-per-stream baseline of bench/live_tier.py), the same view streams from a thread as
before: Django would read an async generator to its end before sending a byte of it there.

A stream's view checks the page's own access rule in `read` (raising Http404 for no such
object), which also gives the version the page starts from; the database is read once, when
the stream opens, and its connection is given back at once.

A view whose viewer sees what every such viewer sees (a game's spectators: the public board)
returns `Opened(version, show)` from `read`: its notices then carry that part of the page,
rendered by `show` once per notice for all of the process's streams of the topic. A move then
costs one render per web process instead of one request per spectator (250 spectators of a
game: 250 board requests, about 10 ms of CPU each, measured in bench/live_tier.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections
from django.http import HttpRequest, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.urls import Resolver404, resolve

from config import live

logger = logging.getLogger(__name__)

Shown = tuple[object, str]  # a part of the page as every such viewer sees it: (version, HTML)


@dataclass(frozen=True)
class Opened:
    """What `read` returns for a viewer who sees what every such viewer sees: the version, and
    `show`, which renders that part of the page now. Every `show` of a topic renders the same."""

    version: object
    show: Callable[[], Shown]


async def stream(request: HttpRequest, topic: str, read: Callable[[], object]) -> HttpResponseBase:
    """The SSE response for one topic: the version `read()` gives now, then each notice,
    keep-alive comments every LIVE_HEARTBEAT_S, an `end` event after LIVE_STREAM_SECONDS.
    503 (the page polls) when this process holds its limit of streams or the transport is
    down."""
    on_loop = isinstance(request, ASGIRequest)
    channel = live.transport()
    healthy = await _ready(channel) if on_loop else _thread_ready(channel)
    if not healthy():
        return live.unavailable("Live updates are unavailable; the page refreshes by polling.")
    cursor = live.hub().cursor()  # before the read: a change made meanwhile is still announced
    # the page's access rule: Http404 for no such object (no slot taken yet)
    opened = await sync_to_async(_read)(read, on_loop=on_loop)
    version, show = (opened.version, opened.show) if isinstance(opened, Opened) else (opened, None)
    limit = settings.LIVE_MAX_ASYNC_STREAMS if on_loop else settings.LIVE_MAX_STREAMS
    slot = live.take_slot(limit)
    if slot is None:
        return live.unavailable("Too many live pages open; the page refreshes by polling.")
    events: AsyncIterator[bytes] | Iterator[str]
    if on_loop:
        events = _loop_events(healthy, topic, version, cursor, slot, show)
    else:
        shown = _thread_shown(topic, show)
        events = live.thread_events(channel, topic, version, cursor, slot, shown)
    response = StreamingHttpResponse(events, content_type="text/event-stream")
    if on_loop:  # config/asgi.py sends its events as they are, one message each
        response.live_events = events  # type: ignore[attr-defined]
    # a stream closed before its first event never runs the generator's `finally`: Django's
    # own closers list (no public hook runs then)
    response._resource_closers.append(slot.release)  # type: ignore[attr-defined]
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # a proxy (nginx) must not buffer the stream
    return response


def view(function: Callable) -> Callable:
    """Marks a stream's view (put it under the view's other decorators): config/asgi.py serves
    its requests without a thread of their own."""
    function.live_stream = True  # type: ignore[attr-defined]
    return function


def is_stream_path(path: str) -> bool:
    try:
        return getattr(resolve(path).func, "live_stream", False)
    except Resolver404:
        return False


def _read(read: Callable[[], object], *, on_loop: bool) -> object:
    try:
        return read()
    finally:
        if not on_loop:  # this thread is held by the stream from now on
            live.let_go_of_the_database()


def _render_view(topic: str, show: Callable[[], Shown]) -> str:
    """The event of a notice with its view, made once for every stream of the topic."""
    close_old_connections()  # a stream's thread outlives requests: a dropped connection goes
    return live.event(topic, *show())


def _thread_shown(topic: str, show: Callable[[], Shown] | None) -> Callable[[object], str]:
    """The thread path's events of a notice: with `show`, one render per notice for all of
    the process's threads streaming the topic."""
    if show is None:
        return lambda latest: live.event(topic, latest)

    def shown(latest) -> str:
        seq = live.hub().seq_of(topic)  # the render reads after this notice's commit
        with _thread_renders_lock:
            found = _thread_renders.get(topic)
            if found is None or found[0] < seq:
                try:
                    found = _thread_renders[topic] = (seq, live.event(topic, *show()))
                except Exception:  # the page still refreshes by fetching it
                    logger.warning("live view not rendered", exc_info=True)
                    return live.event(topic, latest)
                finally:
                    live.let_go_of_the_database()
                while len(_thread_renders) > live.REMEMBERED_TOPICS:
                    _thread_renders.pop(next(iter(_thread_renders)))
        return found[1]

    return shown


_thread_renders: dict[str, tuple[int, str]] = {}
_thread_renders_lock = threading.Lock()


def _thread_ready(channel) -> Callable[[], bool]:
    channel.start()
    return channel.healthy


async def _ready(channel) -> Callable[[], bool]:
    """The transport made ready for this event loop's streams; returns whether it is up."""
    _Waiters.for_this_loop()
    if channel.kind != "redis":
        channel.start()  # the file transport's watcher thread; nothing for the local one
        return channel.healthy
    listener = RedisListener.for_this_loop(channel)
    await listener.started()
    return listener.healthy


KEEP_ALIVE = b": keep-alive\n\n"


async def _loop_events(
    healthy: Callable[[], bool], topic: str, version, cursor: int, slot, show
) -> AsyncIterator[bytes]:
    """A stream's events on the event loop, as bytes (config/asgi.py sends them as they are).
    With `show`, each notice's event carries the view, rendered once for all of the loop's
    streams of the topic: the stream is woken when it is ready."""
    hub = live.hub()
    waiters = _Waiters.for_this_loop()
    waiting = waiters.add(topic, show)
    try:
        yield (f"retry: {live.RETRY_MS}\n" + live.event(topic, version)).encode()
        heartbeat = settings.LIVE_HEARTBEAT_S
        deadline = time.monotonic() + settings.LIVE_STREAM_SECONDS
        while (remaining := deadline - time.monotonic()) > 0 and healthy():
            waiting.clear()  # before looking: a notice from now on sets it again
            if show is None:
                cursor, changed, latest = hub.since(topic, cursor)
                if changed:
                    yield live.event(topic, latest).encode()
                    continue
            elif (seq := hub.seq_of(topic)) > cursor:
                view = waiters.view_after(topic, seq)  # None: it is being rendered
                if view is not None:
                    cursor = seq
                    yield view
                    continue
            try:
                async with asyncio.timeout(min(heartbeat, remaining)):
                    await waiting.wait()
            except TimeoutError:
                yield KEEP_ALIVE
        yield live.END_EVENT.encode()  # a planned end: the page opens its next stream at once
    finally:  # also when the client goes away (Django cancels the stream)
        waiters.remove(topic, waiting)
        slot.release()


class _Waiters:
    """The streams of one event loop, by topic: the hub's listener wakes those of a topic (from
    whichever thread put the notice) with one callback on the loop per notice. The streams
    that show a topic's view (its viewers) are woken once the view after the notice is
    rendered: one render per notice, and each stream woken once."""

    _by_loop: dict[asyncio.AbstractEventLoop, _Waiters] = {}

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.topics: dict[str, set[asyncio.Event]] = {}
        self.viewers: dict[str, set[asyncio.Event]] = {}
        self.shows: dict[str, Callable[[], Shown]] = {}  # how a topic's view is rendered
        self.views: dict[str, tuple[int, bytes]] = {}  # its latest: the notice it came after
        self.rendering: set[str] = set()
        self.tasks: set[asyncio.Task] = set()  # the loop keeps only weak references
        live.hub().listen(self._heard)

    @classmethod
    def for_this_loop(cls) -> _Waiters:
        loop = asyncio.get_running_loop()
        found = cls._by_loop.get(loop)
        if found is None:
            for old in [old for old in cls._by_loop if old.is_closed()]:
                cls._by_loop.pop(old)._forget()
            found = cls._by_loop[loop] = cls(loop)
        return found

    def add(self, topic: str, show: Callable[[], Shown] | None = None) -> asyncio.Event:
        event = asyncio.Event()
        if show is None:
            self.topics.setdefault(topic, set()).add(event)
        else:
            self.viewers.setdefault(topic, set()).add(event)
            self.shows.setdefault(topic, show)
        return event

    def remove(self, topic: str, event: asyncio.Event) -> None:
        for streams in (self.topics, self.viewers):
            events = streams.get(topic)
            if events is not None:
                events.discard(event)
                if not events:
                    del streams[topic]
        if topic not in self.viewers:
            self.shows.pop(topic, None)
            self.views.pop(topic, None)

    def view_after(self, topic: str, seq: int) -> bytes | None:
        """The topic's view event rendered after notice `seq`; None while it is rendered
        (its render wakes the stream)."""
        found = self.views.get(topic)
        if found is not None and found[0] >= seq:
            return found[1]
        self._render_soon(topic)
        return None

    def _heard(self, topic: str) -> None:
        # read from another thread: a stream added meanwhile looks at the hub after adding
        if (topic in self.topics or topic in self.viewers) and not self.loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile (a test's)
                self.loop.call_soon_threadsafe(self._wake, topic)

    def _wake(self, topic: str) -> None:
        for event in self.topics.get(topic, ()):
            event.set()
        self._render_soon(topic)

    def _render_soon(self, topic: str) -> None:
        if topic in self.viewers and topic not in self.rendering:
            self.rendering.add(topic)
            # a context of its own: the caller's (a listener's, a stream's) may name an
            # executor of a request that has ended (asgiref's), which would refuse the render
            task = self.loop.create_task(
                self._render(topic), name="live-view", context=contextvars.Context()
            )
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _render(self, topic: str) -> None:
        """Render the topic's view after its latest notice (again while newer ones came
        meanwhile), then wake its viewers."""
        hub = live.hub()
        try:
            while (show := self.shows.get(topic)) is not None:
                seq = hub.seq_of(topic)  # the render reads after this notice's commit
                if self.views.get(topic, (0, b""))[0] >= seq:
                    return
                try:
                    text = await sync_to_async(_render_view)(topic, show)
                except Exception:  # a bare notice: the pages refresh by fetching the view
                    logger.warning("live view not rendered", exc_info=True)
                    text = live.event(topic, hub.since(topic, 0)[2])
                if topic in self.viewers:
                    self.views[topic] = (seq, text.encode())
                for event in self.viewers.get(topic, ()):
                    event.set()
        finally:
            self.rendering.discard(topic)

    def _forget(self) -> None:
        self.topics.clear()
        self.viewers.clear()
        self.shows.clear()
        self.views.clear()
        live.hub().unlisten(self._heard)


class RedisListener:
    """Production: one `redis.asyncio` pattern subscription per event loop, feeding the hub."""

    _by_loop: dict[asyncio.AbstractEventLoop, RedisListener] = {}

    def __init__(self, url: str, prefix: str) -> None:
        self.url = url
        self.prefix = prefix
        self.connected = False
        self.task: asyncio.Task | None = None

    @classmethod
    def for_this_loop(cls, channel: live.RedisTransport) -> RedisListener:
        loop = asyncio.get_running_loop()
        found = cls._by_loop.get(loop)
        if found is None or found.task is None or found.task.done():
            for old in [old for old in cls._by_loop if old.is_closed()]:
                del cls._by_loop[old]
            found = cls._by_loop[loop] = cls(channel.url, channel.prefix)
            found.task = loop.create_task(found._listen(), name="live-redis")
        return found

    def healthy(self) -> bool:
        return self.connected

    async def started(self) -> None:
        """The first stream of a process waits briefly for the subscription."""
        for _ in range(20):
            if self.connected:
                return
            await asyncio.sleep(0.05)

    async def _listen(self) -> None:
        import redis.asyncio as redis  # only this transport needs it

        while True:
            client = redis.Redis.from_url(self.url, health_check_interval=10)
            try:
                async with client.pubsub(ignore_subscribe_messages=True) as pubsub:
                    await pubsub.psubscribe(self.prefix + "*")
                    self.connected = True
                    await self._relay(pubsub)
            except asyncio.CancelledError:
                self.connected = False
                raise
            except Exception:
                if self.connected:
                    logger.warning("live listener lost Redis; retrying", exc_info=True)
                self.connected = False
                await asyncio.sleep(1)
            finally:
                await client.aclose()

    async def _relay(self, pubsub) -> None:
        hub = live.hub()
        while True:
            message = await pubsub.get_message(timeout=5)
            if message is None:
                await pubsub.ping()  # raises when the connection is gone
                continue
            if message.get("type") != "pmessage":
                continue  # the answer to a ping
            topic = message["channel"].decode()[len(self.prefix) :]
            hub.put(topic, json.loads(message["data"]))
