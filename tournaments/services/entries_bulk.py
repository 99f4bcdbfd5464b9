"""The organizer's select-many on the registration list: check in, drop or remove the
chosen entries at once, all of them or none."""

from django.db import transaction

from config.errors import NotFound, ServiceError
from tournaments.models import Tournament
from tournaments.services.common import lock_tournament, require_organizer
from tournaments.services.entries import entry_check_in, entry_drop, entry_remove

BULK_ACTIONS = ("check-in", "drop", "remove")
MAX_BULK = 4096


@transaction.atomic
def entries_bulk(*, tournament: Tournament, by_user, entry_ids: list[int], action: str) -> int:
    """Check in, drop or remove every listed entry of the event in one transaction (the
    organizer only); the first refusal undoes them all and names its entry. Returns how many."""
    tournament = lock_tournament(tournament.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="change entries in bulk")
    if action not in BULK_ACTIONS:
        raise ServiceError(
            "Choose check in, drop or remove for the selected entries.", code="invalid"
        )
    ids = list(dict.fromkeys(entry_ids))
    if not ids:
        raise ServiceError("Select at least one entry first.", code="nothing_selected")
    if len(ids) > MAX_BULK:
        raise ServiceError(f"At most {MAX_BULK:,} entries at once.", code="too_large")
    entries = {e.pk: e for e in tournament.entries.select_for_update().filter(pk__in=ids)}
    missing = [pk for pk in ids if pk not in entries]
    if missing:
        raise NotFound(
            f"No entry {missing[0]} in this event (reload the page: the list changed).",
            code="entry_not_found",
        )
    for pk in ids:
        entry = entries[pk]
        try:
            if action == "check-in":
                entry_check_in(entry=entry, by_user=by_user)
            elif action == "drop":
                entry_drop(entry=entry, by_user=by_user)
            else:
                entry_remove(entry=entry, by_user=by_user)
        except ServiceError as error:
            raise type(error)(
                f"{entry.display_name}: {error.message} Nothing was changed.", code=error.code
            ) from None
    return len(ids)
