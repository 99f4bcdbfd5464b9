"""`manage.py simulate` and the Celery task entry points."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from gameplay import services, tasks
from gameplay.models import GameRecord
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_simulate_plays_bot_games_and_prints_the_outcome():
    out = StringIO()
    call_command("simulate", "combat", "--games", "6", "--bots", "random,random", stdout=out)
    first, speed = out.getvalue().strip().splitlines()[-2:]
    wins = json.loads(first)["wins"]
    assert sum(wins.values()) == 6
    assert "games/s" in speed


def test_simulate_rejects_unknown_ruleset_and_bot():
    with pytest.raises(CommandError, match="no game called"):
        call_command("simulate", "chess", stdout=StringIO())
    with pytest.raises(CommandError, match="Unknown bot"):
        call_command("simulate", "combat", "--bots", "oracle", stdout=StringIO())


def test_simulate_runs_a_whole_bot_tournament():
    out = StringIO()
    call_command("simulate", "combat", "--tournament", "--entries", "4", stdout=out)
    summary, speed = out.getvalue().strip().splitlines()[-2:]
    summary = json.loads(summary)
    # two semi-finals and a final, each played on the engine, the winners moving on
    assert summary["status"] == "finished"
    assert summary["games"] == 3
    assert summary["winner"] in {f"Bot {n}" for n in range(1, 5)}
    tournament = Tournament.objects.get(pk=summary["tournament"])
    assert tournament.status == "finished"
    final = tournament.matches.get(round__number=2)
    semis = tournament.matches.filter(round__number=1)
    assert set(final.slots.values_list("entry_id", flat=True)) == {m.winner_id for m in semis}
    assert "games/s" in speed


def test_bot_move_task_plays_until_the_end_and_is_idempotent():
    game = services.game_create(
        ruleset="combat", seats=[{"bot": "random"}, {"bot": "random"}], seed=12
    )
    while GameRecord.objects.get(pk=game.pk).status == "in_progress":
        assert tasks.bot_move(game.pk) > 0
    assert tasks.bot_move(game.pk) == 0  # nothing left to do
    assert tasks.stalled_bots_sweep() == 0


@pytest.mark.slow
def test_simulate_runs_a_kingdom_combat_bot_tournament_with_registered_decks():
    out = StringIO()
    call_command("simulate", "kingdom-combat", "--tournament", "--entries", "4", stdout=out)
    summary = json.loads(out.getvalue().strip().splitlines()[-2])
    assert summary["status"] == "finished"
    assert summary["games"] == 3
    tournament = Tournament.objects.get(pk=summary["tournament"])
    games = GameRecord.objects.filter(match__tournament=tournament)
    assert games.count() == 3
    for game in games:
        # each seat plays the deck its entry registered (locked at the start)
        decks = game.state["options"]["decks"]
        assert len(decks) == 2
        assert all(d["fortresses"] and d["cards"] for d in decks)
        assert game.result["winners"] or game.result["facts"]["end"] == "time"
