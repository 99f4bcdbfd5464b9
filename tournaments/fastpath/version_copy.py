"""A short-lived copy of each tournament's version in Redis, for watchers' unchanged polls.

Stands for: reading the version from the database on every unchanged poll
(`pk_reads.tournament_version`). Justified by `bench/event_scale.py`, figures
`unchanged_standings_api_304_rate`, `unchanged_bracket_api_304_rate` and
`unchanged_bracket_poll_204_rate` beside `bare_view_rate`: a Redis GET answers in a fraction of
a database round trip, and a process waiting on it serves nobody else (issue 33).

Why the copy never tells a watcher "unchanged" for long after a change:
- every write stores its new version once it commits (`store_after_commit`, called by
  `versions.bump_version`), as it sends the live notice;
- a poll that finds no copy reads the database and stores what it read;
- both store a version only when it is greater than the copy's (one Lua script), so a read
  that raced a write never puts an older version back;
- every stored copy lives settings.TOURNAMENT_VERSION_COPY_SECONDS at most (2 s). A store that
  failed after a commit (Redis away, the process killed between the commit and the store) or a
  database restored to an older version leaves the copy wrong until it expires: a watcher then
  sees the change that much later, as if it had polled that much earlier (tournaments/RULINGS.md
  23: under the pages' shortest poll interval, 5 s, so at worst one poll in a failure is late).

The copy is only ever trusted to say "unchanged": a poll whose version differs from it is
answered from the database. The match page's poll is not answered from it: its key stays
the same through most of the event's changes, and a copy valid for one version would miss
after every result of a busy event (BENCHMARKS.md, "Event scale").

Off (settings.TOURNAMENT_VERSION_COPY_SECONDS = 0) without Redis: the embedded mode reads its
SQLite file, which is as cheap as the copy would be.
"""

import logging
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.signals import setting_changed
from django.db import transaction
from django.dispatch import receiver

logger = logging.getLogger(__name__)

# KEYS[1]: the copy; ARGV[1]: a version; ARGV[2]: its lifetime in ms. Stores a greater version
# only (an equal one keeps the copy's expiry: nothing may keep a copy alive but a change).
STORE_IF_GREATER = """
local now = tonumber(redis.call('GET', KEYS[1]) or '-1')
if tonumber(ARGV[1]) > now then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""


class _Copies:
    """The Redis client, the key prefix and the script, made once per process (None: off)."""

    def __init__(self) -> None:
        self.ready = False
        self.client: Any = None  # a redis.Redis
        self.prefix = ""
        self.lifetime_ms = 0
        self.script: Any = None  # its registered STORE_IF_GREATER

    def load(self) -> None:
        seconds = float(getattr(settings, "TOURNAMENT_VERSION_COPY_SECONDS", 0) or 0)
        backend = caches["default"]
        client_of = getattr(backend, "redis_client", None)
        if seconds > 0 and client_of is not None:
            self.client = client_of()
            prefix = backend.key_prefix  # the site's, as every cache key has it
            self.prefix = f"{prefix}:tournament-version:" if prefix else "tournament-version:"
            self.lifetime_ms = max(1, int(seconds * 1000))
            self.script = self.client.register_script(STORE_IF_GREATER)
        self.ready = True


_copies = _Copies()


def _loaded() -> _Copies:
    if not _copies.ready:
        _copies.load()
    return _copies


def enabled() -> bool:
    return _loaded().client is not None


def recall(tournament_id: int) -> int | None:
    """The copy of the tournament's version, or None (no copy, the copy is off, Redis is away:
    the caller reads the database)."""
    copies = _loaded()
    if copies.client is None:
        return None
    try:
        found = copies.client.get(f"{copies.prefix}{tournament_id}")
    except Exception:
        logger.warning("tournament version copy not read", exc_info=True)
        return None
    return int(found) if found is not None else None


def store(tournament_id: int, version: int) -> None:
    """Store `version` as the copy unless the copy is already at it or past it. A failure is
    logged and otherwise ignored: the copy then expires on its own (see the module)."""
    copies = _loaded()
    if copies.script is None:
        return
    try:
        copies.script(keys=[f"{copies.prefix}{tournament_id}"], args=[version, copies.lifetime_ms])
    except Exception:
        logger.warning("tournament version copy not stored", exc_info=True)


def store_after_commit(tournament_id: int, version: int) -> None:
    """`store` once the caller's transaction commits (nothing if it rolls back)."""
    if enabled():
        transaction.on_commit(lambda: store(tournament_id, version))


def reset() -> None:
    """Read the settings again on next use (tests that change them)."""
    global _copies
    _copies = _Copies()


@receiver(setting_changed)
def _settings_changed(*, setting: str, **kwargs) -> None:
    if setting in ("CACHES", "TOURNAMENT_VERSION_COPY_SECONDS"):
        reset()
