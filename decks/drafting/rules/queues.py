"""Per-seat pack queues (as Draftmancer does it).

Each seat picks from the head of its own queue and passes the rest to the next seat's tail,
so a slow seat only delays the packs behind it. A round ends when every queue is empty.
Packs of later rounds wait at their origin seat until their round begins.
"""

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .errors import StalePick
from .passing import next_seat


@dataclass(frozen=True)
class PackPosition:
    """Where a pack is: the seat holding it, its place in that queue, cards and picks so far."""

    id: int
    round: int
    origin_seat: int
    holder_seat: int
    arrival: int
    cards_left: int
    picks_made: int

    @property
    def pick_number(self) -> int:
        """The number the next pick from this pack carries (1 for a fresh pack)."""
        return self.picks_made + 1


def seat_queue(packs: Iterable[PackPosition], seat: int, round_number: int) -> list[PackPosition]:
    """The packs waiting for ``seat`` in this round, head first."""
    waiting = [
        p for p in packs if p.round == round_number and p.holder_seat == seat and p.cards_left > 0
    ]
    return sorted(waiting, key=lambda p: (p.arrival, p.id))


def head_pack(packs: Iterable[PackPosition], seat: int, round_number: int) -> PackPosition | None:
    """The pack ``seat`` picks from now, or None when its queue is empty."""
    queue = seat_queue(packs, seat, round_number)
    return queue[0] if queue else None


def check_pick(
    packs: Iterable[PackPosition], *, seat: int, round_number: int, pack_id: int, pick_number: int
) -> PackPosition:
    """The head pack when the pick names it and its next pick number, else StalePick."""
    head = head_pack(packs, seat, round_number)
    if head is None or head.id != pack_id:
        raise StalePick("That pack is not the one in front of you now.")
    if head.pick_number != pick_number:
        raise StalePick(f"This is pick {head.pick_number} of that pack, not pick {pick_number}.")
    return head


def after_pick(pack: PackPosition, *, seats: int, arrival: int) -> PackPosition:
    """The pack once one card is taken: passed to the next seat's tail (or left empty)."""
    return replace(
        pack,
        holder_seat=next_seat(pack.holder_seat, pack.round, seats),
        arrival=arrival,
        cards_left=pack.cards_left - 1,
        picks_made=pack.picks_made + 1,
    )


def round_finished(packs: Iterable[PackPosition], round_number: int) -> bool:
    """True when no pack of this round has a card left."""
    return all(p.cards_left == 0 for p in packs if p.round == round_number)


def last_card_seats(
    packs: Iterable[PackPosition], seats: Iterable[int], round_number: int
) -> list[int]:
    """The seats whose head pack has one card left: that card is theirs without a choice,
    so it is taken for them at once (decks/drafting/RULINGS.md, ruling 5)."""
    packs = list(packs)
    return [
        seat
        for seat in seats
        if (head := head_pack(packs, seat, round_number)) is not None and head.cards_left == 1
    ]
