"""Two players in real browsers and six bots draft a Combat pod to the end."""

import time

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect
from playwright.sync_api import Error as PlaywrightError

from config.celery import app as celery_app
from decks.drafting import services
from decks.drafting.models import Draft, Pick


@pytest.fixture
def eager_celery():
    """Run tasks in place, as a worker would, so the bots pick between the players' clicks."""
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = False


def browser_page_for(browser: Browser, live_server, user):
    """A browser tab logged in as ``user`` (session cookie from Django's test client)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context()
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context.new_page()


def click_until_finished(pages, limit_seconds: float = 180) -> None:
    """Each player clicks the first card of their pack whenever they have one."""
    deadline = time.monotonic() + limit_seconds
    while time.monotonic() < deadline:
        finished = 0
        for page in pages:
            if page.locator("#draft-finished").count():
                finished += 1
                continue
            button = page.locator(".card-button:not([disabled])").first
            try:
                if button.count():
                    button.click(timeout=2000)
                else:
                    page.wait_for_timeout(150)
            except PlaywrightError:
                pass  # the pack was swapped by a refresh between finding and clicking
        if finished == len(pages):
            return
    raise AssertionError("the draft did not finish in the browser")


def test_two_browser_players_and_six_bots_draft_to_the_end(
    live_server, browser: Browser, transactional_db, make_user, eager_celery, settings
):
    settings.DRAFT_ROOM_POLL_MS = 400  # the players' pages refresh faster than the default 1 s
    # given a pod of 8 with 6 bots and two players who joined it, started with a pick timer
    organizer, alice, bob = make_user("host"), make_user("alice"), make_user("bob")
    draft = services.draft_create(
        organizer=organizer, game_slug="combat", seats=8, bots=6, pick_timer="competitive"
    )
    services.draft_join(draft_id=draft.id, user=alice)
    services.draft_join(draft_id=draft.id, user=bob)
    services.draft_start(draft_id=draft.id, user=organizer)
    pages = [browser_page_for(browser, live_server, user) for user in (alice, bob)]
    for page in pages:
        page.goto(f"{live_server.url}/drafts/{draft.id}/")
    # then each sees their pack as card faces, with the countdown and who is picking
    expect(pages[0].locator("#pack .playing-card").first).to_be_visible()
    expect(pages[0].locator(".countdown")).to_contain_text("Time left")
    # seats are numbered from 1 for people: alice joined first (seat 1), bob second
    expect(pages[0].get_by_text("Seat 1: alice")).to_be_visible()
    expect(pages[0].get_by_text("Seat 2: bob")).to_be_visible()
    # when both click cards until the draft is over
    click_until_finished(pages)
    # then each has 45 picks, shown sorted, and the pod has made all 360 picks
    for page in pages:
        expect(page.locator("#pick-count")).to_have_text("45")
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED
    assert Pick.objects.filter(draft=draft).count() == 360
    assert Pick.objects.filter(draft=draft, kind="human").count() == 84
    # and the organizer's pod view shows the full pick log
    host = browser_page_for(browser, live_server, organizer)
    host.goto(f"{live_server.url}/drafts/{draft.id}/pod/")
    expect(host.get_by_role("heading", name="Pick log")).to_be_visible()
    expect(host.locator("#pod-status")).to_have_text("finished")
    for tab in [*pages, host]:
        tab.context.close()  # stop the pages' polling before the test database goes away
