"""The banner organizers and staff see on every page while the background worker or the
scheduler is silent (home/background_status.py), and the slot that makes it come and go."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from config.heartbeats.models import Heartbeat
from home import background_status
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

PAUSED = "Match clocks and bots are paused: the background worker is not running."


@pytest.fixture(autouse=True)
def heartbeats_on(settings, monkeypatch):
    settings.HEALTHZ_HEARTBEATS = True
    monkeypatch.setattr(background_status, "READ_EVERY_S", 0.0)
    cache.clear()


def beats(*, worker_age_s: float, scheduler_age_s: float = 1) -> None:
    now = timezone.now()
    for name, age in (("worker", worker_age_s), ("scheduler", scheduler_age_s)):
        Heartbeat.objects.update_or_create(
            name=name, defaults={"beat_at": now - timedelta(seconds=age)}
        )


def page_for(user, path: str = "/tournaments/") -> str:
    client = Client()
    client.force_login(user)
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def organizer(make_user):
    user = make_user("orla")
    Tournament.objects.create(name="Friday Cup", game="combat", organizer=user, rng_seed=7)
    return user


def test_an_organizer_sees_the_banner_while_the_worker_is_silent_and_not_after(organizer):
    beats(worker_age_s=600)
    assert PAUSED in page_for(organizer)
    assert PAUSED in page_for(organizer, "/")

    beats(worker_age_s=2)
    html = page_for(organizer)
    assert PAUSED not in html
    assert 'id="background-status"' in html, "the slot stays, to show the banner if it returns"


def test_a_silent_scheduler_has_its_own_sentence(organizer):
    beats(worker_age_s=1, scheduler_age_s=600)
    html = page_for(organizer)
    assert "the scheduler is not running" in html
    assert PAUSED not in html


def test_staff_see_it_and_players_and_visitors_do_not(make_user):
    beats(worker_age_s=600)
    assert PAUSED in page_for(make_user("staffer", is_staff=True))
    player_page = page_for(make_user("pat"))
    assert PAUSED not in player_page
    assert 'id="background-status"' not in player_page, "no poll on a player's pages"
    assert PAUSED not in Client().get("/tournaments/").content.decode()


def test_the_slot_polls_a_fragment_that_answers_the_banner_now(organizer):
    client = Client()
    client.force_login(organizer)
    beats(worker_age_s=600)
    fragment = client.get("/status/background/")
    assert fragment.status_code == 200
    assert PAUSED in fragment.content.decode()
    assert "no-cache" in fragment["Cache-Control"]
    beats(worker_age_s=1)
    assert PAUSED not in client.get("/status/background/").content.decode()


def test_nothing_shows_where_heartbeats_are_off(settings, organizer):
    settings.HEALTHZ_HEARTBEATS = False
    beats(worker_age_s=600)
    assert 'id="background-status"' not in page_for(organizer)
