"""A player builds a Kingdom Combat deck in the browser and watches a border-limit error
appear and disappear as they edit."""

import re

from playwright.sync_api import Page, expect

from decks.legality import format_deck_list, load_builtin


def log_in(page: Page, live_server, user) -> None:
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill("correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Signed in as")).to_be_visible()


def test_border_limit_error_appears_and_disappears(live_server, page: Page, make_user):
    starter = load_builtin("kingdom-combat")["decks"][0]
    silver = next(
        name
        for count, name in starter["cards"]
        if count == 2
        and any(
            c["name"] == name and c["border"] == "silver"
            for c in load_builtin("kingdom-combat")["cards"]
        )
    )
    legal_text = format_deck_list(
        [(name, count) for count, name in starter["cards"]], fortresses=starter["fortresses"]
    )
    log_in(page, live_server, make_user())
    page.goto(f"{live_server.url}/decks/new/?game=kingdom-combat&format=constructed")

    deck_list = page.get_by_label("Deck list")
    deck_list.fill(legal_text)
    expect(page.locator("#deck-check")).to_contain_text("Legal deck")

    deck_list.fill(legal_text.replace(f"2 {silver}", f"3 {silver}"))
    problem = page.locator(".problem[data-code='copy_limit']")
    expect(problem).to_contain_text(f"{silver} (silver border) appears 3 times")
    expect(problem).to_contain_text("at most 2")

    deck_list.fill(legal_text)
    expect(page.locator(".problem[data-code='copy_limit']")).to_have_count(0)
    expect(page.locator("#deck-check")).to_contain_text("Legal deck")

    page.get_by_label("Search the game's cards").fill(silver)
    page.get_by_role("button", name=re.compile(f"Add {silver}")).click()
    expect(problem).to_contain_text("appears 3 times")
    row = page.locator(".deck-counts tr", has_text=silver)
    expect(row.locator(".deck-count")).to_have_text("3")
    expect(row).to_have_class("over")

    # the deck's list of counts steps a card back down: the error goes away
    page.get_by_role("button", name=f"One fewer {silver}").click()
    expect(page.locator(".problem[data-code='copy_limit']")).to_have_count(0)
    expect(page.locator(".deck-counts tr", has_text=silver).locator(".deck-count")).to_have_text(
        "2"
    )
    expect(page.locator("#deck-check")).to_contain_text("Legal deck")
    expect(page.get_by_role("img", name=re.compile("Cards per cost"))).to_be_visible()
    expect(page.locator(".type-breakdown")).to_contain_text("Unit:")

    page.get_by_label("Name").fill("Ironhold test deck")
    deck_list.fill(legal_text)
    page.get_by_role("button", name="Save deck").click()
    expect(page).to_have_url(re.compile(r"/decks/\d+/$"))
    expect(page.get_by_role("heading", name="Ironhold test deck")).to_be_visible()
    expect(page.locator("#deck-check")).to_contain_text("Legal deck")
