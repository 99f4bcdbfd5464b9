"""Real threads on PostgreSQL: one pick wins, lost tasks are swept up, restarts resume."""

import datetime as dt
import threading

import pytest
from django.db import connection
from django.utils import timezone

from config.errors import Conflict
from decks.drafting import services
from decks.drafting.models import Draft, Pick, Seat
from decks.drafting.selectors import draft_seat_view

from .conftest import draft_to_the_end

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]


def run_in_threads(count: int, work) -> list:
    """Start ``count`` threads at the same moment; each result or exception, in order."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def body(index: int) -> None:
        try:
            barrier.wait()
            results[index] = work(index)
        except BaseException as exc:  # a killed worker (SystemExit) too
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=body, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_many_simultaneous_picks_on_one_pack_accept_exactly_one(make_draft, players):
    # given a player facing a 15-card pack
    draft = make_draft(humans=players[:1], seats=2)
    view = draft_seat_view(draft_id=draft.id, user=players[0])
    cards = [c["id"] for c in view["pack"]["cards"]]

    # when 12 requests for that pick arrive at once, naming different cards
    def pick(index: int):
        return services.draft_pick_make(
            draft_id=draft.id, user=players[0], pack_id=view["pack"]["id"],
            pick_number=1, pack_card_id=cards[index],
        )  # fmt: skip

    results = run_in_threads(12, pick)
    # then exactly one is accepted and the others are conflicts
    accepted = [r for r in results if isinstance(r, Pick)]
    assert len(accepted) == 1
    assert all(isinstance(r, Conflict) for r in results if r not in accepted)
    assert Pick.objects.filter(seat__player=players[0]).count() == 1


def test_three_bot_runners_at_once_never_duplicate_a_pick(make_draft):
    draft = make_draft(seats=4)
    run_in_threads(3, lambda _i: services.draft_bots_run(draft_id=draft.id))
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED
    picks = Pick.objects.filter(draft=draft)
    assert picks.count() == 180
    assert picks.values("pack_card").distinct().count() == 180


def test_worker_killed_between_deadline_and_auto_pick_then_the_sweep_makes_it(
    make_draft, players, monkeypatch
):
    # given a seat past its deadline, and a worker that dies in the middle of the auto-pick
    draft = make_draft(humans=players[:1], seats=2, pick_timer=10)
    later = timezone.now() + dt.timedelta(seconds=11)
    from decks.drafting.services import picks as pick_services

    def killed(*args, **kwargs):
        raise SystemExit("worker killed")

    with monkeypatch.context() as patch:
        patch.setattr(pick_services, "settle", killed)
        results = run_in_threads(
            1,
            lambda _i: services.draft_deadline_expire(draft_id=draft.id, seat_index=0, now=later),
        )
    # the worker died; nothing was committed
    assert isinstance(results[0], SystemExit)
    assert not Pick.objects.filter(draft=draft, kind="timeout").exists()
    # when the periodic sweep runs
    services.draft_deadlines_sweep(now=later)
    # then the automatic pick is made, exactly once however often the sweep runs
    timeouts = Pick.objects.filter(draft=draft, kind="timeout", round=1, pick_number=1)
    assert timeouts.count() == 1
    services.draft_deadlines_sweep(now=later)
    assert timeouts.count() == 1


def test_restart_mid_draft_resumes_exactly_where_it_was(make_draft, players):
    # given a pod halfway through round 1
    draft = make_draft(humans=players[:2], seats=3)
    for _ in range(5):
        services.draft_bots_run(draft_id=draft.id)
        for user in players[:2]:
            view = draft_seat_view(draft_id=draft.id, user=user)
            if view["pack"]:
                services.draft_pick_make(
                    draft_id=draft.id, user=user, pack_id=view["pack"]["id"],
                    pick_number=view["pick_number"], pack_card_id=view["pack"]["cards"][0]["id"],
                )  # fmt: skip
    before = [draft_seat_view(draft_id=draft.id, user=u) for u in players[:2]]
    picks_before = Pick.objects.filter(draft=draft).count()
    # when every connection is dropped (the server and workers restart)
    connection.close()
    # then a reconnecting player sees the same pack and picks, and the draft completes
    after = run_in_threads(2, lambda i: draft_seat_view(draft_id=draft.id, user=players[i]))
    assert after == before
    assert Pick.objects.filter(draft=draft).count() == picks_before
    draft_to_the_end(draft.id, players[:2])
    assert Pick.objects.filter(draft=draft).values("pack_card").distinct().count() == 135
    assert all(s.pool_id for s in Seat.objects.filter(draft=draft, is_bot=False))
