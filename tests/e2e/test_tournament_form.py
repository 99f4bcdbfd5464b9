"""The create form offers only the chosen game's deck formats (static/js/app.js), on a phone too."""

import os

from playwright.sync_api import Page, expect

from tests.e2e.test_tournament_flow import PASSWORD, log_in

SHOTS = os.environ.get("SCREENSHOTS_DIR")  # set it to keep the pages as PNGs


def shown_formats(page: Page) -> list[str]:
    return page.locator("#id_deck_format optgroup:not([hidden]) option").all_inner_texts()


def test_the_deck_formats_follow_the_game(live_server, page: Page, make_user):
    make_user("orla", password=PASSWORD)
    log_in(page, live_server.url, "orla")
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/tournaments/new/")
        # Combat first: its four formats, off the top chosen
        assert shown_formats(page) == ["Off the top", "Constructed", "Sealed", "Draft"]
        expect(page.locator("#id_deck_format")).to_have_value("off-the-top")
        # when the organizer picks Army, only Standard is offered, and chosen
        page.get_by_label("Game").select_option("army")
        assert shown_formats(page) == ["Standard"]
        expect(page.locator("#id_deck_format")).to_have_value("standard")
        page.get_by_label("Game").select_option("conventional-combat")
        assert shown_formats(page) == ["Starter decks", "Quick Duel", "Full Match"]
        # nothing scrolls sideways
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        if SHOTS:
            page.screenshot(path=f"{SHOTS}/tournament-new-{width}.png", full_page=True)
    # and a three-entry Conventional Combat event is refused with the reason
    page.get_by_label("Name").fill("Trio")
    page.get_by_label("Entries per match").select_option("3")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.get_by_text("it is a two-player game")).to_be_visible()
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/tournament-new-refused.png", full_page=True)
