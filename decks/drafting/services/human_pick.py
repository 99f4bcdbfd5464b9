"""A human's pick, with the pod's lock held for one statement (issue 33).

Everything the pick needs is read before the lock, in one statement: the chosen card, the
draft, its seats and the round's packs. The pick is checked and planned from them (the pick,
its pack passed on, the seats' new deadlines), then written only if nothing locked the pod
since the read, in one statement (`fastpath.claim_and_write`): the lock is `UPDATE draft SET
version = version + 1 ... WHERE version = <the version read>` (every other write of a pod
moves the version, `common.draft_lock`), and the pick, the pack and the deadlines are written
in the same statement, which is its own transaction: the lock is held for no round trip. A
version moved meanwhile means another write came first: the pick is planned again from the
pod then, up to PLANNED_TRIES plans, then made under the lock, its seats and packs read there
in one statement and the same writes in one more. A pick that settles more than itself (a
forced last card, the round's end, the draft's end) or that is refused is made under the lock
too, where its error is as of then.
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
    after_pick,
    check_pick,
    last_card_seats,
    round_finished,
)
from decks.drafting.selectors import draft_seat_view, room_stamp

from .common import draft_lock, require_status
from .picks import (
    bots_waiting,
    deadline_changes,
    record_pick,
    save,
    schedule_bots,
    schedule_deadlines,
    settle,
)

# How many plans a pick makes before it is made under the lock (each refused when the pod
# moved between its read and its claim): planning again costs two round trips, the lock six.
# In bench/draft_pods.py (8 pods, load 16-20) 3 and 5 gave the same tail within the noise;
# refusals come in runs while a pod is busy, so more tries mostly lengthen the unlucky picks.
PLANNED_TRIES = 3


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
    """A human pick checked and planned from the pod as read before the lock."""

    draft: Draft
    seats: list[Seat]
    positions: list[PackPosition]
    pick: Pick
    moved: PackPosition
    deadlines: list[Seat]


def _plan(
    draft_id: int, user, pack_id: int, pick_number: int, pack_card_id: int
) -> tuple["_Plan | None", int | None]:
    """The pick and what follows it, planned from the pod as read now (one statement on
    PostgreSQL, `fastpath.pod_state`; no lock), and the chosen card's id (None when it is not
    an unpicked card of that pack: a picked card stays picked, so the lock need not read it
    again; a pick of it that commits after this read fails on the pick's unique pack card).
    No plan when the pick is refused or settles more than itself (a forced last card, the
    round's or the draft's end): that pick is made under the lock."""
    state = fastpath.pod_state(draft_id, pack_id, pack_card_id)
    if state is None:
        return None, None
    draft, seats, positions, card_id = state
    seat = _seat_of(seats, user)
    if draft.status != Draft.Status.RUNNING or card_id is None or seat is None or seat.is_bot:
        return None, card_id
    try:
        head = _head_of(draft, positions, seat, pack_id, pick_number)
    except StalePick:
        return None, card_id
    return _planned(draft, seats, positions, seat, head, pack_card_id), card_id


def _planned(
    draft: Draft,
    seats: list[Seat],
    positions: list[PackPosition],
    seat: Seat,
    head: PackPosition,
    pack_card_id: int,
) -> "_Plan | None":
    """The checked pick of this card from the seat's head pack and what follows it, when
    that is only the pack passed on and the deadlines (else None: a forced last card, the
    round's or the draft's end follow, which `settle` makes)."""
    moved = after_pick(head, seats=draft.seat_count, arrival=draft.arrivals + 1)
    positions = [moved if p == head else p for p in positions]
    indexes = [s.index for s in seats]
    if round_finished(positions, draft.round) or last_card_seats(positions, indexes, draft.round):
        return None
    now = timezone.now()
    pick = Pick(
        draft=draft,
        seat=seat,
        pack_id=head.id,
        pack_card_id=pack_card_id,
        round=draft.round,
        pick_number=head.pick_number,
        kind=Pick.Kind.HUMAN,
        created_at=now,
    )
    deadlines = deadline_changes(draft, seats, positions, now=now)
    return _Plan(draft, seats, positions, pick, moved, deadlines)


def _claim(plan: _Plan) -> bool:
    """The pod's lock, taken only if its version is still the one read, and the planned
    pick, its pack and the deadlines written under it: one statement on PostgreSQL
    (`fastpath.claim_and_write`); nothing written when the pod moved."""
    draft = plan.draft
    return fastpath.claim_and_write(
        draft.pk, draft.version, draft.arrivals + 1, [plan.pick], [plan.moved], plan.deadlines
    )


def _write(plan: _Plan) -> Pick | None:
    """Write the planned pick (`_claim`); None when the pod moved on since it was read
    (nothing written). Then, once committed, the notice and the tasks that follow."""
    draft = plan.draft
    with fastpath.write_transaction():
        if not _claim(plan):
            return None
        # nothing else wrote the pod since the read: the room's stamp is known
        draft.arrivals += 1
        live.publish(f"draft-{draft.pk}", room_stamp(draft, plan.seats))
        _after_write(plan)
    return plan.pick


def _after_write(plan: _Plan) -> None:
    """The tasks that follow a pick (sent once it is committed)."""
    schedule_deadlines(plan.draft, plan.deadlines)
    if bots_waiting(plan.draft, plan.seats, plan.positions):
        schedule_bots(plan.draft.pk)


def _write_planned(plan: _Plan, arrivals: int) -> None:
    """Under the pod's lock: the pick, its pack, the deadlines and the draft's arrivals in
    one statement, and the tasks that follow."""
    fastpath.write_pick(plan.pick, plan.moved, plan.deadlines, arrivals=arrivals)
    _after_write(plan)


def _pick_locked(
    draft_id: int, user, pack_id: int, pick_number: int, card: tuple[int, int | None]
) -> Pick:
    """The pick made under the pod's lock, read there: the seats and queues (one statement),
    then the card's error after theirs (as if read there); the pick and what follows it in
    one statement more when that is only its pack passed on and the deadlines, else all that
    follows it (`settle`)."""
    with transaction.atomic():
        draft = draft_lock(draft_id, announce=False)
        require_status(draft, Draft.Status.RUNNING, action="pick")
        seats, positions = fastpath.pod_rows(draft)
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
        plan = _planned(draft, seats, positions, seat, head, pack_card_id)
        if plan is not None:
            draft.arrivals += 1
            _write_planned(plan, arrivals=draft.arrivals)
            return plan.pick
        pick = record_pick(draft, seat, positions, head, (pack_card_id, card_id), Pick.Kind.HUMAN)
        settle(draft, seats, positions, now=timezone.now())
        save(draft)
        if bots_waiting(draft, seats, positions):
            schedule_bots(draft.id)
        return pick


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
