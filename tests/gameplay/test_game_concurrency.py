"""Real threads on PostgreSQL: two moves or two game starts at the same moment."""

import pytest

from config.errors import Conflict
from gameplay import services
from gameplay.engine import registry
from gameplay.models import GameRecord
from tests.tournaments.test_concurrency import race  # one race helper for the suite
from tournaments import services as tournament_services
from tournaments.models import Match

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_moves_at_the_same_version_apply_once_and_the_other_is_stale(make_user):
    # given a game between two users, and the first player's legal moves at version 0
    alice, bob = make_user(), make_user()
    game = services.game_create(
        ruleset="combat", seats=[{"user": alice.pk}, {"user": bob.pk}], seed=6, created_by=alice
    )
    first = game.state["turn"]["unit"]
    mover = (alice, bob)[first]
    legal = registry.get("combat").legal_actions(game.state, first)
    # when two different moves are sent at the same moment, both at version 0
    results = race(
        *[
            (
                lambda a=a: services.game_act(
                    game_id=game.pk, user=mover, action=a, expected_version=0
                )
            )
            for a in (legal[0], legal[-1])
        ]
    )
    # then exactly one is played; the other is told the game moved on (409)
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1
    assert isinstance(errors[0], Conflict)
    assert errors[0].code == "stale_version"
    game.refresh_from_db()
    assert game.version == 1
    assert len(game.actions) == 1


def test_a_match_game_started_twice_at_once_exists_once(make_user):
    # given a two-player match
    organizer, alice, bob = make_user(), make_user(), make_user()
    tournament = tournament_services.tournament_create(organizer=organizer, name="Cup")
    for user in (alice, bob):
        tournament_services.entry_add(tournament=tournament, by_user=organizer, user_id=user.pk)
    tournament_services.tournament_start(tournament=tournament, by_user=organizer)
    match = Match.objects.get(tournament=tournament)
    # when both players start its game at the same moment
    results = race(
        lambda: services.match_game_create(match_id=match.pk, by_user=alice),
        lambda: services.match_game_create(match_id=match.pk, by_user=bob),
    )
    # then one game exists; the other player is told a game is already being played
    errors = [r for r in results if isinstance(r, Exception)]
    assert [type(e) for e in errors] == [Conflict]
    assert GameRecord.objects.filter(match=match).count() == 1
