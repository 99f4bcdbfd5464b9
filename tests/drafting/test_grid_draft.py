"""Grid draft services and API on PostgreSQL: a whole draft to pools, the refusals, the
timeout line through the sweep, and the room page showing the grid."""

import datetime as dt
from collections import Counter

import pytest
from django.test import Client

from config.errors import Conflict, ServiceError
from decks.drafting import services
from decks.drafting.models import Draft, GridTable, Seat, TurnMove

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]
LINE_SLOTS = (
    ("row-1", (0, 1, 2)),
    ("row-2", (3, 4, 5)),
    ("row-3", (6, 7, 8)),
    ("column-1", (0, 3, 6)),
)


@pytest.fixture
def grid(make_draft):
    def make(humans, pick_timer="off"):
        return make_draft(humans=humans, seats=2, format="grid", pick_timer=pick_timer)

    return make


def _table(draft_id: int) -> GridTable:
    return GridTable.objects.get(draft_id=draft_id)


def test_a_human_and_a_bot_grid_draft_to_pools(grid, players):
    draft = grid(players[:1])
    first = _table(draft.id)
    dealt = Counter(c for g in first.grids for c in g) + Counter(first.grid)
    assert (first.rounds, sum(dealt.values())) == (10, 90)
    for _ in range(40):
        if Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED:
            break
        table = _table(draft.id)
        assert table.state().active == 0  # the bot has picked by the time the human looks
        line = next(name for name, slots in LINE_SLOTS if any(table.grid[s] for s in slots))
        services.grid_move_make(draft_id=draft.id, user=players[0], line=line, turn=table.turn)
    table = _table(draft.id)
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED
    placed = Counter(table.pools[0]) + Counter(table.pools[1]) + Counter(table.discarded)
    assert placed == dealt  # every card in exactly one pool or the discards
    # a line a round each: 3 cards picking first, 2 or 3 picking second
    assert all(25 <= len(pool) <= 30 for pool in table.pools)
    assert TurnMove.objects.filter(draft=draft).count() == 20
    assert Seat.objects.get(draft=draft, index=0).pool_id is not None


def test_grid_refusals_change_nothing(grid, players, client_for):
    draft = grid(players[:2])
    with pytest.raises(Conflict):
        services.grid_move_make(draft_id=draft.id, user=players[1], line="row-1", turn=0)
    with pytest.raises(ServiceError) as bad:
        services.grid_move_make(draft_id=draft.id, user=players[0], line="diagonal", turn=0)
    assert bad.value.code == "bad_line"
    services.grid_move_make(draft_id=draft.id, user=players[0], line="row-1", turn=0)
    with pytest.raises(Conflict):  # the same click again
        services.grid_move_make(draft_id=draft.id, user=players[0], line="row-1", turn=0)
    with pytest.raises(ServiceError) as taken:
        services.grid_move_make(draft_id=draft.id, user=players[1], line="row-1", turn=1)
    assert taken.value.code == "grid_move_not_allowed"
    # the API: bob (the second picker) sees the grid and the lines he may take
    body = client_for(players[1]).get(f"/api/drafts/{draft.id}/grid/").json()
    assert body["your_turn"]
    assert body["grid"][:3] == [None, None, None]
    assert "row-1" not in body["lines"]
    moved = client_for(players[1]).post(
        f"/api/drafts/{draft.id}/grid/", {"line": "column-1", "turn": 1}, format="json"
    )
    assert moved.status_code == 201
    assert (moved.json()["round"], moved.json()["pool_sizes"]) == (2, [3, 2])
    # round 2: bob picks first
    assert client_for(players[1]).get(f"/api/drafts/{draft.id}/grid/").json()["your_turn"]


def test_an_overdue_grid_pick_is_made_by_the_sweep(grid, players):
    draft = grid(players[:1], pick_timer=20)
    seat = Seat.objects.get(draft=draft, index=0)
    later = seat.deadline + dt.timedelta(seconds=1)
    assert services.draft_deadlines_sweep(now=later)["timeouts"] == 1
    assert TurnMove.objects.filter(draft=draft, kind="timeout").count() == 1
    assert services.draft_deadlines_sweep(now=later)["timeouts"] == 0


def test_the_room_shows_the_grid_and_a_click_takes_a_line(grid, players):
    draft = grid(players[:1])
    client = Client()
    client.force_login(players[0])
    page = client.get(f"/drafts/{draft.id}/").content.decode()
    assert "The grid" in page
    assert "Take row 1" in page
    client.post(f"/drafts/{draft.id}/grid/", {"line": "row-2", "turn": 0})
    assert TurnMove.objects.filter(draft=draft, kind="human", action="row-2").exists()
