"""The deadline tasks are registered under the names the beat schedule and services use."""

from django.conf import settings

from config.celery import app
from tournaments import tasks


def test_the_sweep_in_the_beat_schedule_is_our_task():
    names = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert tasks.match_deadlines_sweep.name in names
    assert tasks.match_deadlines_sweep.name == "tournaments.tasks.match_deadlines_sweep"
    for task in (tasks.match_deadline, tasks.tournament_deadlines, tasks.match_deadlines_sweep):
        assert task.name in app.tasks


def test_tasks_on_missing_ids_do_nothing(db):
    assert tasks.tournament_deadlines(999999) == 0
    assert tasks.match_deadline(999999) is False
    assert tasks.match_deadlines_sweep() == 0
