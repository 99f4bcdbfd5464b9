"""Shared pieces of the draft services: locking, loading queue positions, permissions."""

from django.db.models import Q

from config import live
from config.errors import Conflict, NotAllowed, NotFound
from decks.drafting import fastpath
from decks.drafting.models import Draft

# Reads live in the selectors (which never import services); kept importable from here.
from decks.drafting.selectors import (
    draft_get,
    draft_room_stamp,
    positions_of,
    seat_of_user,
    seats_of,
)

__all__ = [
    "draft_get",
    "draft_lock",
    "open_seat_filter",
    "positions_of",
    "require_organizer",
    "require_status",
    "seat_of_user",
    "seats_of",
]


def draft_lock(draft_id: int, *, announce: bool = True) -> Draft:
    """The draft row, locked for the rest of the transaction.

    Why: a pick moves a pack from one seat's queue to another's and may open the next round,
    so the picks of one pod are applied one at a time; different pods never wait for each other.
    Its version moves on: a human's pick planned before the lock from what it read then is
    refused once anything else locked the pod since (`human_pick`).
    """
    # One statement (an UPDATE that returns the row and its game); only the draft row is
    # locked, not the game's (shared by every pod).
    draft = fastpath.lock_draft(draft_id)
    if draft is None:
        raise NotFound(f"There is no draft {draft_id}.", code="draft_not_found")
    # Every write to a draft locks it first: its open rooms hear of the change once it commits
    # (with the room's stamp then; a lock that changed nothing announces the same stamp). A
    # caller that knows the stamp it commits announces it itself (`announce=False`, then
    # `live.publish(..., room_stamp(draft, seats))`): no read after the commit.
    if announce:
        live.publish_read(f"draft-{draft_id}", lambda: draft_room_stamp(draft_id=draft_id))
    return draft


def require_organizer(draft: Draft, user) -> None:
    """Only the pod's organizer (or staff) may run it."""
    if not (user.is_authenticated and (draft.organizer_id == user.pk or user.is_staff)):
        raise NotAllowed("Only the draft's organizer can do this.", code="not_organizer")


def require_status(draft: Draft, *allowed: str, action: str) -> None:
    """A 409 naming the current status when the draft is not in one of ``allowed``."""
    if draft.status not in allowed:
        raise Conflict(
            f"Cannot {action}: the draft is {draft.status}.",
            code="draft_wrong_status",
            data={"status": draft.status},
        )


def open_seat_filter() -> Q:
    """Seats nobody has taken yet."""
    return Q(player__isnull=True, is_bot=False)
