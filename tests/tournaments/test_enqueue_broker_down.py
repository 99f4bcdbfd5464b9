"""A committed write answers its committed result even when the broker refuses the task."""

import logging

import pytest
from kombu.exceptions import OperationalError

from tournaments import tasks
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def refuse(*args, **kwargs):
    raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


def test_starting_an_event_while_the_broker_is_down_answers_the_started_event(
    make_event, org_client, django_capture_on_commit_callbacks, monkeypatch, caplog
):
    # given an event with a time limit, and a broker that refuses every task
    tid, _ = make_event(4, time_limit_minutes=30)
    monkeypatch.setattr(tasks.tournament_deadlines, "apply_async", refuse)
    # when the organizer starts it
    with (
        caplog.at_level(logging.ERROR, logger="config.enqueue"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = org_client.post(f"/api/tournaments/{tid}/start/")
    # then the start is answered as done, the matches run with their deadline,
    # and the lost task is logged for the sweep to cover
    assert response.status_code == 200, response.content
    assert Match.objects.filter(round__number=1, deadline__isnull=False).count() == 2
    assert "the periodic sweep will catch up" in caplog.text


def test_a_bot_game_created_while_the_broker_is_down_is_still_created(
    make_user, django_capture_on_commit_callbacks, monkeypatch
):
    from gameplay import services
    from gameplay import tasks as game_tasks

    user = make_user()
    monkeypatch.setattr(game_tasks.bot_move, "delay", refuse)
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(
            ruleset="army", seats=[{"bot": "random"}, {"bot": "random"}], seed=1, created_by=user
        )
    game.refresh_from_db()
    assert game.bot_to_move
    assert game.status == "in_progress"
