"""A Winston draft in a real browser: created from the drafts page with the format option,
one player against a bot, clicked to the end and on to the deck builder with the pool."""

import pytest
from playwright.sync_api import Browser, expect

from decks.drafting.models import Draft, Seat, WinstonTable

from .axe_check import PHONE, serious_violations, sideways
from .draft_room import browser_page_for

TURN_MOVED = """turn => document.querySelector("#draft-finished") ||
  (document.querySelector("#winston-look input[name=turn]") || {}).value !== turn"""


def test_a_player_and_a_bot_winston_draft_to_a_deck(
    live_server, browser: Browser, transactional_db, make_user, settings
):
    settings.DRAFT_ROOM_POLL_MS = 400
    alice = make_user("alice")
    page = browser_page_for(browser, live_server, alice)
    # given alice creates a Winston draft for two, with one bot, and starts it
    page.goto(f"{live_server.url}/drafts/")
    page.get_by_label("Format").select_option("winston")
    page.get_by_label("Seats").fill("2")
    page.get_by_label("Bots").fill("1")
    page.get_by_role("button", name="Create").click()
    page.get_by_role("button", name="Start the draft").click()
    draft = Draft.objects.get(organizer=alice)
    page.goto(f"{live_server.url}/drafts/{draft.id}/")
    # then she looks at pile 1 face up, sees the piles' sizes and the stack
    expect(page.locator("#winston-turn")).to_have_text("your turn")
    expect(page.locator("#winston-pile .playing-card").first).to_be_visible()
    expect(page.locator("#stack-count")).to_have_text(
        str(len(WinstonTable.objects.get(draft=draft).stack))
    )
    assert serious_violations(page) == []
    page.set_viewport_size(PHONE)
    assert sideways(page) == 0
    # when she passes once, then she looks at pile 2
    page.locator("#winston-decline").click()
    expect(page.get_by_role("heading", name="Pile 2")).to_be_visible()
    # and when she takes a pile every time she is asked, until the draft ends
    for _ in range(200):
        if page.locator("#draft-finished").count():
            break
        page.locator("#winston-take").wait_for(timeout=10_000)
        turn = page.locator("#winston-look input[name=turn]").first.input_value()
        page.locator("#winston-take").click()
        page.wait_for_function(TURN_MOVED, arg=turn)  # the table came back, not the old one
    expect(page.locator("#draft-finished")).to_be_visible()
    table = WinstonTable.objects.get(draft=draft)
    assert len(table.pools[0]) + len(table.pools[1]) == 90
    expect(page.locator("#winston-pool .playing-card")).to_have_count(len(table.pools[0]))
    # and her pod view counts each seat's cards from the table (it showed 0 before)
    page.goto(f"{live_server.url}/drafts/{draft.id}/pod/")
    rows = page.locator("table tbody tr")
    for seat, pool in enumerate(table.pools):
        expect(rows.nth(seat).locator("td").nth(2)).to_have_text(str(len(pool)))
    page.goto(f"{live_server.url}/drafts/{draft.id}/")
    # then the builder opens on her pool
    page.locator("#build-deck").click()
    pool_id = Seat.objects.get(draft=draft, index=0).pool_id
    assert pool_id is not None
    expect(page).to_have_url(f"{live_server.url}/decks/new/?pool={pool_id}")
    page.context.close()


pytestmark = pytest.mark.browser
