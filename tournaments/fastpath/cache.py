"""Renders and reads built once per version (or per key of what they show) for every reader.

Stands for: calling `build()` on every request (`bracket_get`, `standings_get`, a bracket
region's render, `match_detail`). Justified by `bench/event_scale.py`, figures
`changed_bracket_api_cpu_median`, `changed_standings_api_cpu_median`,
`changed_bracket_partial_cpu_median` (a 4,096-entry bracket is built once per change, not
once per watcher), and by `bench/event_load.py` (every open page asks at once after a change:
one process builds, the others wait for its result, `_build_once`).

The key names the version (or the digest of what is shown), so a change makes a new key and
the old entry simply ages out: nothing is invalidated by time. Every key carries the event's
creation time too: a database rebuilt under the same cache (tests, a restore) may give
another tournament the same id and version.
"""

import time

from django.core.cache import cache

from tournaments.models import Match, Tournament

# How long an unused entry may stay in the cache (it can never be stale: the key names the
# version, and the version before is dropped when a new one is built); a day keeps a finished
# event's pages cheap without filling the cache forever.
CACHE_SECONDS = 24 * 3600
BUILD_SECONDS = 30  # a builder that died frees the others after this long
KEY_SECONDS = 15 * 60  # an entry per (match or region, version): versions only move on


def born(tournament: Tournament) -> int:
    """The event's creation time in microseconds, in every key (see the module's docstring)."""
    return int(tournament.created_at.timestamp() * 1_000_000)


def cached_per_version(kind: str, tournament: Tournament, build):
    """`build()` once per version of the tournament, from the configured cache after that
    (Redis in production, local memory in the embedded mode). Read the version before the
    data (as `tournament_get` does) so an entry is never older than the version it is
    stored under."""
    prefix = f"tournaments:{kind}:{tournament.pk}:{born(tournament)}"
    value, built = _build_once(f"{prefix}:v{tournament.version}", build)
    if built:
        _forget_older(prefix, tournament.version)
    return value


def cached_per_key(kind: str, tournament: Tournament, key: str, build):
    """`build()` once per `key` (a digest of what it shows, e.g. `bracket_region_key`), as
    `cached_per_version` does per version; building a new key drops the one built before."""
    prefix = f"tournaments:{kind}:{tournament.pk}:{born(tournament)}"
    value, built = _build_once(f"{prefix}:k{key}", build)
    if built:
        latest = f"{prefix}:latest"
        older = cache.get(latest)
        if older is not None and older != key:
            cache.delete(f"{prefix}:k{older}")
        cache.set(latest, key, timeout=CACHE_SECONDS)
    return value


def _build_once(key: str, build):
    """The cached value of `key`, else `build()` stored under it (other processes asking
    meanwhile wait for it); and whether this call built it."""
    value = cache.get(key)
    if value is not None:
        return value, False
    # After a change every open page asks at once: one process builds, the others wait for
    # its result instead of each building the same thing (a 4,096-entry bracket is costly).
    building = f"{key}:building"
    if not cache.add(building, 1, timeout=BUILD_SECONDS):
        value = _wait_for(key)
        if value is not None:
            return value, False
    try:
        value = build()
        cache.set(key, value, timeout=CACHE_SECONDS)
    finally:
        cache.delete(building)
    return value, True


def _forget_older(prefix: str, version: int) -> None:
    """Drop the entry of the version built before this one: a big bracket's render is
    megabytes, and an event changes every few seconds while it runs."""
    latest = f"{prefix}:latest"
    older = cache.get(latest)
    if older is not None and older < version:
        cache.delete(f"{prefix}:v{older}")
    if older is None or older < version:
        cache.set(latest, version, timeout=CACHE_SECONDS)


def _wait_for(key: str, *, seconds: float = 10.0, step: float = 0.05):
    """The value another process is building, once it is in the cache; None after `seconds`
    (then the caller builds it itself)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(step)
        value = cache.get(key)
        if value is not None:
            return value
    return None


# This process's copy of the keys it has read or worked out (`match_keys`, `region_keys`),
# in front of the shared cache (a Redis round trip costs about as much CPU as the poll's
# query): an entry can never be stale, its name says what at which version of which event.
# Emptied when it is full.
LOCAL_KEYS: dict[str, str] = {}
LOCAL_KEYS_MAX = 20_000


def remember(name: str, key: str) -> None:
    """Keep `key` under `name` in this process."""
    if len(LOCAL_KEYS) >= LOCAL_KEYS_MAX:
        LOCAL_KEYS.clear()
    LOCAL_KEYS[name] = key


def recall(name: str) -> str | None:
    """The key kept under `name`, in this process or the shared cache (then kept here too)."""
    key = LOCAL_KEYS.get(name) or cache.get(name)
    if key is not None:
        remember(name, key)
    return key


def store_key(name: str, key: str) -> None:
    """Keep `key` under `name` in the shared cache and in this process."""
    cache.set(name, key, KEY_SECONDS)
    remember(name, key)


_LOCAL_VERSIONS: dict[tuple, object] = {}
LOCAL_VERSIONS_MAX = 1_000


def cached_in_process(kind: str, tournament: Tournament, build):
    """`cached_per_version` for a small, cheap read asked a few times a request (a big
    bracket's shape, its menu of parts), with this process's copy in front of the configured
    cache, which it asks once and writes once (two calls, not seven: no builders' lock, no
    older entry dropped; a small entry ages out in KEY_SECONDS). Stands for the same
    `cached_per_version` call; `bench/event_scale.py` `unchanged_bracket_poll_204_cpu` and
    `changed_tournament_page_cpu_median` (each cache call costs about a fifth of a
    millisecond of CPU: 24 were a sixth of a changed page's, issue 33)."""
    name = (kind, tournament.pk, born(tournament), tournament.version)
    value = _LOCAL_VERSIONS.get(name)
    if value is None:
        key = f"tournaments:{kind}:{tournament.pk}:{born(tournament)}:v{tournament.version}"
        value = cache.get(key)
        if value is None:
            value = build()
            cache.set(key, value, KEY_SECONDS)
        if len(_LOCAL_VERSIONS) >= LOCAL_VERSIONS_MAX:
            _LOCAL_VERSIONS.clear()
        _LOCAL_VERSIONS[name] = value
    return value


def cached_per_match_key(match: Match, key: str, build):
    """`build()` once per key of what the match shows (`match_keys.match_live_key`), for
    every reader. Stands for `match_detail(match=match)` on every read;
    `bench/event_scale.py` `unchanged_match_poll_204_cpu` and the match API's 304."""
    name = f"tournaments:match-detail:{match.pk}:{born(match.tournament)}:{key}"
    value = cache.get(name)
    if value is None:
        value = build()
        cache.set(name, value, KEY_SECONDS)
    return value
