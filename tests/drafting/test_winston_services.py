"""Winston draft services on PostgreSQL: a whole draft to pools, repeated and concurrent
moves, the denial paths, the timeout move through the sweep, and pause/resume."""

import datetime as dt
from collections import Counter

import pytest
from django.utils import timezone

from config.errors import Conflict, NotAllowed, ServiceError
from decks.drafting import services
from decks.drafting.models import Draft, Seat, TurnMove, WinstonTable
from decks.models import PoolCard

from .test_draft_concurrency import run_in_threads

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture
def winston(make_draft):
    def make(humans, pick_timer="off", start=True):
        return make_draft(
            humans=humans, seats=2, format="winston", pick_timer=pick_timer, start=start
        )

    return make


def _table(draft_id: int) -> WinstonTable:
    return WinstonTable.objects.get(draft_id=draft_id)


def _pool_cards(draft_id: int, seat_index: int) -> Counter:
    """The saved pool of a seat (a bot's seat gets none)."""
    seat = Seat.objects.get(draft_id=draft_id, index=seat_index)
    assert seat.pool_id is not None
    rows = PoolCard.objects.filter(pool_id=seat.pool_id).values_list("card_id", "count")
    return Counter(dict(rows))


def test_a_human_and_a_bot_draft_every_card_into_exactly_one_pool(winston, players):
    draft = winston(players[:1])
    dealt = Counter(_table(draft.id).stack) + Counter(c for p in _table(draft.id).piles for c in p)
    assert sum(dealt.values()) == 90  # what a two-seat booster pod deals
    for _ in range(400):
        table = _table(draft.id)
        if Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED:
            break
        assert table.active == 0  # the bot has always acted by the time the human looks
        action = "take" if len(table.piles[table.pile]) >= 2 or not table.stack else "decline"
        services.winston_move_make(
            draft_id=draft.id, user=players[0], action=action, turn=table.turn
        )
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED
    pools = _table(draft.id).pools
    assert Counter(pools[0]) + Counter(pools[1]) == dealt  # each card in exactly one pool
    assert _pool_cards(draft.id, 0) == Counter(pools[0])
    turns = list(TurnMove.objects.filter(draft=draft).values_list("turn", flat=True))
    assert turns == list(range(len(turns)))


def test_a_repeated_move_is_refused_and_changes_nothing(winston, players):
    draft = winston(players[:1])
    turn = _table(draft.id).turn
    services.winston_move_make(draft_id=draft.id, user=players[0], action="take", turn=turn)
    after = _table(draft.id)
    with pytest.raises(Conflict) as refused:
        services.winston_move_make(draft_id=draft.id, user=players[0], action="take", turn=turn)
    assert refused.value.data["turn"] == after.turn
    assert _table(draft.id).turn == after.turn
    assert TurnMove.objects.filter(draft=draft, kind="human").count() == 1


@pytest.mark.django_db(transaction=True)
def test_simultaneous_identical_moves_make_exactly_one(winston, players):
    draft = winston(players[:1])
    turn = _table(draft.id).turn

    def move(_index):
        return services.winston_move_make(
            draft_id=draft.id, user=players[0], action="take", turn=turn
        )

    results = run_in_threads(4, move)
    assert sum(isinstance(r, TurnMove) for r in results) == 1
    assert all(isinstance(r, TurnMove | Conflict) for r in results)
    assert TurnMove.objects.filter(draft=draft, kind="human").count() == 1


def test_moves_out_of_turn_or_without_a_seat_are_refused(winston, players):
    draft = winston(players[:2])
    turn = _table(draft.id).turn
    with pytest.raises(Conflict):
        services.winston_move_make(draft_id=draft.id, user=players[1], action="take", turn=turn)
    with pytest.raises(NotAllowed):
        services.winston_move_make(draft_id=draft.id, user=players[2], action="take", turn=turn)
    with pytest.raises(ServiceError) as bad:
        services.winston_move_make(draft_id=draft.id, user=players[0], action="grab", turn=turn)
    assert bad.value.code == "bad_action"
    assert _table(draft.id).turn == turn


def test_a_winston_draft_needs_two_seats(organizer):
    with pytest.raises(ServiceError) as refused:
        services.draft_create(organizer=organizer, game_slug="combat", seats=3, format="winston")
    assert refused.value.errors == {"seats": ["A Winston draft has 2 seats."]}


def test_an_overdue_look_takes_the_pile_when_the_sweep_runs(winston, players):
    # given the human looking at pile 1 with a 30 s timer, and a worker that lost the task
    draft = winston(players[:1], pick_timer=30)
    seat = Seat.objects.get(draft=draft, index=0)
    assert seat.deadline is not None
    pile = _table(draft.id).piles[0]
    # when the sweep runs after the deadline (as after a worker restart)
    later = seat.deadline + dt.timedelta(seconds=1)
    assert services.draft_deadlines_sweep(now=later)["timeouts"] == 1
    # then the pile was taken for them, once
    move = TurnMove.objects.get(draft=draft, kind="timeout")
    assert (move.seat, move.action, move.cards) == (0, "take", pile)
    assert services.draft_deadlines_sweep(now=later)["timeouts"] == 0
    # and the human has a fresh deadline for their next look (the bot has acted)
    assert Seat.objects.get(pk=seat.pk).deadline > later - dt.timedelta(seconds=1)


def test_pause_keeps_the_time_left_and_resume_gives_it_back(winston, players, organizer):
    draft = winston(players[:1], pick_timer=60)
    services.draft_pause(draft_id=draft.id, user=organizer)
    seat = Seat.objects.get(draft=draft, index=0)
    assert seat.deadline is None
    assert 0 < seat.paused_remaining_ms <= 60_000
    with pytest.raises(Conflict):
        services.winston_move_make(
            draft_id=draft.id, user=players[0], action="take", turn=_table(draft.id).turn
        )
    services.draft_resume(draft_id=draft.id, user=organizer)
    seat = Seat.objects.get(draft=draft, index=0)
    assert timezone.now() < seat.deadline <= timezone.now() + dt.timedelta(seconds=60)


def test_a_seat_given_to_a_bot_finishes_the_draft(winston, players, organizer):
    draft = winston(players[:1])
    services.draft_seat_replace_with_bot(draft_id=draft.id, seat_index=0, user=organizer)
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED
    pools = _table(draft.id).pools
    assert len(pools[0]) + len(pools[1]) == 90
    assert _pool_cards(draft.id, 0) == Counter(pools[0])  # the player keeps their pool
