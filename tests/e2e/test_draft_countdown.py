"""The draft room's countdown in a browser: it runs down, and once the time is up it says
what happens next instead of showing "0 s" while the server makes the timeout pick."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, expect

from decks.drafting import services
from decks.drafting.models import Seat
from tests.e2e.draft_room import browser_page_for

pytestmark = pytest.mark.django_db(transaction=True)


def a_started_pod(organizer, player):
    """A two-seat pod with a 30 s pick timer: the player and a bot, started."""
    draft = services.draft_create(
        organizer=organizer, game_slug="combat", seats=2, bots=1, pick_timer=30, seed="clock"
    )
    services.draft_join(draft_id=draft.id, user=player)
    services.draft_start(draft_id=draft.id, user=organizer)
    return draft


def test_the_countdown_runs_and_says_when_the_time_is_up(live_server, browser: Browser, make_user):
    # given a player in a started pod with a pick timer
    organizer, player = make_user("host"), make_user("timed")
    draft = a_started_pod(organizer, player)
    page = browser_page_for(browser, live_server, player)
    # when they open the room, then the seconds count down from the timer
    page.goto(f"{live_server.url}/drafts/{draft.id}/")
    seconds = page.locator("#room .countdown .seconds-left")
    expect(seconds).to_have_text(re.compile(r"^([1-9]|[12][0-9]|30)$"))
    # when the pick's time has run out before the server's timeout pick came
    Seat.objects.filter(draft_id=draft.id, player=player).update(
        deadline=timezone.now() - timedelta(seconds=1)
    )
    page = browser_page_for(browser, live_server, player)  # a fresh tab: nothing kept
    page.goto(f"{live_server.url}/drafts/{draft.id}/")
    # then the room says the pick is being made, not "0 s"
    countdown = page.locator("#room .countdown")
    expect(countdown).to_have_text("Time is up: a pick is being made for you.")
    expect(countdown).to_have_class(re.compile(r"\burgent\b"))
