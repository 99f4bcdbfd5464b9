"""What the tournaments app asks of the apps above it, without importing them.

decks and gameplay sit above tournaments (their rows point at its entries and matches, see
CONTRIBUTING.md), so tournaments never imports them. Instead they register callbacks here from
their AppConfig.ready(), once per process, under their app's name (registering again replaces).
"""

from __future__ import annotations

from collections.abc import Callable

# Called inside tournament_start's transaction for an event whose format uses decks; raising a
# ServiceError refuses the start (decks: every entry's registered deck is legal, then locked).
_DECKS_LOCKERS: dict[str, Callable[..., None]] = {}
# Asked when time is called on a match: the life totals (entry id -> total) and the entry that
# dealt damage first in the match's game in progress, or None when no game is live there.
_LIVE_TIME_FACTS: dict[str, Callable[..., dict | None]] = {}


def on_decks_lock(app: str, callback: Callable[..., None]) -> None:
    """Register `callback(*, tournament)`, run when an event that uses decks starts."""
    _DECKS_LOCKERS[app] = callback


def on_live_time_facts(app: str, callback: Callable[..., dict | None]) -> None:
    """Register `callback(*, match_id) -> {"life": ..., "first_damage": ...} | None`."""
    _LIVE_TIME_FACTS[app] = callback


def decks_lock(*, tournament) -> None:
    """Let the apps that own decks check and lock them (a ServiceError refuses the start)."""
    for callback in _DECKS_LOCKERS.values():
        callback(tournament=tournament)


def live_time_facts(*, match_id: int) -> dict | None:
    """The live game's facts at time from the first app that has a game there, else None."""
    for callback in _LIVE_TIME_FACTS.values():
        facts = callback(match_id=match_id)
        if facts is not None:
            return facts
    return None


# Told of every match whose result now counts or changed (finished, corrected): the ratings app
# rates it. Called inside the result's transaction; a callback must only note or enqueue (the
# result writes stay lean, issue 17), never query. A match finished for the first time is told
# to the `_NEW_RESULTS` callbacks; a result that changed (a correction) to `_MATCH_RESULTS`.
_MATCH_RESULTS: dict[str, Callable[..., None]] = {}
_NEW_RESULTS: dict[str, Callable[..., None]] = {}
# Told of an event that became unrated (its organizer plays in it and decided a result,
# ratings/RULINGS.md R8): the ratings forget its matches. Same rules as above: note or enqueue.
_EVENTS_UNRATED: dict[str, Callable[..., None]] = {}
# Asked at the start of an event seeded by rating: the entry ids ordered best first.
_RATING_ORDERS: dict[str, Callable[..., list[int]]] = {}


def on_match_result(app: str, callback: Callable[..., None]) -> None:
    """Register `callback(*, match_id)`, run when a match's result starts to count or changes."""
    _MATCH_RESULTS[app] = callback


def on_new_match_result(app: str, callback: Callable[..., None]) -> None:
    """Register `callback(*, game, match_id)`, run when a match finishes (its result counts
    for the first time: the match was not finished before); `game` is its event's game."""
    _NEW_RESULTS[app] = callback


def on_event_unrated(app: str, callback: Callable[..., None]) -> None:
    """Register `callback(*, tournament_id)`, run when an event stops being rated."""
    _EVENTS_UNRATED[app] = callback


def event_unrated(*, tournament_id: int) -> None:
    """Tell the apps that follow results that this event's matches no longer rate."""
    for callback in _EVENTS_UNRATED.values():
        callback(tournament_id=tournament_id)


def on_rating_order(app: str, callback: Callable[..., list[int]]) -> None:
    """Register `callback(*, game, entry_ids) -> entry ids, best-rated first`."""
    _RATING_ORDERS[app] = callback


def match_result_changed(*, match_id: int) -> None:
    """Tell the apps that follow results that this match's result counts now (or changed)."""
    for callback in _MATCH_RESULTS.values():
        callback(match_id=match_id)


def new_match_result(*, game: str, match_id: int) -> None:
    """Tell the apps that follow results that this match of that game has just finished."""
    for callback in _NEW_RESULTS.values():
        callback(game=game, match_id=match_id)


def rating_order(*, game: str, entry_ids: list[int]) -> list[int]:
    """The entries best-rated first, from the first app that rates players; without one, as
    given."""
    for callback in _RATING_ORDERS.values():
        return callback(game=game, entry_ids=entry_ids)
    return list(entry_ids)


# Asked by an event's results page when its organizer publishes decklists: each entry's
# deck as locked at the start, {entry id: {"deck": name, "cards": [(count, card name)],
# "fortresses": [card name]}}; entries without a locked deck are left out.
_DECKLISTS: dict[str, Callable[..., dict[int, dict]]] = {}


def on_decklists(app: str, callback: Callable[..., dict[int, dict]]) -> None:
    """Register `callback(*, entry_ids) -> {entry id: decklist}`."""
    _DECKLISTS[app] = callback


def decklists(*, entry_ids: list[int]) -> dict[int, dict]:
    """The locked decklists of these entries from the apps that own decks ({} without one)."""
    found: dict[int, dict] = {}
    for callback in _DECKLISTS.values():
        found.update(callback(entry_ids=entry_ids))
    return found
