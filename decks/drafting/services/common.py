"""Shared pieces of the draft services: locking, loading queue positions, permissions."""

from django.db.models import Q

from config.errors import Conflict, NotAllowed, NotFound
from decks.drafting.models import Draft, Pack, Seat
from decks.drafting.rules import PackPosition


def draft_lock(draft_id: int) -> Draft:
    """The draft row, locked for the rest of the transaction.

    Why: a pick moves a pack from one seat's queue to another's and may open the next round,
    so the picks of one pod are applied one at a time; different pods never wait for each other.
    """
    # of=("self",): lock only the draft row, not the game row joined in (shared by every pod).
    draft = (
        Draft.objects.select_for_update(of=("self",))
        .select_related("game")
        .filter(pk=draft_id)
        .first()
    )
    if draft is None:
        raise NotFound(f"There is no draft {draft_id}.", code="draft_not_found")
    return draft


def draft_get(draft_id: int) -> Draft:
    """The draft (not locked), or a 404."""
    draft = Draft.objects.select_related("game").filter(pk=draft_id).first()
    if draft is None:
        raise NotFound(f"There is no draft {draft_id}.", code="draft_not_found")
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


def seats_of(draft: Draft) -> list[Seat]:
    """The draft's seats in order."""
    return list(Seat.objects.filter(draft=draft).order_by("index"))


def seat_of_user(draft: Draft, user) -> Seat | None:
    """The user's seat in this draft, if any."""
    if not user.is_authenticated:
        return None
    return Seat.objects.filter(draft=draft, player=user).first()


def positions_of(draft: Draft) -> list[PackPosition]:
    """Where every pack of the current round is (the pure rules' view of the queues)."""
    rows = Pack.objects.filter(draft=draft, round=draft.round).values_list(
        "id", "round", "origin_seat", "holder_seat", "arrival", "cards_left", "picks_made"
    )
    return [PackPosition(*row) for row in rows]


def open_seat_filter() -> Q:
    """Seats nobody has taken yet."""
    return Q(player__isnull=True, is_bot=False)
