"""Army, Conventional Combat and Rune Duel as tournaments: `simulate` runs a bot event to the
end, and a timed-out engine game is decided by the time rule through the deadline code."""

from __future__ import annotations

import json
import random
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from gameplay import selectors, services
from gameplay.engine import registry
from gameplay.models import GameRecord
from tournaments import services as tournament_services
from tournaments.models import Match, Tournament

pytestmark = pytest.mark.django_db
GAMES = ("army", "conventional-combat", "rune-duel")


@pytest.mark.parametrize("game", GAMES)
def test_simulate_runs_a_bot_tournament_of_the_game_to_the_end(game):
    # when a four-entry, best-of-3 bot tournament of the game is simulated
    out = StringIO()
    call_command("simulate", game, "--tournament", "--entries", "4", "--best-of", "3", stdout=out)
    summary = json.loads(out.getvalue().strip().splitlines()[-2])
    # then it finishes with a champion, every match decided by engine games of that game
    tournament = Tournament.objects.get(pk=summary["tournament"])
    assert (tournament.game, tournament.status) == (game, "finished")
    assert summary["winner"] in {f"Bot {n}" for n in range(1, 5)}
    matches = Match.objects.filter(tournament=tournament)
    assert matches.count() == 3
    assert not matches.filter(winner__isnull=True).exists()
    records = GameRecord.objects.filter(match__tournament=tournament)
    assert set(records.values_list("ruleset", flat=True)) == {game}
    assert set(records.values_list("status", flat=True)) == {"finished"}
    assert records.count() == summary["games"] >= 3 * 2


def _play_until_life_differs(record: GameRecord, seed: int) -> dict:
    """The players post random legal actions through the service until one side is ahead on
    the game's "life" while the game is still running; returns the seat-keyed time facts."""
    rules = registry.get(record.ruleset)
    users = {s.number: s.user for s in selectors.seats_of(record)}
    rng = random.Random(seed)
    for _ in range(2000):
        record = GameRecord.objects.get(pk=record.pk)
        assert record.status == "in_progress", "the game ended before anyone was ahead"
        facts = rules.time_facts(record.state)
        if len(set(facts["life"].values())) > 1:
            return facts
        seat = rules.decision(record.state).seats[0]
        actions = rules.legal_actions(record.state, seat)
        services.game_act(
            game_id=record.pk,
            user=users[seat],
            action=actions[rng.randrange(len(actions))],
            expected_version=record.version,
        )
    raise AssertionError("nobody got ahead in 2,000 actions")


@pytest.mark.parametrize("game", GAMES)
def test_a_timed_out_engine_game_is_decided_by_the_time_rule(game, make_user):
    # given a two-player tournament of the game whose match is being played on the engine
    organizer, alice, bob = make_user(), make_user(), make_user()
    tournament = tournament_services.tournament_create(
        organizer=organizer, name="Timed", game=game, best_of=1, time_limit_minutes=30
    )
    for user in (alice, bob):
        tournament_services.entry_add(tournament=tournament, by_user=organizer, user_id=user.pk)
    tournament_services.tournament_start(tournament=tournament, by_user=organizer)
    match = Match.objects.get(tournament=tournament)
    record = services.match_game_create(match_id=match.pk, by_user=alice)
    # and, mid-game, one side is ahead on the game's life (Army: SP left; Conventional Combat:
    # characters left; Rune Duel: life total)
    facts = _play_until_life_differs(record, seed=7)
    entries = {s.number: s.entry_id for s in selectors.seats_of(record)}
    ahead = max(facts["life"], key=lambda seat: facts["life"][seat])
    # when the match's deadline passes and the deadline code runs
    Match.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    assert tournament_services.match_deadline_enforce(match_id=match.pk) is True
    # then the side ahead on life wins the match on time, from the live game
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.decided_by == Match.DecidedBy.TIME
    assert match.winner_id == entries[int(ahead)]
    recorded = match.games.get(superseded=False)
    assert recorded.winner_id == entries[int(ahead)]
