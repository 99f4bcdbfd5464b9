"""A tournament's version: every change to its bracket, entries, clocks or standings bumps it in
the same transaction, and every read that polls or caches is keyed on it (tournaments.freshness).
A module of its own, beside the models, so that other apps' helpers may bump it without
importing the tournament services."""

from django.db.models import F, Subquery

from config import live
from tournaments.models import Tournament


def bump_version(tournament_id: int | Subquery) -> int:
    """Mark the tournament changed in the caller's transaction (one UPDATE, which also takes
    the row's lock): pages, conditional requests and cached renders keyed on the version go
    stale when the change commits. Returns how many rows it bumped (0: no such tournament)."""
    bumped = Tournament.objects.filter(pk=tournament_id).update(version=F("version") + 1)
    if bumped:
        live.publish_read_many(lambda: _topics(tournament_id))
    return bumped


def _topics(tournament_id: int | Subquery) -> list[tuple[str, int]]:
    """(topic, version) of the bumped tournament, read once the change committed: its open
    pages (bracket, match pages, the organizer's desk) hear of it."""
    rows = Tournament.objects.filter(pk=tournament_id).values_list("pk", "version")
    return [(f"tournament-{pk}", version) for pk, version in rows]
