"""Rune Duel through the app: `simulate` games, a whole bot tournament, the time rule's facts."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from gameplay import services
from gameplay.engine import registry
from gameplay.models import GameRecord
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db


def test_simulate_plays_rune_duel_bot_games():
    out = StringIO()
    call_command("simulate", "rune-duel", "--games", "4", "--bots", "greedy,random", stdout=out)
    wins = json.loads(out.getvalue().strip().splitlines()[-2])["wins"]
    assert sum(wins.values()) == 4


def test_a_rune_duel_bot_tournament_runs_to_the_end():
    # given / when a three-entry (one bye), best-of-3 bot tournament of Rune Duel is simulated
    out = StringIO()
    call_command(
        "simulate", "rune-duel", "--tournament", "--entries", "3", "--best-of", "3", stdout=out
    )
    summary = json.loads(out.getvalue().strip().splitlines()[-2])
    # then it finishes with a champion, every match decided by engine games
    tournament = Tournament.objects.get(pk=summary["tournament"])
    assert tournament.status == "finished"
    assert summary["winner"] in {f"Bot {n}" for n in range(1, 4)}
    assert summary["games"] >= 2 * 2
    assert not Match.objects.filter(tournament=tournament, winner__isnull=True).exists()
    assert set(GameRecord.objects.values_list("ruleset", flat=True)) == {"rune-duel"}


def test_a_live_rune_duel_game_gives_the_time_rule_its_life_totals():
    game = services.game_create(
        ruleset="rune-duel", seats=[{"bot": "random"}, {"bot": "random"}], seed=3
    )
    stored = GameRecord.objects.get(pk=game.pk).state  # read back from the database (JSON)
    facts = registry.get("rune-duel").time_facts(stored)
    assert facts == {"life": {0: 20, 1: 20}, "first_damage": None}


def test_two_people_play_rune_duel_through_the_api_to_the_end(make_user, client_for):
    # given two players in a Rune Duel created through the API
    alice, bob = make_user(), make_user()
    alice.is_staff = True  # a chosen seed with two people at the table: staff only
    alice.save()
    created = client_for(alice).post(
        "/api/games/",
        {
            "ruleset": "rune-duel",
            "seats": [{"user": alice.pk}, {"user": bob.pk}],
            "options": {"life": 20},
            "seed": 9,
            "match": None,
        },
        format="json",
    )
    assert created.status_code == 201
    game_id = created.json()["id"]
    clients = {0: client_for(alice), 1: client_for(bob)}
    # the other hand is a count in each player's view
    view = clients[0].get(f"/api/games/{game_id}/").json()["view"]
    assert len(view["players"]["0"]["hand"]) == 5
    assert "hand" not in view["players"]["1"]
    # when each player posts its first legal action whenever it has one
    for _ in range(400):
        bodies = {seat: c.get(f"/api/games/{game_id}/").json() for seat, c in clients.items()}
        if bodies[0]["status"] == "finished":
            break
        seat = next(s for s, body in bodies.items() if body["legal_actions"])
        body = bodies[seat]
        response = clients[seat].post(
            f"/api/games/{game_id}/actions/",
            {"action": body["legal_actions"][0], "version": body["version"]},
            format="json",
        )
        assert response.status_code == 200, response.json()
    # then the game ends with a result and its log replays exactly
    final = clients[0].get(f"/api/games/{game_id}/").json()
    assert final["status"] == "finished"
    assert set(final["result"]["life"]) == {"0", "1"}
    log = clients[0].get(f"/api/games/{game_id}/log/").json()
    assert log["actions"]
