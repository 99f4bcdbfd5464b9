"""What the tournaments services tell players in the app (accounts.notifications): their match
is ready or has started, a result waits for their confirmation. A fixed number of queries for
any number of matches, sent after the commit: a notice is no part of the change it announces,
and the result writes stay lean (issue 17: a report in at most 8 queries)."""

from collections import defaultdict

from django.db import transaction

from accounts.notifications import notify_many
from tournaments.models import EntryMember, MatchEntry, Tournament


def matches_ready_notify(*, tournament: Tournament, match_ids: list[int], started: bool) -> None:
    """Tell every player of these matches, once the transaction commits, that it is ready (or
    that its clock started), naming the opponents."""
    if match_ids:
        transaction.on_commit(lambda: _matches_ready(tournament, list(match_ids), started))


def _matches_ready(tournament: Tournament, match_ids: list[int], started: bool) -> None:
    names: dict[int, dict[int, str]] = defaultdict(dict)
    for slot in MatchEntry.objects.filter(match_id__in=match_ids).select_related("entry__user"):
        names[slot.match_id][slot.entry_id] = slot.entry.display_name
    members = EntryMember.objects.filter(
        entry__slots__match_id__in=match_ids, tournament=tournament
    ).values_list("entry__slots__match_id", "entry_id", "user_id")
    state = "has started" if started else "is ready"
    notices = []
    for match_id, entry_id, user_id in members:
        others = [name for pk, name in names[match_id].items() if pk != entry_id]
        against = f" against {', '.join(others)}" if others else ""
        notices.append(
            (user_id, f"{tournament.name}: your match{against} {state}.", f"/matches/{match_id}/")
        )
    notify_many(notices=notices)


def report_to_confirm_notify(
    *, tournament: Tournament, match_id: int, entry_ids: list[int]
) -> None:
    """Tell the players of these entries that a result waits for their confirmation (call it
    after the commit)."""
    users = EntryMember.objects.filter(entry_id__in=entry_ids).values_list("user_id", flat=True)
    notify_many(
        notices=[
            (
                user_id,
                f"{tournament.name}: a result was reported in your match; confirm or dispute it.",
                f"/matches/{match_id}/",
            )
            for user_id in users
        ]
    )
