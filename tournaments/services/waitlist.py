"""An event's entry cap and its waitlist, and the hours registration is open.

Entries past the cap wait in line in the order they registered; when a place frees up (an
entry drops or is removed, or the cap is raised) the first in line moves up and is told. Every
caller holds the event's row lock (`lock_tournament`), so two places freed at once promote
two different entries, one after the other."""

from django.db.models import QuerySet
from django.urls import reverse

from accounts.notifications import notify_many
from config.errors import Conflict
from tournaments.models import Entry, EntryMember, Tournament
from tournaments.reads.calendar import registration_window_problem
from tournaments.reads.events import entries_closed_reason
from tournaments.services.common import now


def active_count(tournament: Tournament) -> int:
    """The entries in the event: not dropped, not waiting in line."""
    return tournament.entries.filter(dropped=False, waitlisted=False).count()


def waiting(tournament: Tournament) -> QuerySet[Entry]:
    """The waiting entries, first in line first."""
    return tournament.entries.filter(waitlisted=True, dropped=False).order_by("created_at", "id")


def is_full(tournament: Tournament) -> bool:
    """True when a new entry would wait in line (the cap is reached)."""
    cap = tournament.entry_cap
    return cap is not None and active_count(tournament) >= cap


def registration_window_check(tournament: Tournament) -> None:
    """Refuse a player's registration before it opens or after it closes (409, saying when)."""
    problem = registration_window_problem(tournament, now())
    if problem is not None:
        raise Conflict(problem.message, code=problem.code)


def waitlist_promote(*, tournament: Tournament) -> list[Entry]:
    """Move the first waiting entries into the free places (none once pods or pools are made:
    a late entry would have no pool) and tell their players; returns the entries moved up.
    The caller holds the event's row lock."""
    if tournament.status != Tournament.Status.REGISTRATION or entries_closed_reason(
        tournament=tournament
    ):
        return []
    free = (
        tournament.entry_cap - active_count(tournament)
        if tournament.entry_cap is not None
        else None
    )
    line = waiting(tournament).select_for_update()
    if free is not None:
        if free <= 0:
            return []
        line = line[:free]
    promoted = list(line)
    if not promoted:
        return []
    Entry.objects.filter(pk__in=[e.pk for e in promoted]).update(waitlisted=False)
    url = reverse("tournaments:detail", args=[tournament.pk])
    members = EntryMember.objects.filter(entry__in=promoted).values_list("user_id", flat=True)
    notify_many(
        notices=[
            (pk, f"{tournament.name}: a place opened and you are in (off the waitlist).", url)
            for pk in members
        ]
    )
    for entry in promoted:
        entry.waitlisted = False
    return promoted
