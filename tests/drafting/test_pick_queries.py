"""A human pick's transaction is short (issue 17): the pick and the pass only, in a constant
number of queries whatever the pod's size or progress; the bots pick after it commits, in
transactions of one pass each, so a human waits for the pod's lock at most one pass."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from decks.drafting import services
from decks.drafting.models import Draft, PackCard, Pick
from decks.drafting.rules import head_pack
from decks.drafting.services import picks as pick_services
from decks.drafting.services.common import positions_of

from .conftest import _head

pytestmark = pytest.mark.django_db

# SAVEPOINT (the service's atomic inside the test's transaction); lock the draft; the seats;
# the round's packs; the chosen card still in the pack; insert the pick; pass the pack; the
# seats' deadlines; save the draft; RELEASE SAVEPOINT.
HUMAN_PICK_QUERIES = 10


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


def test_bots_of_a_pod_with_humans_take_one_pass_a_transaction(make_draft, players):
    # given an 8-seat pod of 1 human and 7 bots, started (every bot has a pack)
    draft = make_draft(humans=players[:1], seats=8)
    bots = draft.seats.filter(is_bot=True).count()
    # when one bots' transaction runs, then each bot picked at most once in it
    made = pick_services._bots_step(draft.id, {})
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
    made = pick_services._bots_step(draft.id, {})
    assert made > 4
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED
