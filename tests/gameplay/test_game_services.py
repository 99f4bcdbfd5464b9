"""Gameplay services: creating games, moves with version checks, bot moves, the sweep."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from config.errors import Conflict, NotAllowed, ServiceError
from gameplay import selectors, services
from gameplay.engine import core, registry
from gameplay.models import GameRecord

pytestmark = pytest.mark.django_db


def _play_human_until_bot(game: GameRecord, user) -> GameRecord:
    """The human plays its first legal action; returns the fresh row."""
    game.refresh_from_db()
    detail = selectors.game_detail(game, user)
    services.game_act(
        game_id=game.pk, user=user, action=detail["legal_actions"][0], expected_version=game.version
    )
    game.refresh_from_db()
    return game


def test_game_create_stores_state_seats_and_schedules_the_bot(
    make_user, django_capture_on_commit_callbacks
):
    # given a user who creates a game against a bot
    user = make_user()
    with django_capture_on_commit_callbacks() as callbacks:
        game = services.game_create(
            ruleset="combat", seats=[{"bot": "random"}, {"user": user.pk}], seed=5, created_by=user
        )
    # then the game is live at version 0 with both seats, and a task is queued if the bot starts
    game.refresh_from_db()
    assert game.status == "in_progress"
    assert game.version == 0
    assert [s.bot or s.user_id for s in selectors.seats_of(game)] == ["random", user.pk]
    first = registry.get("combat").decision(game.state).seats[0]
    assert game.bot_to_move == (first == 0)
    assert len(callbacks) == (1 if first == 0 else 0)


def test_game_create_rejects_bad_input(make_user):
    user = make_user()
    with pytest.raises(ServiceError, match="no game called"):
        services.game_create(ruleset="chess", seats=[{"user": user.pk}], created_by=user)
    with pytest.raises(ServiceError, match="2 to 8 players"):
        services.game_create(ruleset="combat", seats=[{"user": user.pk}], created_by=user)
    with pytest.raises(ServiceError, match="Unknown bot"):
        services.game_create(
            ruleset="combat", seats=[{"user": user.pk}, {"bot": "oracle"}], created_by=user
        )
    with pytest.raises(ServiceError, match="Unknown option"):
        services.game_create(
            ruleset="combat",
            seats=[{"user": user.pk}, {"bot": "random"}],
            options={"colour": "red"},
            created_by=user,
        )


def test_game_act_checks_version_turn_seat_and_legality(human_vs_bot, make_user):
    # given a game where it is the human's turn (bots play their moves first)
    user, game = human_vs_bot
    services.game_bots_play(game_id=game.pk)
    game.refresh_from_db()
    action = selectors.game_detail(game, user)["legal_actions"][0]
    # a stale version is a 409 that carries the current game
    with pytest.raises(Conflict) as stale:
        services.game_act(game_id=game.pk, user=user, action=action, expected_version=99)
    assert stale.value.data["game"]["version"] == game.version
    # an illegal action is a 400 saying why
    with pytest.raises(ServiceError) as illegal:
        services.game_act(
            game_id=game.pk, user=user, action={"type": "fly"}, expected_version=game.version
        )
    assert illegal.value.code == "illegal_action"
    # a stranger is refused
    with pytest.raises(NotAllowed):
        services.game_act(
            game_id=game.pk, user=make_user(), action=action, expected_version=game.version
        )
    # a legal action at the right version is applied and bumps the version
    services.game_act(game_id=game.pk, user=user, action=action, expected_version=game.version)
    again = GameRecord.objects.get(pk=game.pk)
    assert again.version == game.version + 1
    assert again.actions[-1] == [0, action]


def test_not_your_turn_is_refused(make_user):
    user = make_user()
    game = services.game_create(
        ruleset="combat", seats=[{"user": user.pk}, {"bot": "random"}], seed=2, created_by=user
    )
    services.game_bots_play(game_id=game.pk)
    game.refresh_from_db()
    ruleset = registry.get("combat")
    assert ruleset.decision(game.state).seats == (0,)
    # when the bot seat's turn is forced by trying to act twice at the wrong time...
    other = make_user()
    game2 = services.game_create(
        ruleset="combat",
        seats=[{"user": user.pk}, {"user": other.pk}],
        seed=3,
        created_by=user,
    )
    waiting = 1 - ruleset.decision(game2.state).seats[0]
    idle = user if waiting == 0 else other
    with pytest.raises(NotAllowed, match="not your turn"):
        services.game_act(
            game_id=game2.pk, user=idle, action={"type": "done"}, expected_version=game2.version
        )


def test_a_whole_game_against_a_bot_finishes_and_its_log_replays(human_vs_bot):
    # given a human who always plays the first legal action against the random bot
    user, game = human_vs_bot
    for _ in range(2000):
        services.game_bots_play(game_id=game.pk)
        game.refresh_from_db()
        if game.status == "finished":
            break
        game = _play_human_until_bot(game, user)
    # then the game finished with a result, and the stored log replays to the stored state
    assert game.status == "finished"
    assert game.result["facts"]["reason"] in ("turn limit", "last side standing")
    replayed = core.replay(selectors.game_log(game))
    assert core.state_hash(replayed) == core.state_hash(game.state)


def test_bot_vs_bot_game_runs_to_the_end_in_tasks():
    game = services.game_create(
        ruleset="combat", seats=[{"bot": "random"}, {"bot": "greedy"}], seed=8
    )
    while GameRecord.objects.get(pk=game.pk).status == "in_progress":
        assert services.game_bots_play(game_id=game.pk) > 0
    game.refresh_from_db()
    assert game.bot_to_move is False
    assert game.result is not None
    # running the task again is a no-op
    assert services.game_bot_step(game_id=game.pk) == 0


def test_stalled_bot_games_are_requeued(human_vs_bot, make_user):
    game = services.game_create(
        ruleset="combat", seats=[{"bot": "random"}, {"bot": "random"}], seed=1
    )
    GameRecord.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    fresh = services.game_create(
        ruleset="combat", seats=[{"bot": "random"}, {"bot": "random"}], seed=2
    )
    ids = selectors.stalled_bot_game_ids(older_than=timezone.now() - timedelta(seconds=30))
    assert game.pk in ids
    assert fresh.pk not in ids
    assert services.stalled_bots_requeue() >= 1
