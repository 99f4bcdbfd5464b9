"""Reads of an event and its entries: the list, one event, who may still join, the entries."""

from dataclasses import dataclass

from django.db.models import Count, F, Q, QuerySet

from config.errors import NotFound
from tournaments.models import Entry, Tournament


def tournament_list() -> QuerySet[Tournament]:
    """All tournaments, newest first, with their organizer and entry count."""
    return (
        Tournament.objects.select_related("organizer")
        .annotate(
            entry_count=Count(
                "entries", filter=Q(entries__dropped=False, entries__waitlisted=False)
            )
        )
        .order_by("-created_at", "-id")
    )


def tournaments_for_home(*, limit: int = 10) -> list[Tournament]:
    """The most recent public tournaments (the home page; unlisted ones only by link)."""
    return list(tournament_list().filter(visibility=Tournament.Visibility.PUBLIC)[:limit])


def tournament_get(*, tournament_id: int) -> Tournament:
    """One tournament with its organizer and entry count; NotFound if there is none."""
    tournament = tournament_list().filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound("No such tournament.", code="tournament_not_found")
    return tournament


@dataclass(frozen=True)
class EntriesClosed:
    message: str
    code: str


def entries_closed_reason(*, tournament: Tournament) -> EntriesClosed | None:
    """Why no entry can join this event any more although it is in registration, or None.

    Draft pods and sealed pools are made for the entries there were; a later entry would
    have no pool and would block the start. (`drafts` and `sealed_deal` are the drafting
    app's relations to the tournament.)"""
    if tournament.drafts.exists():
        return EntriesClosed(
            "The draft pods are already made, so no entry can join now; an entry may still drop.",
            "pods_created",
        )
    if hasattr(tournament, "sealed_deal"):
        return EntriesClosed(
            "The sealed pools are already dealt, so no entry can join now; "
            "an entry may still drop.",
            "pools_dealt",
        )
    return None


def entry_list(*, tournament: Tournament) -> list[Entry]:
    """The tournament's entries by seed, with their users and team members (3 queries)."""
    return list(
        tournament.entries.select_related("user")
        .prefetch_related("members")
        .order_by(F("seed").asc(nulls_last=True), "id")  # seeds 1, 2, ... then the unseeded
    )


def entry_public(entry: Entry) -> dict:
    """An entry as shown everywhere: id, name, seed."""
    return {"id": entry.pk, "name": entry.display_name, "seed": entry.seed}


def entry_ids_of_user(*, tournament: Tournament, user) -> set[int]:
    """The entries the user plays for in this event (their path is highlighted)."""
    if not user.is_authenticated:
        return set()
    return set(tournament.entries.filter(memberships__user=user).values_list("pk", flat=True))
