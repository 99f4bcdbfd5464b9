"""Picks: the automatic picks (last card, timeout, bots) and what follows each pick (passing,
the next round, deadlines, the end of the draft); a human's pick is `human_pick`."""

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from django.db import transaction
from django.utils import timezone

from config.enqueue import enqueue_on_commit
from decks.drafting import catalogue, fastpath
from decks.drafting.models import Draft, Pack, PackCard, Pick, Seat
from decks.drafting.rules import (
    PackPosition,
    after_pick,
    bot_pick,
    head_pack,
    last_card_seats,
    pick_seconds,
    round_finished,
)

from .common import draft_lock, positions_of, seats_of
from .finish import draft_finish


def schedule_bots(draft_id: int) -> None:
    """Run the bots of this pod in a worker once the transaction commits."""
    from decks.drafting import tasks  # same app; tasks import the services

    enqueue_on_commit(tasks.draft_bots_run, draft_id)


def _schedule_deadline(draft_id: int, seat_index: int, deadline: dt.datetime) -> None:
    """Expire this seat's pick at its deadline (the sweep catches it if the task is lost)."""
    from decks.drafting import tasks  # same app; tasks import the services

    enqueue_on_commit(tasks.draft_deadline_expire, draft_id, seat_index, eta=deadline)


@dataclass
class _PodMemo:
    """What one transaction on a locked pod has read and not yet written.

    Bots read each pack's cards and each seat's picks once, then follow their own picks in
    memory; while `deferring`, the picks and the packs' moves are written in bulk by `flush`
    (before anything reads them back), so a run of bot picks costs a few queries, not four
    a pick."""

    deferring: bool = False
    pack_cards: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    seat_picks: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    picks: list[Pick] = field(default_factory=list)
    moved: dict[int, PackPosition] = field(default_factory=dict)

    def took(self, seat_id: int, pack_id: int, pack_card_id: int, card_id: int) -> None:
        if pack_id in self.pack_cards:
            self.pack_cards[pack_id].remove((pack_card_id, card_id))
        if seat_id in self.seat_picks:
            self.seat_picks[seat_id].append((pack_card_id, card_id))

    def flush(self) -> None:
        """Write the deferred picks and pack moves (two queries)."""
        if self.picks:
            Pick.objects.bulk_create(self.picks)
            Pack.objects.bulk_update(
                [
                    Pack(
                        pk=pack_id,
                        holder_seat=m.holder_seat,
                        arrival=m.arrival,
                        cards_left=m.cards_left,
                        picks_made=m.picks_made,
                    )
                    for pack_id, m in self.moved.items()
                ],
                ["holder_seat", "arrival", "cards_left", "picks_made"],
            )
        self.picks, self.moved = [], {}


def memo_fill(draft: Draft, seats: Sequence[Seat], cards: fastpath.BotsCards) -> None:
    """Give the pod's memo what its bots choose from, as read with the seats and packs
    (`fastpath.bots_state`): nothing more is read to choose, and the picks are deferred."""
    pack_cards, picks = cards
    memo = memo_defer(draft, pack_cards)
    memo.seat_picks.update({seat.id: [] for seat in seats if seat.is_bot})
    for seat_id, pack_card_id, card_id in picks:
        memo.seat_picks[seat_id].append((pack_card_id, card_id))


def memo_defer(draft: Draft, pack_cards: Sequence[tuple[int, int, int]]) -> _PodMemo:
    """Defer the picks made on this draft object (`deferred`, `flush` write them), knowing
    these unpicked cards (pack id, pack card id, card id), by pack in order."""
    memo = _memo(draft)
    memo.deferring = True
    for pack_id, pack_card_id, card_id in pack_cards:
        memo.pack_cards.setdefault(pack_id, []).append((pack_card_id, card_id))
    return memo


def _memo(draft: Draft) -> _PodMemo:
    return draft.__dict__.setdefault("_memo", _PodMemo())


def flush(draft: Draft) -> None:
    """Write what the pod's memo deferred (nothing when it deferred nothing)."""
    memo = draft.__dict__.get("_memo")
    if memo is not None:
        memo.flush()


def record_pick(
    draft: Draft,
    seat: Seat,
    positions: list[PackPosition],
    head: PackPosition,
    card: tuple[int, int],
    kind: str,
) -> Pick:
    """Write (or, while the memo defers, queue) a checked pick of `card` (pack card id, card
    id) from the seat's head pack, and pass the pack on."""
    pick = Pick(
        draft=draft,
        seat=seat,
        pack_id=head.id,
        pack_card_id=card[0],
        round=draft.round,
        pick_number=head.pick_number,
        kind=kind,
    )
    draft.arrivals += 1
    moved = after_pick(head, seats=draft.seat_count, arrival=draft.arrivals)
    positions[positions.index(head)] = moved
    memo = _memo(draft)
    memo.took(seat.id, head.id, *card)
    if memo.deferring:
        memo.picks.append(pick)
        memo.moved[head.id] = moved
        return pick
    pick.save(force_insert=True)
    draft.packs.filter(pk=head.id).update(
        holder_seat=moved.holder_seat,
        arrival=moved.arrival,
        cards_left=moved.cards_left,
        picks_made=moved.picks_made,
    )
    return pick


def _auto_card(draft: Draft, seat: Seat, pack_id: int) -> tuple[int, int]:
    """The pack card a bot in this seat would take (pack card id, card id): it sees the pack
    and its own picks only."""
    memo = _memo(draft)
    if len(memo.pack_cards.get(pack_id, ())) == 1:  # a last card: no choice to make
        return memo.pack_cards[pack_id][0]
    if pack_id not in memo.pack_cards:
        memo.pack_cards[pack_id] = list(
            PackCard.objects.filter(pack_id=pack_id, pick__isnull=True)
            .order_by("position")
            .values_list("id", "card_id")
        )
    if seat.id not in memo.seat_picks:
        memo.seat_picks[seat.id] = list(
            Pick.objects.filter(seat=seat)
            .order_by("id")
            .values_list("pack_card_id", "pack_card__card_id")
        )
    pack_rows, pick_rows = memo.pack_cards[pack_id], memo.seat_picks[seat.id]
    # Card facts are loaded once per locked draft object (one bots run or one request).
    infos = draft.__dict__.setdefault("_card_infos", {})
    missing = {card_id for _, card_id in pack_rows + pick_rows} - infos.keys()
    if missing:
        infos.update(catalogue.card_infos(missing))
    pack = [replace(infos[card_id], key=pack_card_id) for pack_card_id, card_id in pack_rows]
    picks = [replace(infos[card_id], key=pack_card_id) for pack_card_id, card_id in pick_rows]
    chosen = bot_pick(draft.game.slug, pack, picks).key
    return next(row for row in pack_rows if row[0] == chosen)


def _prefetch_bots(draft: Draft, seats: Sequence[Seat], positions: list[PackPosition]) -> None:
    """Load what the bots with a pack see (their head packs' cards, their own picks) in two
    queries, instead of two a bot in `_auto_card`; what the memo holds is not read again."""
    memo = _memo(draft)
    heads = {
        seat.id: head.id
        for seat in seats
        if seat.is_bot and (head := head_pack(positions, seat.index, draft.round))
    }
    packs = [pack_id for pack_id in heads.values() if pack_id not in memo.pack_cards]
    bots = [seat_id for seat_id in heads if seat_id not in memo.seat_picks]
    if packs:
        rows = (
            PackCard.objects.filter(pack_id__in=packs, pick__isnull=True)
            .order_by("pack_id", "position")
            .values_list("pack_id", "id", "card_id")
        )
        memo.pack_cards.update({pack_id: [] for pack_id in packs})
        for pack_id, pack_card_id, card_id in rows:
            memo.pack_cards[pack_id].append((pack_card_id, card_id))
    if bots:
        picks = (
            Pick.objects.filter(seat_id__in=bots)
            .order_by("id")
            .values_list("seat_id", "pack_card_id", "pack_card__card_id")
        )
        memo.seat_picks.update({seat_id: [] for seat_id in bots})
        for seat_id, pack_card_id, card_id in picks:
            memo.seat_picks[seat_id].append((pack_card_id, card_id))


# A bot's choice: (seat id, pack id, the pack's picks made before it, (pack card id, card id)).
Choice = tuple[int, int, int, tuple[int, int]]


def bots_pass(draft: Draft, seats: Sequence[Seat], positions: list[PackPosition]) -> list[Choice]:
    """Each bot with a pack picks once, in seat order (a pack passed on may reach an idle bot
    in the same pass); their choices. Written later when the memo defers."""
    _prefetch_bots(draft, seats, positions)
    choices = []
    for seat in seats:
        head = head_pack(positions, seat.index, draft.round) if seat.is_bot else None
        if head is None:
            continue
        card = _auto_card(draft, seat, head.id)
        choices.append((seat.id, head.id, head.picks_made, card))
        record_pick(draft, seat, positions, head, card, Pick.Kind.BOT)
    return choices


def deferred(draft: Draft) -> tuple[list[Pick], list[PackPosition]]:
    """The picks the pod's memo deferred and where their packs went (not yet written)."""
    memo = _memo(draft)
    return memo.picks, list(memo.moved.values())


def _auto_pick(draft: Draft, seat: Seat, positions: list[PackPosition], kind: str) -> Pick | None:
    """The bot's choice for this seat's head pack (None when its queue is empty)."""
    head = head_pack(positions, seat.index, draft.round)
    if head is None:
        return None
    return record_pick(draft, seat, positions, head, _auto_card(draft, seat, head.id), kind)


def take_last_cards(draft: Draft, seats: Sequence[Seat], positions: list[PackPosition]) -> bool:
    """Take every forced last card (ruling 5), again while taking them forces more; True when
    the round is then finished (its end is left to the caller)."""
    while not round_finished(positions, draft.round):
        last = set(last_card_seats(positions, [seat.index for seat in seats], draft.round))
        forced = [seat for seat in seats if seat.index in last]
        if not forced:
            return False
        for seat in forced:
            kind = Pick.Kind.BOT if seat.is_bot else Pick.Kind.LAST
            _auto_pick(draft, seat, positions, kind)
    return True


def settle(draft: Draft, seats: Sequence[Seat], positions: list[PackPosition], *, now) -> None:
    """After picks: take forced last cards, open the next round or finish, refresh deadlines.
    The caller holds the draft lock and saves the draft."""
    while draft.status == Draft.Status.RUNNING and take_last_cards(draft, seats, positions):
        flush(draft)  # the pools and the next round's packs are read from the database
        if draft.round >= draft.rounds:
            draft_finish(draft, seats, now=now)
            return
        draft.round += 1
        positions[:] = positions_of(draft)
    refresh_deadlines(draft, seats, positions, now=now)


def refresh_deadlines(
    draft: Draft, seats: Sequence[Seat], positions: list[PackPosition], *, now
) -> None:
    """Give each human seat a deadline for its head pack (kept while the head is unchanged)."""
    changed = deadline_changes(draft, seats, positions, now=now)
    Seat.objects.bulk_update(changed, ["deadline", "deadline_pack", "deadline_pick_number"])
    schedule_deadlines(draft, changed)


def deadline_changes(
    draft: Draft, seats: Sequence[Seat], positions: list[PackPosition], *, now
) -> list[Seat]:
    """The seats whose deadline changes (set on them, not written): each human seat's for its
    head pack, kept while the head is unchanged; none for a bot or an empty queue."""
    changed = []
    for seat in seats:
        head = head_pack(positions, seat.index, draft.round)
        if seat.is_bot or head is None or draft.status != Draft.Status.RUNNING:
            if seat.deadline or seat.deadline_pack_id:
                seat.deadline, seat.deadline_pack_id, seat.deadline_pick_number = None, None, None
                changed.append(seat)
            continue
        if seat.deadline_pack_id == head.id and seat.deadline_pick_number == head.pick_number:
            continue
        seconds = pick_seconds(draft.timer, head.cards_left, draft.timer_seconds)
        seat.deadline = None if seconds is None else now + dt.timedelta(seconds=seconds)
        seat.deadline_pack_id, seat.deadline_pick_number = head.id, head.pick_number
        changed.append(seat)
    return changed


def schedule_deadlines(draft: Draft, changed: Sequence[Seat]) -> None:
    """Expire these seats' new deadlines once the transaction commits."""
    for seat in changed:
        if seat.deadline is not None:
            _schedule_deadline(draft.id, seat.index, seat.deadline)


def bots_waiting(draft: Draft, seats: Sequence[Seat], positions: list[PackPosition]) -> bool:
    """True when a bot seat has a pack to pick from."""
    return draft.status == Draft.Status.RUNNING and any(
        seat.is_bot and head_pack(positions, seat.index, draft.round) for seat in seats
    )


def save(draft: Draft) -> None:
    draft.save(update_fields=["status", "round", "arrivals", "finished_at"])


def draft_deadline_expire(*, draft_id: int, seat_index: int, now=None) -> bool:
    """If the seat's deadline has passed, make the bot's pick for it (kind 'timeout').
    Idempotent: True only when this call made the pick."""
    now = now or timezone.now()
    with transaction.atomic():
        draft = draft_lock(draft_id)
        if draft.status != Draft.Status.RUNNING:
            return False
        if draft.format == Draft.Format.WINSTON:
            from .winston import winston_deadline_expire  # winston imports this module

            return winston_deadline_expire(draft, seat_index, now=now)
        if draft.format == Draft.Format.GRID:
            from .grid import grid_deadline_expire  # grid imports this module

            return grid_deadline_expire(draft, seat_index, now=now)
        if draft.format == Draft.Format.ROCHESTER:
            from .rochester import rochester_deadline_expire  # it imports this module

            return rochester_deadline_expire(draft, seat_index, now=now)
        seats = seats_of(draft)
        seat = next((s for s in seats if s.index == seat_index), None)
        if seat is None or seat.is_bot or seat.deadline is None or seat.deadline > now:
            return False
        positions = positions_of(draft)
        pick = _auto_pick(draft, seat, positions, Pick.Kind.TIMEOUT)
        settle(draft, seats, positions, now=now)
        save(draft)
        if bots_waiting(draft, seats, positions):
            schedule_bots(draft.id)
        return pick is not None
