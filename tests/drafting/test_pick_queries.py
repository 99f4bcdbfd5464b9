"""A pick's transaction is short (issues 17, 33): what it needs is read before the pod's lock
and the lock is held for one statement (taking it and writing the pick, its pack and the
deadlines), in a constant number of queries whatever the pod's size or progress. The bots
plan a pass the same way (one snapshot read before the lock, then the lock with the
writes), so a human waits for the lock at most one statement of another pick or pass."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.errors import Conflict
from decks.drafting import services
from decks.drafting.models import Draft, PackCard, Pick
from decks.drafting.rules import head_pack
from decks.drafting.services import bot_picks as bot_services
from decks.drafting.services import human_pick as human_pick_services
from decks.drafting.services.common import positions_of

from .conftest import _head, draft_to_the_end, human_pick

pytestmark = pytest.mark.django_db

# Before the lock: the draft, its seats, the round's packs and the chosen card still in its
# pack, in one statement (PostgreSQL; four on SQLite).
# Then SAVEPOINT (the service's transaction inside the test's; outside one, PostgreSQL runs
# the claim as its own transaction); the lock (an UPDATE of the draft's version, only if it is
# still the one read) with the pick, its pack passed on and the seats' deadlines, in one
# statement (PostgreSQL; four on SQLite); RELEASE SAVEPOINT.
HUMAN_PICK_READS_BEFORE_LOCK = 1 if connection.vendor == "postgresql" else 4
HUMAN_PICK_LOCKED = 1 if connection.vendor == "postgresql" else 4  # from the lock to the end
HUMAN_PICK_QUERIES = HUMAN_PICK_READS_BEFORE_LOCK + 1 + HUMAN_PICK_LOCKED + 1
# A pick whose plans were refused: the lock, the seats and packs, the writes (PostgreSQL; the
# SQLite fallback reads the draft, seats and packs apart and writes in four).
HUMAN_PICK_LOCKED_ONCE_REFUSED = 3 if connection.vendor == "postgresql" else 8
# A bots' pass: before the lock, the pod in one statement (PostgreSQL; five on SQLite); under
# it, the lock (an UPDATE of the draft's version, only if it is still the one read) with the
# picks, their packs and the deadlines, in one statement (PostgreSQL; on SQLite the lock, the
# picks and the packs, the deadlines being unchanged here).
BOTS_PASS_READS_BEFORE_LOCK = 1 if connection.vendor == "postgresql" else 5
BOTS_PASS_LOCKED = 1 if connection.vendor == "postgresql" else 3
# A bots' pass chosen under the lock (its plans kept being refused): the lock, the pod in
# one statement, the writes with the draft's arrivals in one more (PostgreSQL; on SQLite the
# lock is two statements, the reads four, the writes three).
BOTS_PASS_LOCKED_ONCE_REFUSED = 3 if connection.vendor == "postgresql" else 9


def _is_lock(sql: str) -> bool:
    """The draft's lock: an UPDATE of its row, alone or as a claim's first CTE."""
    return sql.startswith(('UPDATE "drafting_draft"', 'WITH claim AS (UPDATE "drafting_draft"'))


def _is_claim(sql: str) -> bool:
    """A claim: the lock taken only if the version is still the one read."""
    return sql.startswith("WITH claim AS") or 'AND "drafting_draft"."version" = ' in sql


def _locked(queries: list[str]) -> list[str]:
    """The statements from the draft's lock to the end of its transaction."""
    start = next(i for i, sql in enumerate(queries) if _is_lock(sql))
    end = next(i for i, sql in enumerate(queries) if i > start and sql.startswith("RELEASE"))
    return queries[start:end]


def _pick_queries(draft_id, user) -> list[str]:
    head = _head(draft_id, user)
    card = PackCard.objects.filter(pack_id=head.id, pick__isnull=True).order_by("position")[0]
    with CaptureQueriesContext(connection) as queries:
        services.draft_pick_make(
            draft_id=draft_id, user=user, pack_id=head.id,
            pick_number=head.pick_number, pack_card_id=card.id,
        )  # fmt: skip
    return [q["sql"] for q in queries.captured_queries]


@pytest.mark.parametrize(("seats", "humans"), [(8, 4), (4, 2), (8, 1)])
def test_a_human_pick_costs_the_same_few_queries_early_and_late(make_draft, players, seats, humans):
    # given a running pod of humans and bots, the bots having picked what they can
    draft = make_draft(humans=players[:humans], seats=seats)
    services.draft_bots_run(draft_id=draft.id)
    # when the first human picks, then the pick is a fixed handful of queries, no bot pick in it
    before = Pick.objects.filter(draft=draft).count()
    first = _pick_queries(draft.id, players[0])
    assert len(first) == HUMAN_PICK_QUERIES, "\n".join(first)
    assert len(_locked(first)) == HUMAN_PICK_LOCKED, "\n".join(first)
    assert Pick.objects.filter(draft=draft).count() == before + 1
    # and later in the round (other picks made, the bots run) it costs the same
    services.draft_bots_run(draft_id=draft.id)
    for user in players[1:humans]:
        if _head(draft.id, user) is not None:
            _pick_queries(draft.id, user)
    services.draft_bots_run(draft_id=draft.id)
    assert _head(draft.id, players[0]) is not None
    later = _pick_queries(draft.id, players[0])
    assert len(later) == len(first), "\n".join(later)


def _plan_then(monkeypatch, meanwhile):
    """Run `meanwhile()` once, between a human pick's reads and its lock."""
    plan, plans = human_pick_services._plan, []

    def planned(*args):
        result = plan(*args)
        plans.append(result)
        if len(plans) == 1:
            meanwhile()
        return result

    monkeypatch.setattr(human_pick_services, "_plan", planned)
    return plans


def test_a_pick_whose_pod_moved_between_its_reads_and_its_lock_is_made_from_the_pod_then(
    make_draft, players, monkeypatch
):
    # given a 4-seat pod of 2 humans, the second human picking between the first's reads and
    # the first's lock
    draft = make_draft(humans=players[:2], seats=4)
    _plan_then(monkeypatch, lambda: human_pick(draft.id, players[1]))
    # when the first human picks, then its plan is refused and the pick is planned again
    # from the pod as it is after the other's
    with CaptureQueriesContext(connection) as queries:
        first = human_pick(draft.id, players[0])
    claims = [q["sql"] for q in queries.captured_queries if _is_claim(q["sql"])]
    # the other's, the first's (refused: nothing written), the first's planned again
    assert len(claims) == 3
    picks = Pick.objects.filter(draft=draft, kind=Pick.Kind.HUMAN)
    assert first.id in set(picks.values_list("id", flat=True))
    assert picks.count() == 2 == picks.values("pack_card").distinct().count()
    state = Draft.objects.get(pk=draft.id)
    assert state.arrivals == 2
    assert sorted(p.picks_made for p in positions_of(state) if p.picks_made) == [1, 1]


@pytest.mark.postgres
def test_a_pick_of_other_queues_between_the_reads_and_the_lock_does_not_refuse_the_plan(
    make_draft, players, monkeypatch
):
    # given an 8-seat pod of 5 humans, the fourth picking (seat 3's queue to seat 4's) between
    # the first's reads and its lock (seat 0's queue to seat 1's)
    draft = make_draft(humans=players[:5], seats=8)
    _plan_then(monkeypatch, lambda: human_pick(draft.id, players[3]))
    # when the first human picks, then its plan is written as planned, behind the other's
    with CaptureQueriesContext(connection) as queries:
        first = human_pick(draft.id, players[0])
    claims = [q["sql"] for q in queries.captured_queries if _is_claim(q["sql"])]
    assert len(claims) == 2  # the other's and the first's, neither refused
    picks = Pick.objects.filter(draft=draft, kind=Pick.Kind.HUMAN)
    assert first.id in set(picks.values_list("id", flat=True))
    assert picks.count() == 2 == picks.values("pack_card").distinct().count()
    state = Draft.objects.get(pk=draft.id)
    assert state.arrivals == 2
    assert sorted(p.arrival for p in positions_of(state) if p.picks_made) == [1, 2]


def test_a_seat_given_to_a_bot_between_the_reads_and_the_lock_refuses_the_pick(
    make_draft, players, organizer, monkeypatch
):
    # given a human whose seat the organizer gives to a bot between the pick's reads and lock
    draft = make_draft(humans=players[:1], seats=2)
    _plan_then(
        monkeypatch,
        lambda: services.draft_seat_replace_with_bot(
            draft_id=draft.id, seat_index=0, user=organizer
        ),
    )
    # when the human picks, then it is refused as the bot's seat now, and nothing is written
    with pytest.raises(Conflict) as refused:
        human_pick(draft.id, players[0])
    assert refused.value.code == "seat_is_bot"
    assert not Pick.objects.filter(draft=draft, kind=Pick.Kind.HUMAN).exists()


def test_a_pick_refused_again_and_again_before_the_lock_is_made_under_it(
    make_draft, players, monkeypatch
):
    # given a pod whose version always moves between a pick's reads and its lock
    draft = make_draft(humans=players[:1], seats=2)
    monkeypatch.setattr(human_pick_services, "_claim", lambda draft: False)
    # when the human picks, then after a bounded number of reads it is made under the lock
    queries = _pick_queries(draft.id, players[0])
    reads = [sql for sql in queries if 'FROM "drafting_seat"' in sql]
    assert len(reads) == human_pick_services.PLANNED_TRIES + 1
    # (under the lock: the lock, the seats and packs, the pick with its pack and deadlines)
    assert len(_locked(queries)) == HUMAN_PICK_LOCKED_ONCE_REFUSED, "\n".join(queries)
    assert Pick.objects.filter(draft=draft, kind=Pick.Kind.HUMAN).count() == 1


def test_bots_of_a_pod_with_humans_take_one_pass_a_transaction(make_draft, players):
    # given an 8-seat pod of 1 human and 7 bots, started (every bot has a pack)
    draft = make_draft(humans=players[:1], seats=8)
    bots = draft.seats.filter(is_bot=True).count()
    # when one bots' transaction runs, then each bot picked at most once in it
    made = bot_services._bots_step(draft.id, {})
    assert 0 < made <= bots
    seat_picks = Pick.objects.filter(draft=draft).values_list("seat_id", flat=True)
    assert len(seat_picks) == len(set(seat_picks))
    # and running the bots to the end of what they can do stops at the human's queue
    services.draft_bots_run(draft_id=draft.id)
    state = Draft.objects.get(pk=draft.id)
    positions = positions_of(state)
    for seat in state.seats.all():
        waiting = head_pack(positions, seat.index, state.round)
        assert (waiting is None) == seat.is_bot


def test_an_all_bot_pod_keeps_its_passes_in_one_transaction(make_draft):
    # given an all-bot pod, when one bots' transaction runs, then it makes every pick
    draft = make_draft(seats=4)
    made = bot_services._bots_step(draft.id, {})
    assert made > 4
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED


def test_bots_plan_before_the_lock_and_hold_it_for_one_statement(make_draft, players):
    # given an 8-seat pod of 1 human and 7 bots, started (every bot has a pack), the cards'
    # facts already known to the run
    draft = make_draft(humans=players[:1], seats=8)
    card_infos: dict = {}
    bot_services._bots_plan(draft.id, card_infos)
    # when one step of the bots runs
    with CaptureQueriesContext(connection) as queries:
        made = bot_services._bots_step(draft.id, card_infos)
    assert made == 7
    statements = [q["sql"] for q in queries.captured_queries]
    # then the pod was read in one statement before the lock, and the lock (only if the
    # version is still the one read) was taken with the picks, the packs and the deadlines
    # written, in one statement; nothing is read while it is held
    locked = _locked(statements)
    before = statements[: statements.index(locked[0])]
    assert len([sql for sql in before if sql.startswith("SELECT")]) == (
        BOTS_PASS_READS_BEFORE_LOCK
    ), "\n".join(before)
    assert len(locked) == BOTS_PASS_LOCKED, "\n".join(locked)
    assert _is_claim(locked[0])
    assert not [sql for sql in locked if sql.startswith("SELECT")], locked
    picks = Pick.objects.filter(draft=draft, kind=Pick.Kind.BOT)
    assert picks.count() == 7 == picks.values("pack_card").distinct().count()
    assert Draft.objects.get(pk=draft.id).arrivals == 7


def test_a_human_pick_between_the_bots_plan_and_their_write_makes_them_plan_again(
    make_draft, players, monkeypatch
):
    # given a pod of 1 human and 3 bots, and a human pick landing just after the bots planned
    draft = make_draft(humans=players[:1], seats=4)
    plan, plans = bot_services._bots_plan, []

    def plan_then_human_picks(draft_id, card_infos):
        plans.append(plan(draft_id, card_infos))
        if len(plans) == 1:
            human_pick(draft_id, players[0])
        return plans[-1]

    monkeypatch.setattr(bot_services, "_bots_plan", plan_then_human_picks)
    # when the bots write, then their plan is refused (the pod moved) and they plan again
    # from the pod as the human left it: every card was picked once
    assert bot_services._bots_step(draft.id, {}) == 3
    assert len(plans) == 2
    picks = Pick.objects.filter(draft=draft)
    assert picks.filter(kind=Pick.Kind.HUMAN).count() == 1
    assert picks.count() == 4 == picks.values("pack_card").distinct().count()
    assert Draft.objects.get(pk=draft.id).arrivals == 4


def test_a_bots_plan_a_rival_runner_wrote_first_is_planned_again(make_draft, players, monkeypatch):
    # given an 8-seat pod of 1 human and 7 bots, whose bots' first plan a rival runner writes
    # first
    draft = make_draft(humans=players[:1], seats=8)
    plan, plans = bot_services._bots_plan, []

    def planned(draft_id, card_infos):
        plans.append(plan(draft_id, card_infos))
        if len(plans) == 1:
            assert bot_services._bots_write(plan(draft_id, card_infos))
        return plans[-1]

    monkeypatch.setattr(bot_services, "_bots_plan", planned)
    # when the bots' step writes its plan, then it is refused (nothing written twice) and the
    # step plans the next pass: the 6 bots the first pass left a pack
    assert bot_services._bots_step(draft.id, {}) == 6
    assert len(plans) == 2
    picks = Pick.objects.filter(draft=draft)
    assert picks.count() == 13 == picks.values("pack_card").distinct().count()


def test_bots_whose_plans_keep_being_refused_choose_under_the_lock_in_three_statements(
    make_draft, players, monkeypatch
):
    # given a pod whose version always moves between the bots' plan and their write
    draft = make_draft(humans=players[:1], seats=8)
    plan, plans = bot_services._bots_plan, []
    monkeypatch.setattr(
        bot_services, "_bots_plan", lambda *args: plans.append(plan(*args)) or plans[-1]
    )
    monkeypatch.setattr(bot_services, "_bots_write", lambda *args: False)
    # when the bots' step runs, then after a bounded number of plans they pick under the
    # lock: the lock, the pod in one statement, the writes in one more
    with CaptureQueriesContext(connection) as queries:
        assert bot_services._bots_step(draft.id, {}) == 7
    assert len(plans) == bot_services.STALE_PLANS_BEFORE_LOCKING
    locked = _locked([q["sql"] for q in queries.captured_queries])
    assert len(locked) == BOTS_PASS_LOCKED_ONCE_REFUSED, "\n".join(locked)
    picks = Pick.objects.filter(draft=draft)
    assert picks.count() == 7 == picks.values("pack_card").distinct().count()
    assert Draft.objects.get(pk=draft.id).arrivals == 7


@pytest.mark.parametrize("seats", [2, 4])
def test_every_bots_plan_of_a_whole_draft_is_written_as_planned(
    make_draft, players, monkeypatch, seats
):
    # given a pod of a human and bots, where bots' passes leave the human forced last cards
    draft = make_draft(humans=players[:1], seats=seats)
    write, locked = bot_services._bots_write, []

    def written(plan):
        assert write(plan), "a bots' plan was refused"
        return True

    def under_the_lock(*args):
        locked.append(args)
        return choose_locked(*args)

    choose_locked = bot_services._bots_locked
    monkeypatch.setattr(bot_services, "_bots_write", written)
    monkeypatch.setattr(bot_services, "_bots_locked", under_the_lock)
    # when the draft is played to its end, the bots planning before the lock
    draft_to_the_end(draft.id, players[:1])
    # then no plan was ever refused, only a pass that ended the draft was made under the
    # lock (a round's end is planned too), and every card was picked once
    assert len(locked) <= 1
    picks = Pick.objects.filter(draft=draft)
    assert picks.count() == seats * 45 == picks.values("pack_card").distinct().count()


def test_human_picks_ending_rounds_are_planned_and_open_the_next_round(
    make_draft, players, monkeypatch
):
    # given a 2-seat pod of 2 humans on a fixed pick timer, every pick made under the lock
    # counted
    draft = make_draft(humans=players[:2], seats=2, pick_timer=30)
    locked_picks, pick_locked = [], human_pick_services._pick_locked

    def under_the_lock(*args):
        locked_picks.append(args)
        return pick_locked(*args)

    monkeypatch.setattr(human_pick_services, "_pick_locked", under_the_lock)
    # when both play the whole draft, each round's end following one of their picks
    rounds = []
    for _ in range(200):
        state = Draft.objects.get(pk=draft.id)
        if state.status == Draft.Status.FINISHED:
            break
        rounds.append(state.round)
        for user in players[:2]:
            if _head(draft.id, user) is not None:
                human_pick(draft.id, user)
    # then only the draft's end was made under the lock; each round opened with a deadline
    # for each seat's first pack of it, and every card was picked once
    assert len(locked_picks) == 1
    assert sorted(set(rounds)) == [1, 2, 3]
    picks = Pick.objects.filter(draft=draft)
    assert picks.count() == 2 * 45 == picks.values("pack_card").distinct().count()
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED


def test_the_next_round_opened_by_a_planned_pick_gives_every_seat_its_deadline(make_draft, players):
    # given a 2-seat pod of 2 humans on a fixed pick timer, played to round 2's first pick
    draft = make_draft(humans=players[:2], seats=2, pick_timer=30)
    while Draft.objects.get(pk=draft.id).round == 1:
        for user in players[:2]:
            if _head(draft.id, user) is not None and Draft.objects.get(pk=draft.id).round == 1:
                human_pick(draft.id, user)
    # then each seat waits on its own round-2 pack, with a deadline for its first pick
    state = Draft.objects.get(pk=draft.id)
    positions = positions_of(state)
    for seat in state.seats.all():
        head = head_pack(positions, seat.index, 2)
        assert head is not None
        assert head.origin_seat == seat.index
        assert (seat.deadline_pack_id, seat.deadline_pick_number) == (head.id, 1)
        assert seat.deadline is not None
