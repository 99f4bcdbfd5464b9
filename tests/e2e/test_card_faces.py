"""Card faces in the browser: every card's text readable on every border, in every game."""

import os
import re

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from decks.drafting import services
from decks.models import Card
from decks.services import pool_create

from .contrast import low_contrast
from .draft_room import browser_page_for, eager_celery  # noqa: F401 (a fixture)


def kingdom_pool(owner):
    """A sealed Kingdom Combat pool holding one of each card of every border."""
    cards = Card.objects.filter(card_set__code="KC1").exclude(type__in=["fortress", "token"])
    return pool_create(
        owner=owner,
        game_slug="kingdom-combat",
        cards={card.id: 1 for card in cards},
        source="sealed",
        seed="faces",
    )


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_every_border_of_a_kingdom_combat_pool_is_readable(
    live_server, browser: Browser, transactional_db, make_user, size
):
    # given a pool with gold, silver and black cards
    alice = make_user("alice")
    pool = kingdom_pool(alice)
    assert {"gold", "silver", "black"} <= set(pool.cards.values_list("card__border", flat=True))
    # when its owner opens the pool page
    page = browser_page_for(browser, live_server, alice)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_server.url}/pools/{pool.id}/")
    expect(page.get_by_text("Ironhold Footman").first).to_be_visible()
    # then every text of every card stands out from its background (WCAG AA, 4.5:1)
    measured, low = low_contrast(page, "#pool-cards .pool-card")
    assert measured > 40
    assert low == []


ZOOMED = "matrix(1.5, 0, 0, 1.5, 0, 0)"  # a normal card zoomed in place
NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def shot(page, name: str) -> None:
    """A picture for a reviewer when CARD_SHOTS names a folder (never in CI)."""
    folder = os.environ.get("CARD_SHOTS")
    if folder:
        page.screenshot(path=f"{folder}/{name}.png")


def costs(page, selector: str) -> list[int]:
    values = page.locator(selector).evaluate_all("els => els.map(e => e.dataset.cost)")
    return [int(v) for v in values if v != ""]


def alice_in_a_pod_of_two(browser: Browser, live_server, make_user, size) -> Page:
    """A Kingdom Combat pod of two (Alice and a bot) with small packs, started; Alice's page
    in the draft room at `size`."""
    host, alice = make_user("host"), make_user("alice")
    draft = services.draft_create(
        organizer=host,
        game_slug="kingdom-combat",
        seats=2,
        bots=1,
        booster_layout="1 gold/silver, 1 silver/black, 2 black",
    )
    services.draft_join(draft_id=draft.id, user=alice)
    services.draft_start(draft_id=draft.id, user=host)
    page = browser_page_for(browser, live_server, alice)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{live_server.url}/drafts/{draft.id}/")
    return page


def the_pack_is_readable(page: Page, size) -> None:
    """The pack is a grid of card faces with every text readable, on every border; the
    new-pack sound can be turned off (and stays off on this device)."""
    expect(page.locator("#pack .cf")).to_have_count(4)
    expect(page.locator("#pack .cf-border-black").first).to_be_visible()
    expect(page.locator("#pass-direction")).to_contain_text("passing left")
    measured, low = low_contrast(page, "#pack [data-card-face]")
    assert measured > 10
    assert low == []
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    shot(page, f"draft-room-{size[0]}")
    page.get_by_role("button", name="Sound on").click()
    expect(page.locator("#sound-toggle")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("localStorage.getItem('draft-sound')") == "off"
    page.get_by_role("button", name="Sound off").click()


def pick_and_sort_the_pack(page: Page) -> None:
    """A pick announces the next pack in the title; sorted by cost it is cheapest first."""
    page.locator("#pack .card-button").first.click()
    expect(page).to_have_title(re.compile("^New pack!"))
    expect(page.locator("#pick-count")).to_have_text("1")
    page.get_by_label("Sort the pack by").select_option("cost")
    page.wait_for_function(
        "() => { const c = [...document.querySelectorAll('#pack [data-card-face]')]"
        ".map(e => +e.dataset.cost); return c.every((v, i) => !i || c[i - 1] <= v); }"
    )


def pick_to_the_end(page: Page) -> None:
    """Alice picks until the draft is over, her picks sorted by cost in groups by type and
    readable."""
    page.get_by_label("Sort picks by").select_option("cost")
    for _ in range(60):
        if page.locator("#draft-finished").count():
            break
        button = page.locator("#pack .card-button:not([disabled])").first
        try:
            button.click(timeout=2000)
        except PlaywrightError:
            page.wait_for_timeout(150)
    expect(page.locator("#draft-finished")).to_be_visible()
    expect(page.locator("#pick-count")).to_have_text("12")
    for group in page.locator("#picks .pick-group").all():
        values = costs(group, "[data-card-face]")
        assert values == sorted(values)
    measured, low = low_contrast(page, "#picks [data-card-face]")
    assert measured > 20
    assert low == []


@pytest.mark.usefixtures("eager_celery")
@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_a_kingdom_combat_draft_is_readable_sorted_and_ends_ready_to_build(
    live_server, browser: Browser, transactional_db, make_user, settings, size
):
    settings.DRAFT_ROOM_POLL_MS = 400
    # given a Kingdom Combat pod of two (Alice and a bot) with small packs, started
    page = alice_in_a_pod_of_two(browser, live_server, make_user, size)
    # then the pack is readable, and the new-pack sound can be turned off
    the_pack_is_readable(page, size)
    # when Alice picks a card and sorts the pack by cost, it is shown cheapest first
    pick_and_sort_the_pack(page)
    # and she picks until the draft is over, her picks sorted by cost in groups by type
    pick_to_the_end(page)
    # and a click moves a pick to the sideboard
    page.locator("#picks .pick-toggle").first.click()
    expect(page.locator('[data-section="sideboard"] .section-count')).to_have_text("1")
    expect(page.locator('[data-section="main"] .section-count')).to_have_text("11")
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    shot(page, f"draft-finished-{size[0]}")
    # and "ready to build" opens the deck builder on her pool, her 11 main-deck cards listed
    page.locator("#build-deck").click()
    expect(page).to_have_url(re.compile(r"/decks/new/\?pool=\d+&main=[\d%C,]+$"))
    expect(page.locator("#deck-check")).to_contain_text("11 cards")


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_every_games_cards_are_readable_in_the_card_browser(
    live_server, browser: Browser, transactional_db, size
):
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    games = {
        "kingdom-combat": {"gold", "silver", "black", "green"},
        "conventional-combat": {""},
        "rune-duel": {""},
        "combat": {""},
    }
    for game, borders in games.items():
        # when a visitor opens the game's cards as a grid of faces
        page.goto(f"{live_server.url}/cards/?game={game}")
        faces = page.locator("#card-grid [data-card-face]")
        expect(faces.first).to_be_visible()
        shown = set(faces.evaluate_all("els => els.map(e => e.dataset.border)"))
        assert borders <= shown, game
        # then every text of every card, on every border, stands out from its background
        measured, low = low_contrast(page, "#card-grid [data-card-face]")
        assert measured > 20, game
        assert low == [], game
        assert page.evaluate(NO_SIDEWAYS_SCROLL), game
        shot(page, f"cards-{game}-{size[0]}")


def test_a_long_press_opens_a_card_large_and_a_tap_closes_it(
    live_server, browser: Browser, transactional_db
):
    # given a phone showing Kingdom Combat's cards
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/cards/?game=kingdom-combat")
    face = page.locator("#card-grid [data-card-face]").nth(2)
    name = face.get_attribute("data-name")
    # when the player holds a finger on a card
    face.dispatch_event("touchstart")
    # then the card opens large, readable, inside the screen
    overlay = page.locator(".cf-overlay")
    expect(overlay).to_be_visible()
    expect(overlay).to_have_attribute("aria-label", f"Card: {name}")
    box = overlay.locator(".cf").bounding_box()
    assert box["width"] > 250
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= 390
    # and a tap closes it
    face.dispatch_event("touchend")
    overlay.click()
    expect(overlay).to_have_count(0)


def test_the_keyboard_reaches_every_card_and_opens_it_large(live_server, page):
    # given Kingdom Combat's cards, a plain grid of faces (no buttons)
    page.goto(f"{live_server.url}/cards/?game=kingdom-combat")
    face = page.locator("#card-grid [data-card-face]").nth(1)
    # when the keyboard reaches a card (it takes the focus) and Z is pressed
    expect(face).to_have_attribute("tabindex", "0")
    face.focus()
    page.keyboard.press("z")
    # then the card opens large in a dialog whose Close button has the focus
    overlay = page.locator('.cf-overlay[role="dialog"]')
    expect(overlay).to_have_attribute("aria-label", f"Card: {face.get_attribute('data-name')}")
    expect(overlay.locator(".cf-overlay-close")).to_be_focused()
    # and Escape closes it, giving the focus back to the card
    page.keyboard.press("Escape")
    expect(overlay).to_have_count(0)
    expect(face).to_be_focused()
    # a card the pointer zooms closes at a tap on it, until the pointer leaves it
    other = page.locator("#card-grid [data-card-face]").nth(3)
    other.hover()
    expect(other).to_have_css("transform", ZOOMED)
    other.click()
    expect(other).to_have_css("transform", "none")
    page.mouse.move(0, 0)
    other.hover()
    expect(other).to_have_css("transform", ZOOMED)
    # and after a touch (a phone that says it hovers) no card stays zoomed in place
    other.dispatch_event("pointerdown", {"pointerType": "touch"})
    expect(other).to_have_css("transform", "none")


def test_the_card_browsers_table_shows_each_rows_card(live_server, page):
    # given Kingdom Combat's cards as a table of text rows
    page.goto(f"{live_server.url}/cards/?game=kingdom-combat&layout=table")
    row = page.locator('.cards-table td[data-face-key="Royal Mint"]')
    # when the pointer rests on a row, then its card shows beside the row, readable
    row.hover()
    peek = page.locator(".cf-peek")
    expect(peek.locator(".cf-name")).to_have_text("Royal Mint")
    assert peek.bounding_box()["width"] > 150
    # and the keyboard reaches the row's name, where Z opens the card large
    page.mouse.move(0, 0)
    name = row.locator("strong")
    name.focus()
    page.keyboard.press("z")
    overlay = page.locator('.cf-overlay[role="dialog"]')
    expect(overlay).to_have_attribute("aria-label", "Card: Royal Mint")
    page.keyboard.press("Escape")
    expect(overlay).to_have_count(0)
    # and the cards drawn for this stay out of the table's flow
    expect(page.locator(".cf-sources")).to_be_hidden()
