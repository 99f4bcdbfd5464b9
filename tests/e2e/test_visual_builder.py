"""The deck builder's visual mode in the browser: decks built by clicking card faces."""

import re

import pytest
from playwright.sync_api import Browser, expect

from decks.models import Deck

from .draft_room import browser_page_for
from .test_card_faces import NO_SIDEWAYS_SCROLL, kingdom_pool, shot

SIZES = [(1280, 800), (390, 844)]
COUNTS_FIT = """() => { const t = document.querySelector('.deck-counts');
  return t.getBoundingClientRect().right <= t.parentElement.getBoundingClientRect().right + 1; }"""

# set window.checkSettled once the next htmx swap (the deck's live check) has settled
SETTLED_WATCH = """() => { window.checkSettled = false;
  document.addEventListener("htmx:afterSettle", () => { window.checkSettled = true; },
    {once: true}); }"""


@pytest.mark.parametrize("size", SIZES)
def test_a_kingdom_combat_deck_built_by_clicking_from_a_pool(
    live_server, browser: Browser, transactional_db, make_user, size
):
    # given Alice's sealed Kingdom Combat pool (one copy of each card)
    alice = make_user("alice")
    pool = kingdom_pool(alice)
    page = browser_page_for(browser, live_server, alice)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_server.url}/decks/new/?pool={pool.id}")
    # when she searches the grid for a type, only the matching cards are shown
    search = page.get_by_label("Find a card")
    search.fill("structure")
    footman = page.locator('.vb-item[data-label="Ironhold Footman"]')
    expect(footman).to_be_hidden()
    expect(page.locator('.vb-item[data-label="Royal Mint"]')).to_be_visible()
    search.fill("")
    # and she chooses a fortress and clicks a card: its count goes down to none left
    page.get_by_role("button", name="Fortress: Ironhold Keep").click()
    expect(page.get_by_role("button", name="Fortress: Ironhold Keep")).to_have_attribute(
        "aria-pressed", "true"
    )
    page.get_by_role("button", name="Add Ironhold Footman").click()
    expect(footman.locator(".vb-used")).to_have_text("1")
    expect(footman.locator(".vb-left")).to_have_text("0")
    expect(page.get_by_role("button", name="Add Ironhold Footman")).to_be_disabled()
    # and the minus button takes it out again, then back in
    footman.get_by_role("button", name="Take one Ironhold Footman out").click()
    expect(footman.locator(".vb-used")).to_have_text("0")
    page.get_by_role("button", name="Add Ironhold Footman").click()
    # then the live check counts the card, and the deck is saved as clicked
    expect(page.locator("#deck-check")).to_contain_text("1 card")
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    # and the deck's counts stay inside their panel, and on a wide screen the pool scrolls in
    # its own box beside the deck, so the page stays compact
    assert page.evaluate(COUNTS_FIT)
    if size[0] > 800:
        assert page.evaluate("document.documentElement.scrollHeight") < 2600
    shot(page, f"builder-pool-{size[0]}")
    # and in text mode every row still shows its card: beside the row on hover, large on Z
    page.get_by_role("button", name="Text only").click()
    page.locator('#pool-list [data-face-key="Royal Mint"]').hover()
    expect(page.locator(".cf-peek .cf-name")).to_have_text("Royal Mint")
    # and the deck's live check arriving meanwhile does not take that card away
    page.evaluate(SETTLED_WATCH)
    page.locator("#deck-form").dispatch_event("change")
    page.wait_for_function("() => window.checkSettled")
    expect(page.locator(".cf-peek .cf-name")).to_have_text("Royal Mint")
    page.get_by_role("button", name="One more Ironhold Footman").focus()
    page.keyboard.press("z")
    large = page.locator('.cf-overlay[role="dialog"]')
    expect(large).to_have_attribute("aria-label", "Card: Ironhold Footman")
    page.keyboard.press("Escape")
    expect(large).to_have_count(0)
    page.get_by_label("Name", exact=True).fill("Clicked")
    page.get_by_role("button", name="Save deck").click()
    expect(page).to_have_url(re.compile(r"/decks/\d+/$"))
    deck = Deck.objects.get(name="Clicked")
    rows = {(row.card.name, row.section, row.count) for row in deck.cards.all()}
    assert rows == {("Ironhold Keep", "fortress", 1), ("Ironhold Footman", "main", 1)}


@pytest.mark.parametrize("size", SIZES)
def test_a_combat_deck_toggled_on_the_grid_of_52(
    live_server, browser: Browser, transactional_db, make_user, size
):
    # given the builder for a new Combat deck
    alice = make_user("alice")
    page = browser_page_for(browser, live_server, alice)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_server.url}/decks/new/?game=combat&format=constructed")
    # when Alice toggles the 40 cards Ace to 10 of every suit on the 4x13 grid
    grid = page.locator('.vb-panel[data-game="combat"] .vb-52')
    expect(grid).to_be_visible()
    for suit in "SHDC":
        for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]:
            grid.locator(f'[data-label="{rank}{suit}"]').click()
    # and toggles one off and on again
    grid.locator('[data-label="AS"]').click()
    expect(grid.locator('[data-label="AS"]')).to_have_attribute("aria-pressed", "false")
    grid.locator('[data-label="AS"]').click()
    # then the live check calls it a legal 40-card deck, and no page scrolls sideways
    expect(page.locator("#deck-check")).to_contain_text("Legal deck")
    expect(page.locator("#deck-check")).to_contain_text("40 cards")
    expect(grid.locator('[aria-pressed="true"]')).to_have_count(40)
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    shot(page, f"builder-combat-{size[0]}")
