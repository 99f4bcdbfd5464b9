"""The end of a draft: every player's picks become their pool (linked to their entry)."""

from collections import Counter
from collections.abc import Sequence

from decks import services as deck_services
from decks.drafting.models import Draft, Pick, Seat


def pool_owner(draft: Draft, seat: Seat):
    """Who owns the seat's pool: its player, or for a guest entry the organizer."""
    if seat.player_id:
        return seat.player
    if seat.entry_id:
        return draft.organizer
    return None


def draft_finish(
    draft: Draft, seats: Sequence[Seat], *, now, picked: dict[int, Counter] | None = None
) -> None:
    """Mark the draft finished and turn each player's picks (card id counts by seat id; read
    from the picks when not given) into a pool. The caller holds the draft lock and saves the
    draft row."""
    draft.status = Draft.Status.FINISHED
    draft.finished_at = now
    if picked is None:
        picked = {seat.id: Counter() for seat in seats}
        for seat_id, card_id in Pick.objects.filter(draft=draft).values_list(
            "seat_id", "pack_card__card_id"
        ):
            picked[seat_id][card_id] += 1
    for seat in seats:
        seat.deadline, seat.deadline_pack_id, seat.deadline_pick_number = None, None, None
        owner = pool_owner(draft, seat)
        if owner is None:
            continue
        seat.pool = deck_services.pool_create(
            owner=owner,
            game_slug=draft.game.slug,
            cards=dict(picked[seat.id]),
            entry=seat.entry,
            source="draft",
            seed=draft.seed,
        )
    Seat.objects.bulk_update(seats, ["deadline", "deadline_pack", "deadline_pick_number", "pool"])
