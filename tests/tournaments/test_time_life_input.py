"""Life totals entered at time are complete and plausible (ruling 18): a forgotten field or a
negative total is a 400 that says what to fix, and the match stays as it was."""

import pytest
from django.test import Client

from tests.tournaments.helpers import entry_by_seed, match_with
from tournaments.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def timed_duel(make_event, org_client):
    """A started 2-entry best-of-3 whose time was called: (players, match id, e1, e2)."""
    tid, players = make_event(2, best_of=3)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = match_with(org_client, tid, 1, 1)
    called = org_client.post(f"/api/matches/{match['id']}/call-time/", {}, format="json")
    assert called.status_code == 200, called.content
    return players, match["id"], entry_by_seed(match, 1), entry_by_seed(match, 2)


def unchanged(match_id: int) -> bool:
    row = Match.objects.get(pk=match_id)
    return row.status == "in_progress" and row.winner_id is None and not row.games.exists()


@pytest.mark.parametrize(
    ("life", "words"),
    [
        ({"e1": 5}, "has none"),  # the opponent's total forgotten
        ({"e1": -3, "e2": -1}, "below 0"),  # negative life would decide the match
        ({"e1": 5, "e2": 100_001}, "not a plausible total"),
        ({"e1": "", "e2": 4}, "whole number"),
    ],
)
def test_incomplete_or_impossible_totals_are_400_and_change_nothing(
    timed_duel, client_for, life, words
):
    players, match_id, e1, e2 = timed_duel
    body = {"life": {str({"e1": e1, "e2": e2}[k]): v for k, v in life.items()}}
    response = client_for(players[0][0]).post(f"/api/matches/{match_id}/time/", body, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["code"] in ("invalid_life", "invalid")
    assert words in response.json()["detail"] + str(response.json().get("errors"))
    assert unchanged(match_id)


def test_zero_life_is_a_valid_total(timed_duel, client_for):
    players, match_id, e1, e2 = timed_duel
    response = client_for(players[0][0]).post(
        f"/api/matches/{match_id}/time/", {"life": {e1: 0, e2: 3}}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["winner"] == e2


def test_the_page_refuses_blank_totals_unless_no_game_was_in_progress(timed_duel):
    players, match_id, e1, e2 = timed_duel
    client = Client()
    client.force_login(players[0][0])
    # blank fields: refused with a message, nothing decided
    response = client.post(
        f"/matches/{match_id}/time/", {f"life_{e1}": "", f"life_{e2}": ""}, follow=True
    )
    assert "Enter each player&#x27;s life total" in response.content.decode()
    assert unchanged(match_id)
    # one blank field: refused naming who is missing
    response = client.post(f"/matches/{match_id}/time/", {f"life_{e1}": "7"}, follow=True)
    assert "has none" in response.content.decode()
    assert unchanged(match_id)
    # ticking "no game was in progress": the game wins alone decide (0-0: the organizer)
    client.post(f"/matches/{match_id}/time/", {"no_game": "1"})
    assert Match.objects.get(pk=match_id).status == "needs_decision"


def test_after_time_is_called_the_page_stops_the_clock_and_names_people(timed_duel, organizer):
    players, match_id, e1, _e2 = timed_duel
    client = Client()
    client.force_login(organizer)
    page = client.get(f"/matches/{match_id}/").content.decode()
    assert "Time has been called" in page
    assert "Time left" not in page
    assert ">Call time<" not in page  # already called: no second call offered
    # a report later: the audit trail speaks in words and names, not codes and ids
    client.post(f"/matches/{match_id}/decide/", {"winner": str(e1)})
    page = client.get(f"/matches/{match_id}/").content.decode()
    assert "Time called" in page
    assert "Decided by the organizer" in page
    assert f"→ {players[0][0].username}" in page
