"""A pod's bot picks that wait for no human are made in one transaction and written in bulk
(issue 17): the same picks as one at a time, in a few queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from decks.drafting import services
from decks.drafting.models import Draft, Pick

from .conftest import draft_to_the_end

pytestmark = pytest.mark.django_db


def test_an_all_bot_draft_runs_in_one_batch_of_few_queries(make_draft):
    # given a started 8-seat all-bot pod (360 picks to make)
    draft = make_draft(seats=8)
    # when its bots run, then every pick is made, in one transaction of a few queries a pass
    with CaptureQueriesContext(connection) as queries:
        made = services.draft_bots_run(draft_id=draft.id)
    assert made > 0  # the bots' own picks; the forced last cards come with them
    assert Pick.objects.filter(draft=draft).count() == 360
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED
    assert len(queries.captured_queries) < 150  # one at a time took about 2,100
    assert sum(1 for q in queries.captured_queries if q["sql"] == "BEGIN") <= 2


def test_bots_batched_between_a_humans_picks_fill_every_pool_once(make_draft, players):
    # given a pod of one human and three bots, drafted to the end (bots run between picks)
    mixed = make_draft(humans=players[:1], seats=4, seed="same")
    draft_to_the_end(mixed.id, players[:1])
    # then every seat ends with a full pool and no card was picked twice
    picks = Pick.objects.filter(draft=mixed)
    assert picks.count() == 4 * 3 * 15
    assert picks.values("pack_card").distinct().count() == picks.count()
    for seat in mixed.seats.all():
        assert seat.picks.count() == 45
