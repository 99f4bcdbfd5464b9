"""The contracts with the decks and gameplay apps (their functions are stood in for here)."""

import types

import pytest

import decks.services
import gameplay.selectors
from config.errors import ServiceError
from tests.tournaments.helpers import entry_by_seed, make_overdue, match_with
from tournaments import tasks
from tournaments.models import Match, Tournament


@pytest.fixture
def fake_decks(monkeypatch):
    """A stand-in `decks.services.tournament_decks_lock` recording its calls; `.problems`
    makes it refuse. Only the function is replaced: the rest of the package stays importable."""
    module = types.SimpleNamespace(calls=[], problems=None)

    def tournament_decks_lock(*, tournament):
        module.calls.append(tournament.pk)
        if module.problems:
            raise ServiceError(
                "Some decks are not legal.", code="invalid_decks", errors=module.problems
            )

    monkeypatch.setattr(decks.services, "tournament_decks_lock", tournament_decks_lock)
    return module


def test_start_locks_decks_except_off_the_top(make_event, org_client, fake_decks):
    tid, _ = make_event(2, deck_format="constructed")
    other, _ = make_event(2)
    assert org_client.post(f"/api/tournaments/{other}/start/").status_code == 200
    assert org_client.post(f"/api/tournaments/{tid}/start/").status_code == 200
    assert fake_decks.calls == [tid]


def test_invalid_decks_stop_the_start_and_list_each_entry(make_event, org_client, fake_decks):
    tid, _ = make_event(2, deck_format="sealed")
    fake_decks.problems = {"entry 7": ["Deck has 29 cards; at least 30 are needed."]}
    response = org_client.post(f"/api/tournaments/{tid}/start/")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_decks"
    assert response.json()["errors"]["entry 7"]
    assert Tournament.objects.get(pk=tid).status == "registration"
    assert not Match.objects.filter(tournament_id=tid).exists()


def test_the_deadline_uses_the_live_engine_game(make_event, org_client, monkeypatch):
    # given an engine game in progress where seed 2 leads on life
    tid, _ = make_event(2, best_of=1)
    org_client.post(f"/api/tournaments/{tid}/start/")
    match = match_with(org_client, tid, 1, 1)
    e1, e2 = entry_by_seed(match, 1), entry_by_seed(match, 2)
    monkeypatch.setattr(
        gameplay.selectors,
        "live_game_time_facts",
        lambda *, match_id: (
            {"life": {e1: 4, e2: 11}, "first_damage": e1} if match_id == match["id"] else None
        ),
    )
    make_overdue(match["id"])
    # when the sweep runs, then seed 2 wins on time
    assert tasks.match_deadlines_sweep() == 1
    row = Match.objects.get(pk=match["id"])
    assert (row.winner_id, row.decided_by) == (e2, "time")
    assert row.games.get().source == "time"
