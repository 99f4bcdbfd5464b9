"""The steps an organizer takes on an event's page in the browser tests."""

from playwright.sync_api import Page, expect


def add_entries_and_start(page: Page, players) -> None:
    """On the event's page: each player entered with seeds 1, 2, ... in order, then the start
    (a two-step confirmation), seen to have happened."""
    for seed, player in enumerate(players, start=1):
        page.get_by_label("Player's username").fill(player.username)
        page.get_by_label("Seed", exact=True).fill(str(seed))
        page.get_by_role("button", name="Add entry").click()
        expect(page.get_by_text("Entry added.")).to_be_visible()
    page.get_by_text("Start tournament…").click()
    page.get_by_role("button", name="Yes, start now").click()
    expect(page.get_by_text("The tournament has started.")).to_be_visible()


def start_from_the_desk(page: Page) -> None:
    """On the event's page: the start (a two-step confirmation), said in the page's messages."""
    page.get_by_text("Start tournament…").click()
    page.get_by_role("button", name="Yes, start now").click()
    expect(page.locator(".messages")).to_contain_text("The tournament has started.")
