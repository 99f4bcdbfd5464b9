"""Real threads on PostgreSQL (issues 17, 33): the bots plan their picks without the pod's
lock, so a human pick, or another bots' runner, can land between their plan and their write;
no pick is lost nor doubled, a plan whose pod moved is planned again, and the draft
finishes."""

import contextlib
import threading
import time

import pytest

from config.errors import Conflict
from decks.drafting import services
from decks.drafting.models import Draft, Pick, Seat
from decks.drafting.services import bot_picks as bot_services

from .conftest import _head, human_pick
from .test_draft_concurrency import run_in_threads

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]


def _finished(draft_id: int) -> bool:
    return Draft.objects.get(pk=draft_id).status == Draft.Status.FINISHED


def _play(draft_id: int, user) -> list[int]:
    """Pick the first card whenever a pack waits, until the draft ends; the accepted picks."""
    accepted = []
    for _ in range(20000):  # a bound, not a timing: the draft ends long before
        if _finished(draft_id):
            return accepted
        if _head(draft_id, user) is None:
            time.sleep(0.002)
            continue
        try:
            accepted.append(human_pick(draft_id, user).id)
        except Conflict:  # the pod moved between our look and our pick: look again
            continue
    raise AssertionError("the draft did not finish")


def _run_bots(draft_id: int) -> list[int]:
    for _ in range(20000):
        if _finished(draft_id):
            return []
        if not services.draft_bots_run(draft_id=draft_id):
            time.sleep(0.002)
    raise AssertionError("the draft did not finish")


def test_two_bot_runners_and_a_human_acting_between_plan_and_write_double_nothing(
    make_draft, players, monkeypatch
):
    # given a pod of 1 human and 3 bots, and two bots' runners that have both planned the
    # same pass without the lock (neither has written)
    draft = make_draft(humans=players[:1], seats=4)
    planned = threading.Barrier(3, timeout=30)
    plan, plans, first = bot_services._bots_plan, [], threading.local()

    def plan_and_wait(draft_id, card_infos):
        plans.append(plan(draft_id, card_infos))
        if not getattr(first, "done", False):
            first.done = True
            planned.wait()
        return plans[-1]

    monkeypatch.setattr(bot_services, "_bots_plan", plan_and_wait)

    # when both runners write and the human picks, all at once, each on its own connection
    def work(index: int):
        if index < 2:
            return bot_services._bots_step(draft.id, {})
        planned.wait()
        return human_pick(draft.id, players[0])

    *made, pick = run_in_threads(3, work)
    assert not [r for r in (*made, pick) if isinstance(r, BaseException)], (made, pick)
    # then the human's pick stands and one runner's plan was written as planned; the other
    # runner's (and the first, had the human come first) was refused and planned again from
    # the pod then: each pick was written once
    picks = Pick.objects.filter(draft=draft)
    assert picks.filter(pk=pick.pk, kind=Pick.Kind.HUMAN).exists()
    assert picks.filter(kind=Pick.Kind.BOT).count() == sum(made)
    assert picks.count() == 1 + sum(made) == picks.values("pack_card").distinct().count()
    assert len(plans) > 2
    # and the draft goes on to its end with every card picked once
    monkeypatch.undo()
    run_in_threads(2, lambda i: _run_bots(draft.id) if i else _play(draft.id, players[0]))
    assert _finished(draft.id)
    assert picks.count() == 180 == picks.values("pack_card").distinct().count()


def test_four_humans_and_two_bot_runners_at_once_lose_and_double_nothing(make_draft, players):
    # given an 8-seat pod of 4 humans and 4 bots, started
    humans = players[:4]
    draft = make_draft(humans=humans, seats=8)
    # when 4 humans pick as fast as packs arrive while 2 workers run the bots, all at once
    results = run_in_threads(
        6, lambda i: _play(draft.id, humans[i]) if i < 4 else _run_bots(draft.id)
    )
    assert not [r for r in results if isinstance(r, BaseException)], results
    # then the draft finished, every card was picked exactly once, every pool is full
    assert _finished(draft.id)
    picks = Pick.objects.filter(draft=draft)
    assert picks.count() == 360 == picks.values("pack_card").distinct().count()
    for seat in Seat.objects.filter(draft=draft):
        assert seat.picks.count() == 45
    # and every pick a human was told was made is there, theirs
    for user, accepted in zip(humans, results[:4], strict=True):
        kept = picks.filter(pk__in=accepted, seat__player=user, kind=Pick.Kind.HUMAN)
        assert kept.count() == len(accepted) > 0


def test_two_humans_picking_at_once_at_each_rounds_end_lose_and_double_nothing(make_draft, players):
    # given a 2-seat pod of 2 humans: each pick passes a pack to the other, and their last
    # picks of a round race the forced last cards, the next round and the draft's end
    humans = players[:2]
    draft = make_draft(humans=humans, seats=2)
    accepted: list[list[int]] = [[], []]

    def pick(index: int) -> None:
        if _head(draft.id, humans[index]) is not None:
            with contextlib.suppress(Conflict):  # the other's pick came first: not made
                accepted[index].append(human_pick(draft.id, humans[index]).id)

    # when they pick in turn, except at each round's last picks (two cards or fewer left in
    # a pack in front of them), where both pick at the same moment, until the draft ends
    for _ in range(200):  # a bound: 45 steps when no pick is refused
        if _finished(draft.id):
            break
        heads = [_head(draft.id, user) for user in humans]
        if all(head is not None and head.cards_left <= 2 for head in heads):
            results = run_in_threads(2, pick)
            assert not [r for r in results if isinstance(r, BaseException)], results
        else:
            pick(0)
            pick(1)
    # then every card was picked once, each seat's 45, and every accepted pick is there
    assert _finished(draft.id)
    picks = Pick.objects.filter(draft=draft)
    assert picks.count() == 90 == picks.values("pack_card").distinct().count()
    for seat in Seat.objects.filter(draft=draft):
        assert seat.picks.count() == 45
    for user, mine in zip(humans, accepted, strict=True):
        kept = picks.filter(pk__in=mine, seat__player=user, kind=Pick.Kind.HUMAN)
        assert kept.count() == len(mine)
