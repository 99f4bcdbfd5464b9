"""A whole draft pod in memory: the reference model of the per-seat queue rules.

The Django services keep the same state in PostgreSQL and use the same functions
(``check_pick``, ``after_pick``, ``round_finished``); this class lets tests and benches play
complete drafts without a database.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from .bots import bot_pick
from .cards import DraftCard
from .errors import CardNotInPack, DraftNotRunning
from .queues import (
    PackPosition,
    after_pick,
    check_pick,
    head_pack,
    round_finished,
    seat_queue,
)


@dataclass(frozen=True)
class SeatView:
    """What one seat may see: its current pack, how many packs wait behind it, its picks."""

    seat: int
    round: int
    pack_id: int | None
    pick_number: int | None
    pack: tuple[DraftCard, ...]
    queued_packs: int
    picks: tuple[DraftCard, ...]


@dataclass(frozen=True)
class PickRecord:
    """One pick in the log."""

    seat: int
    round: int
    pick_number: int
    pack_id: int
    card: DraftCard


@dataclass
class DraftPod:
    """A pod built from dealt packs ``packs[round - 1][seat]`` (cards with distinct keys)."""

    game_slug: str
    packs: Sequence[Sequence[Sequence[DraftCard]]]
    round: int = 1
    positions: dict[int, PackPosition] = field(default_factory=dict)
    contents: dict[int, list[DraftCard]] = field(default_factory=dict)
    picks: list[list[DraftCard]] = field(default_factory=list)
    log: list[PickRecord] = field(default_factory=list)
    _arrivals: int = 0

    def __post_init__(self) -> None:
        seats = len(self.packs[0])
        self.picks = [[] for _ in range(seats)]
        for round_index, row in enumerate(self.packs):
            for seat, cards in enumerate(row):
                pack_id = round_index * seats + seat + 1
                self.contents[pack_id] = list(cards)
                self.positions[pack_id] = PackPosition(
                    id=pack_id,
                    round=round_index + 1,
                    origin_seat=seat,
                    holder_seat=seat,
                    arrival=0,
                    cards_left=len(cards),
                    picks_made=0,
                )

    @property
    def seats(self) -> int:
        """Number of seats."""
        return len(self.picks)

    @property
    def finished(self) -> bool:
        """True when every pack of every round is empty."""
        return all(p.cards_left == 0 for p in self.positions.values())

    def view(self, seat: int) -> SeatView:
        """The seat's view: nothing of any pack that is not at the head of its own queue."""
        queue = seat_queue(self.positions.values(), seat, self.round)
        head = queue[0] if queue and not self.finished else None
        return SeatView(
            seat=seat,
            round=self.round,
            pack_id=head.id if head else None,
            pick_number=head.pick_number if head else None,
            pack=tuple(self.contents[head.id]) if head else (),
            queued_packs=max(0, len(queue) - 1),
            picks=tuple(self.picks[seat]),
        )

    def pick(self, seat: int, pack_id: int, pick_number: int, card_key: int) -> PickRecord:
        """Take ``card_key`` from the seat's head pack and pass the rest; raises on bad picks."""
        if self.finished:
            raise DraftNotRunning("The draft is over.")
        head = check_pick(
            self.positions.values(),
            seat=seat,
            round_number=self.round,
            pack_id=pack_id,
            pick_number=pick_number,
        )
        cards = self.contents[pack_id]
        card = next((c for c in cards if c.key == card_key), None)
        if card is None:
            raise CardNotInPack("That card is not in this pack.")
        cards.remove(card)
        self.picks[seat].append(card)
        self._arrivals += 1
        self.positions[pack_id] = after_pick(head, seats=self.seats, arrival=self._arrivals)
        record = PickRecord(seat, self.round, pick_number, pack_id, card)
        self.log.append(record)
        self._advance_round()
        return record

    def bot_pick(self, seat: int) -> PickRecord | None:
        """Let a bot pick for ``seat`` from its head pack; None when its queue is empty."""
        head = head_pack(self.positions.values(), seat, self.round)
        if head is None:
            return None
        card = bot_pick(self.game_slug, self.contents[head.id], self.picks[seat])
        return self.pick(seat, head.id, head.pick_number, card.key)

    def _advance_round(self) -> None:
        while round_finished(self.positions.values(), self.round) and self.round < len(self.packs):
            self.round += 1

    def pack_holder(self, pack_id: int) -> int:
        """The seat whose queue holds this pack (for tests and the organizer)."""
        return self.positions[pack_id].holder_seat


def run_all_bots(pod: DraftPod) -> DraftPod:
    """Draft to the end with a bot in every seat (used by tests and benches)."""
    while not pod.finished:
        progressed = False
        for seat in range(pod.seats):
            if pod.bot_pick(seat) is not None:
                progressed = True
        if not progressed:  # pragma: no cover - would mean a queue bug
            raise RuntimeError("No seat can pick but the draft is not finished.")
    return pod
