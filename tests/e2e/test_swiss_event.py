"""An organizer creates a Swiss event with a top 4 from the form and starts it; a player finds
their table on the event page, the round's pairings by table, and after the round the
standings with every tie-breaker; on a phone nothing scrolls sideways."""

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.axe_check import PHONE, checked, sideways
from tests.e2e.organizer import add_entries_and_start
from tests.e2e.test_tournament_flow import PASSWORD, log_in
from tournaments import services
from tournaments.models import Match, Tournament


def create_swiss_night(page: Page, base: str) -> str:
    """The organizer creates a Swiss event with a top 4 (rounds left to the entry count); the
    event's address."""
    log_in(page, base, "orla")
    page.goto(f"{base}/tournaments/new/")
    page.get_by_label("Name").fill("Swiss Night")
    page.get_by_label("Best of").select_option("1")
    page.get_by_label("Seeding").select_option("manual")
    page.get_by_label("Structure").select_option("swiss")
    page.get_by_label("Top cut (Swiss)").select_option("4")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.get_by_role("heading", name="Swiss Night")).to_be_visible()
    expect(page.get_by_text("Swiss, rounds by the number of entries, top 4 cut")).to_be_visible()
    return page.url


def players_see_their_tables(browser: Browser, base: str, event_url: str) -> Page:
    """A player sees their own table on a phone; the fifth seed has the bye; the player's
    phone."""
    player = browser.new_context(viewport=PHONE).new_page()
    log_in(player, base, "p1")
    player.goto(event_url)
    # round 1's tables are drawn at random (every record is 0-0): table 1 or 2
    expect(player.locator(".my-table")).to_contain_text(
        re.compile(r"Your table: [12] · p1 \(0 points\) against p[2-4]")
    )
    assert sideways(player) == 0
    checked(player, "Swiss event page (phone)")
    fifth = browser.new_context().new_page()
    log_in(fifth, base, "p5")
    fifth.goto(event_url)
    expect(fifth.locator(".my-table")).to_contain_text("p5 has the bye this round")
    return player


def pairings_by_table(player: Page) -> None:
    """The round's pairings by table: two tables and the bye."""
    player.get_by_role("link", name="Round 1 pairings by table").click()
    expect(player.get_by_role("heading", name="Swiss round 1 of 3")).to_be_visible()
    rows = player.locator("table.swiss-tables tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(2)).to_contain_text("Bye")
    assert sideways(player) == 0
    checked(player, "Swiss round page (phone)")


def test_a_swiss_event_from_the_form_to_the_standings(
    live_server, page: Page, browser: Browser, make_user, transactional_db
):
    base = live_server.url
    organizer = make_user("orla", password=PASSWORD)
    players = [make_user(f"p{i}", password=PASSWORD) for i in range(1, 6)]
    event_url = create_swiss_night(page, base)

    # five players, then the start (a two-step confirmation)
    add_entries_and_start(page, players)
    expect(page.get_by_text("Round 1 of 3, then a top 4.")).to_be_visible()

    player = players_see_their_tables(browser, base, event_url)
    pairings_by_table(player)

    # when round 1's results are in (the organizer enters them), round 2 is paired
    tournament = Tournament.objects.get(name="Swiss Night")
    for match in Match.objects.filter(tournament=tournament, is_bye=False):
        winner = match.slots.order_by("slot").first().entry_id
        services.match_decide(match=match, by_user=organizer, winner_id=winner)
    player.goto(event_url)
    expect(player.get_by_text("Round 2 of 3, then a top 4.")).to_be_visible()

    # and the standings show points and every tie-breaker, also as they were after round 1
    player.goto(f"{event_url}standings/")
    for heading in ("Points", "OMW%", "GW%", "OGW%"):
        expect(player.get_by_role("columnheader", name=heading, exact=True)).to_be_visible()
    expect(player.locator("table.swiss-standings tbody tr")).to_have_count(5)
    player.get_by_role("link", name="1", exact=True).click()
    expect(player.locator(".round-links strong[aria-current=page]")).to_have_text("1")
    assert sideways(player) == 0
    checked(player, "Swiss standings (phone)")
