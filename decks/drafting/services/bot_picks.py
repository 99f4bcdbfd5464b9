"""The bots' picks, with the pod's lock held for one statement (issues 17, 33).

A pod with a human seat: its bots plan one pass before the lock, as a human's pick is
planned (`human_pick`), from one snapshot of the pod (`fastpath.bots_state`: the draft, its
seats, the round's packs and cards, the bots' own picks): each bot with a pack chooses, in
seat order, then the forced last cards that follow are taken and the human seats' deadlines
worked out, all in memory. The plan is written only if nothing it read has moved, in one
statement (`fastpath.claim_and_write`): the lock is an `UPDATE` of the draft row conditional
on its version and on the counters of the queues the pass changes (as a human's pick), and
the picks, the packs passed on and the deadlines are written in the same statement, its own
transaction. Refused, the bots plan again from the pod as it is then, at most
STALE_PLANS_BEFORE_LOCKING times, then choose under the lock, reading the pod there
in one statement and writing in one more.

A pass that ends the round opens the next in memory too (its packs wait at their origin
seats, read with the pod). One that ends the draft (the pools) is made under the lock, and
so is every pass of a pod of bots only, whose lock nobody waits for: one
transaction takes them all.
"""

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from config import live
from decks.drafting import catalogue, fastpath
from decks.drafting.models import Draft, Pick, Seat
from decks.drafting.rules import PackPosition
from decks.drafting.selectors import room_stamp

from .common import draft_lock, positions_of, seats_of
from .picks import (
    bots_pass,
    deadline_changes,
    deferred,
    flush,
    memo_fill,
    save,
    schedule_deadlines,
    settle,
    take_last_cards,
)

# A bots' plan refused this many times in a row (its pod moved) is chosen under the lock,
# where humans would queue behind its five round trips: a plan costs one read (and the
# bots' choices, in memory).
STALE_PLANS_BEFORE_LOCKING = 6


@dataclass
class BotsPlan:
    """One pass of a pod's bots and the forced last cards after it, planned from the pod as
    read at `version`; `made` is the pass's number of bot picks."""

    read: fastpath.Read
    draft: Draft
    seats: list[Seat]
    picks: list[Pick]
    moved: list[PackPosition]
    deadlines: list[Seat]
    made: int


# What a plan asks when it cannot be written as planned: its pass is made under the lock.
UNDER_THE_LOCK = "under the lock"


def _bots_plan(draft_id: int, card_infos: dict) -> BotsPlan | str | None:
    """Without the lock: the pod's bots' next pass, planned from one snapshot (nothing
    written); None when no bot has a pack; UNDER_THE_LOCK for a pod of bots only or a pass
    that ends the round."""
    state = fastpath.bots_state(draft_id)
    if state is None:
        return None
    draft, seats, positions, cards = state
    if draft.status != Draft.Status.RUNNING:
        return None
    if all(seat.is_bot for seat in seats):
        return UNDER_THE_LOCK
    return _planned(draft, seats, positions, cards, card_infos)


def _planned(
    draft: Draft,
    seats: list[Seat],
    positions: list[PackPosition],
    cards: fastpath.BotsCards,
    card_infos: dict,
) -> BotsPlan | str | None:
    """The pass chosen in memory from what was read (the memo defers every pick)."""
    read = fastpath.Read.of(draft)
    # card facts do not change during a run: loaded once for every card read (two queries)
    missing = {card for *_, card in cards[0] + cards[1]} - card_infos.keys()
    if missing:
        card_infos.update(catalogue.card_infos(missing))
    draft._card_infos = card_infos
    memo_fill(draft, seats, cards)
    made = len(bots_pass(draft, seats, positions))
    if not made:
        return None
    while take_last_cards(draft, seats, positions):
        if draft.round >= draft.rounds:
            return UNDER_THE_LOCK  # the draft's end: the pools
        draft.round += 1  # as `settle` opens the next round (its packs read with the pod)
    picks, moved = deferred(draft)
    deadlines = deadline_changes(draft, seats, positions, now=timezone.now())
    return BotsPlan(read, draft, seats, picks, moved, deadlines, made)


def _bots_write(plan: BotsPlan) -> bool:
    """The pod's lock, taken only if nothing the plan read has moved (its version, the queues
    it changes), and the planned picks, their packs and the deadlines written under it: one
    statement on PostgreSQL (`fastpath.claim_and_write`). False when the pod moved on since
    it was read (nothing written)."""
    draft = plan.draft
    try:
        with fastpath.write_transaction():
            arrivals = fastpath.claim_and_write(
                plan.read, plan.picks, plan.moved, plan.deadlines, draft.round
            )
            if arrivals is None:
                return False
            draft.arrivals = arrivals  # the other seats' picks since the read counted
            # nothing else locked the pod since the read: the room's stamp is known
            live.publish(f"draft-{draft.pk}", room_stamp(draft, plan.seats))
            schedule_deadlines(draft, plan.deadlines)
    except IntegrityError:  # the unique constraints behind the version (never seen so far)
        return False
    return True


def _bots_locked(draft_id: int, card_infos: dict) -> int:
    """The bots' picks chosen and written under the lock; the number made. In a pod with a
    human seat, one pass: the pod read in one statement and, unless the pass ends the round,
    written in one more. In a pod of bots only, one transaction takes every pass until no
    bot has a pack."""
    with transaction.atomic():
        draft = draft_lock(draft_id, announce=False)
        if draft.status != Draft.Status.RUNNING:
            return 0
        seats, positions, cards = fastpath.bots_rows(draft)
        # the room's stamp as this transaction leaves the draft (no read after the commit)
        live.publish_read(f"draft-{draft.pk}", lambda: room_stamp(draft, seats))
        if not all(seat.is_bot for seat in seats):
            plan = _planned(draft, seats, positions, cards, card_infos)
            if not isinstance(plan, BotsPlan):
                return _bots_settled(draft, seats, positions) if plan else 0
            fastpath.write_picks(
                plan.picks, plan.moved, plan.deadlines, draft.arrivals, draft.round
            )
            schedule_deadlines(draft, plan.deadlines)
            return plan.made
        draft._card_infos = card_infos
        memo_fill(draft, seats, cards)
        made = 0
        while draft.status == Draft.Status.RUNNING:
            made_now = len(bots_pass(draft, seats, positions))
            if not made_now:
                break
            made += made_now
            settle(draft, seats, positions, now=timezone.now())
        flush(draft)
        if made:
            save(draft)
        return made


def _bots_settled(draft: Draft, seats: list[Seat], positions: list[PackPosition]) -> int:
    """Under the lock, after a pass chosen in memory that ends the round: the round's end
    (the next round or the draft's), then the deadlines; the pass's bot picks."""
    made = sum(1 for pick in deferred(draft)[0] if pick.kind == Pick.Kind.BOT)
    settle(draft, seats, positions, now=timezone.now())
    flush(draft)
    save(draft)
    return made


def _bots_step(draft_id: int, card_infos: dict) -> int:
    """One pass of the bots of a pod with a human seat (every pass in a pod of bots only);
    the number of picks.

    Issue 17: a human's pick must not wait behind the bots' thinking; issue 33: nor behind
    their reads. The bots plan without the lock and write under it only if the pod has not
    moved since their read (`_bots_write`); else they plan again. Nothing is written twice:
    the version check stands for every read of the plan, and the pick's unique constraints
    stand behind it."""
    for _ in range(STALE_PLANS_BEFORE_LOCKING):
        plan = _bots_plan(draft_id, card_infos)
        if plan is None:
            return 0
        if not isinstance(plan, BotsPlan):
            break
        if _bots_write(plan):
            return plan.made
    return _bots_locked(draft_id, card_infos)


def draft_bots_run(*, draft_id: int) -> int:
    """Let the pod's bots pick until none has a pack in front of it; the number of picks.
    Safe to run twice at once: every write takes the draft lock and checks the queues."""
    total, card_infos = 0, dict[int, Any]()
    while made := _bots_step(draft_id, card_infos):
        total += made
    return total


__all__ = ["draft_bots_run", "positions_of", "seats_of"]
