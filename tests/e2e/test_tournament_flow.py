"""An organizer runs an 8-entry event in a real browser; players report and confirm; the bracket
page shows the winner advance without a reload (htmx polling)."""

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.organizer import add_entries_and_start

PASSWORD = "correct-horse-battery"


def log_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Signed in as")).to_contain_text(username)


def test_organizer_runs_an_eight_entry_event(
    live_server, page: Page, browser: Browser, make_user, transactional_db
):
    base = live_server.url
    make_user("orla", password=PASSWORD)
    players = [make_user(f"p{i}", password=PASSWORD) for i in range(1, 9)]

    # the organizer creates the event
    log_in(page, base, "orla")
    page.goto(f"{base}/tournaments/")
    page.get_by_role("link", name="Create a tournament").click()
    page.get_by_label("Name").fill("Browser Cup")
    page.get_by_label("Best of").select_option("1")
    page.get_by_label("Seeding").select_option("manual")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.get_by_role("heading", name="Browser Cup")).to_be_visible()
    event_url = page.url

    # adds eight players with seeds 1..8 and starts it (a two-step confirmation)
    add_entries_and_start(page, players)
    bracket = page.locator("#bracket")
    rounds = bracket.locator(".bracket-round")
    expect(rounds).to_have_count(3)
    first = rounds.nth(0).locator(".bracket-match")
    expect(first).to_have_count(4)
    expect(first.nth(0)).to_contain_text("p1")
    expect(first.nth(0)).to_contain_text("p8")
    expect(first.nth(1)).to_contain_text("p4")
    expect(first.nth(1)).to_contain_text("p5")
    # each running match counts down its 50 minutes (the server alone would print a clock time)
    countdown = rounds.nth(0).locator(".countdown").first
    expect(countdown).to_have_text(re.compile(r"^(49|50):\d\d$"))
    expect(countdown).not_to_have_text(countdown.inner_text(), timeout=5_000)
    expect(rounds.nth(0).locator(".countdown")).to_have_count(4)
    semi = rounds.nth(1).locator(".bracket-match").nth(0)
    expect(semi).not_to_contain_text("p1")
    match_href = first.nth(0).locator("a").get_attribute("href")

    # p8 reports that p1 won; p1 confirms (each in their own browser context)
    reporter = browser.new_context().new_page()
    log_in(reporter, base, "p8")
    reporter.goto(f"{base}{match_href}")
    expect(reporter.get_by_role("heading", name="Organizer controls")).to_have_count(0)
    reporter.get_by_label("p1", exact=True).fill("1")  # the score: p1 won one game
    reporter.get_by_role("button", name="Report result").click()
    expect(reporter.get_by_text("Result reported.")).to_be_visible()
    confirmer = browser.new_context().new_page()
    log_in(confirmer, base, "p1")
    confirmer.goto(f"{base}{match_href}")
    confirmer.get_by_role("button", name="Confirm result").click()
    expect(confirmer.get_by_text("Result confirmed.")).to_be_visible()
    expect(confirmer.locator("#match-winner")).to_have_text("p1")

    # the organizer's bracket page (never reloaded) shows p1 advanced to the semi-final
    assert page.url == event_url
    expect(semi).to_contain_text("p1", timeout=15_000)
    expect(rounds.nth(0).locator(".bracket-entry.winner").first).to_contain_text("p1")
