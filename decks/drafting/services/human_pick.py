"""A human's pick, with the pod's lock held for one statement (issue 33).

Everything the pick needs is read before the lock, in one statement: the chosen card, the
draft, its seats, the round's packs and the cards of its packs with one or two left. The pick
is checked and planned from them in memory (the pick, its pack passed on, the forced last
cards that follow, the seats' new deadlines), then written only if nothing it read has moved,
in one statement (`fastpath.claim_and_write`): the lock is an `UPDATE` of the draft row,
conditional on its version (moved by every transaction that locks the pod,
`common.draft_lock`) and on the counters of the queues the pick changes (moved by every
planned write to them; a plan that empties a pack asks that no pick at all came between),
and the picks, the packs and the deadlines are written in the same statement, which is its
own transaction: the lock is held for no round trip, and picks of other seats' queues meanwhile
do not refuse it. Refused, the pick is planned again from the pod then, up to PLANNED_TRIES
plans, then made under the lock, the pod read there in one statement and the same writes in
one more. A pick that ends the draft (the pools), or that is refused, is made under the
lock too, where its error is as of then.
"""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from config import live
from config.errors import Conflict, NotAllowed, ServiceError
from decks.drafting import fastpath
from decks.drafting.models import Draft, Pick, Seat
from decks.drafting.rules import (
    PackPosition,
    StalePick,
    check_pick,
)
from decks.drafting.selectors import draft_seat_view, room_stamp

from .common import draft_lock, require_status
from .picks import (
    bots_waiting,
    deadline_changes,
    deferred,
    memo_defer,
    record_pick,
    save,
    schedule_bots,
    schedule_deadlines,
    settle,
    take_last_cards,
)

# How many plans a pick makes before it is made under the lock (each refused when a queue it
# changes moved between its read and its claim): planning again costs two round trips, the
# lock five and a wait behind the pod's other writes. In bench/draft_pods.py (8 pods, load
# 7-11) 6 left only the draft's ends under the lock (3: about 15 more picks), at the same p99.
PLANNED_TRIES = 6


def draft_pick_make(
    *, draft_id: int, user, pack_id: int, pick_number: int, pack_card_id: int
) -> Pick:
    """A player's pick from the pack in front of them. Exactly one of several identical or
    concurrent requests succeeds; the others get a 409 with the player's current state."""
    card_id = None
    try:
        for _ in range(PLANNED_TRIES):
            plan, card_id = _plan(draft_id, user, pack_id, pick_number, pack_card_id)
            if plan is None:
                break
            pick = _write(plan)
            if pick is not None:
                return pick
        return _pick_locked(draft_id, user, pack_id, pick_number, (pack_card_id, card_id))
    except (StalePick, IntegrityError) as exc:
        stale = exc
    raise _stale_conflict(draft_id, user, stale)


@dataclass
class _Plan:
    """A human pick checked and planned in memory from the pod as read: the pick first, then
    the forced last cards it leads to (ruling 5), the packs passed on and the deadlines (of
    the next round's first packs when those last cards end the round); `round_over` when
    they end the draft (its end, the pools, is made under the lock)."""

    read: fastpath.Read
    draft: Draft
    seats: list[Seat]
    positions: list[PackPosition]
    picks: list[Pick]
    moved: list[PackPosition]
    deadlines: list[Seat]
    round_over: bool

    @property
    def pick(self) -> Pick:
        return self.picks[0]


def _plan(
    draft_id: int, user, pack_id: int, pick_number: int, pack_card_id: int
) -> tuple["_Plan | None", int | None]:
    """The pick and what follows it, planned from the pod as read now (one statement on
    PostgreSQL, `fastpath.pod_state`; no lock), and the chosen card's id (None when it is not
    an unpicked card of that pack: a picked card stays picked, so the lock need not read it
    again; a pick of it that commits after this read fails on the pick's unique pack card).
    No plan when the pick is refused or ends the draft: that pick is made under the lock."""
    state = fastpath.pod_state(draft_id, pack_id, pack_card_id)
    if state is None:
        return None, None
    draft, seats, positions, last_cards, card_id = state
    seat = _seat_of(seats, user)
    if draft.status != Draft.Status.RUNNING or card_id is None or seat is None or seat.is_bot:
        return None, card_id
    try:
        head = _head_of(draft, positions, seat, pack_id, pick_number)
    except StalePick:
        return None, card_id
    plan = _planned(draft, (seats, positions, last_cards), seat, head, (pack_card_id, card_id))
    return (None if plan.round_over else plan), card_id


def _planned(
    draft: Draft,
    pod: tuple[list[Seat], list[PackPosition], fastpath.LastCards],
    seat: Seat,
    head: PackPosition,
    card: tuple[int, int],
) -> _Plan:
    """The checked pick of this card (pack card id, card id) from the seat's head pack and
    what follows it, made in memory on `draft` (the picks deferred, not written): the pack
    passed on, the forced last cards (from the cards read with the pod), the next round when
    they end this one (its packs read with the pod), the deadlines."""
    seats, positions, last_cards = pod
    read, positions = fastpath.Read.of(draft), list(positions)
    memo_defer(draft, last_cards)
    record_pick(draft, seat, positions, head, card, Pick.Kind.HUMAN)
    round_over = False
    while take_last_cards(draft, seats, positions):
        if draft.round >= draft.rounds:
            round_over = True
            break
        draft.round += 1  # as `settle` opens the next round
    picks, moved = deferred(draft)
    now = timezone.now()
    for pick in picks:
        pick.created_at = now
    deadlines = [] if round_over else deadline_changes(draft, seats, positions, now=now)
    return _Plan(read, draft, seats, positions, picks, moved, deadlines, round_over)


def _claim(plan: _Plan) -> bool:
    """The pod's lock, taken only if nothing the plan read has moved (its version, the queues
    it changes), and the planned picks, their packs and the deadlines written under it: one
    statement on PostgreSQL (`fastpath.claim_and_write`); nothing written when it moved."""
    arrivals = fastpath.claim_and_write(
        plan.read, plan.picks, plan.moved, plan.deadlines, plan.draft.round
    )
    if arrivals is None:
        return False
    plan.draft.arrivals = arrivals  # the other seats' passes since the read counted
    return True


def _write(plan: _Plan) -> Pick | None:
    """Write the planned pick (`_claim`); None when the pod moved on since it was read
    (nothing written). Then, once committed, the notice and the tasks that follow."""
    draft = plan.draft
    with fastpath.write_transaction():
        if not _claim(plan):
            return None
        # nothing else locked the pod since the read: the room's stamp is known
        live.publish(f"draft-{draft.pk}", room_stamp(draft, plan.seats))
        _after_write(plan)
    return plan.pick


def _after_write(plan: _Plan) -> None:
    """The tasks that follow a pick (sent once it is committed)."""
    schedule_deadlines(plan.draft, plan.deadlines)
    if bots_waiting(plan.draft, plan.seats, plan.positions):
        schedule_bots(plan.draft.pk)


def _pick_locked(
    draft_id: int, user, pack_id: int, pick_number: int, card: tuple[int, int | None]
) -> Pick:
    """The pick made under the pod's lock, read there: the pod (one statement), then the
    card's error after theirs (as if read there); the pick and what follows it (the next
    round included) in one statement more, or, when its last cards end the draft, the
    draft's end (`settle`: the pools)."""
    with transaction.atomic():
        draft = draft_lock(draft_id, announce=False)
        require_status(draft, Draft.Status.RUNNING, action="pick")
        seats, positions, last_cards = fastpath.pod_rows(draft)
        # the room's stamp as this transaction leaves the draft (no read after the commit)
        live.publish_read(f"draft-{draft.pk}", lambda: room_stamp(draft, seats))
        seat = _seat_of(seats, user)
        if seat is None:
            raise NotAllowed("You have no seat in this draft.", code="not_seated")
        if seat.is_bot:
            raise Conflict("A bot now drafts for this seat.", code="seat_is_bot")
        head = _head_of(draft, positions, seat, pack_id, pick_number)
        pack_card_id, card_id = card
        if card_id is None:
            raise ServiceError(
                "That card is not in this pack.",
                code="card_not_in_pack",
                errors={"card": ["Not a card of the pack in front of you."]},
            )
        plan = _planned(draft, (seats, positions, last_cards), seat, head, (pack_card_id, card_id))
        if not plan.round_over:
            fastpath.write_picks(
                plan.picks, plan.moved, plan.deadlines, draft.arrivals, draft.round
            )
            _after_write(plan)
            return plan.pick
        settle(draft, seats, plan.positions, now=plan.pick.created_at)
        save(draft)
        return plan.pick


def _stale_conflict(draft_id: int, user, exc: Exception) -> Conflict:
    """A 409 carrying the player's current state, so the client can show the right pack."""
    message = str(exc) if isinstance(exc, StalePick) else "That pick was already made."
    return Conflict(
        f"{message} Your current pack is in 'state'.",
        code="stale_pick",
        data={"state": draft_seat_view(draft_id=draft_id, user=user)},
    )


def _seat_of(seats, user):
    """The user's seat in the pod (None for a visitor or an anonymous user)."""
    return next((s for s in seats if user.pk and s.player_id == user.pk), None)


def _head_of(draft, positions, seat, pack_id: int, pick_number: int):
    """The head of the pack the seat holds, checked against the pick it quotes (StalePick
    when the quoted pack or pick number is not the seat's now)."""
    return check_pick(
        positions,
        seat=seat.index,
        round_number=draft.round,
        pack_id=pack_id,
        pick_number=pick_number,
    )
