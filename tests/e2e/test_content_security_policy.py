"""Every page works under the Content-Security-Policy: the browser reports no violation
(no inline script, style or handler is left) on the main pages, the boards and the API docs."""

import re

import pytest
from playwright.sync_api import Page, expect

from gameplay import services as game_services
from tournaments import services as tournament_services

PASSWORD = "correct-horse-battery"


@pytest.fixture
def violations(page: Page) -> list[str]:
    """Console messages in which Chromium reports a blocked resource or inline code."""
    seen: list[str] = []
    page.on(
        "console",
        lambda message: (
            seen.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return seen


def test_the_pages_run_under_the_policy_without_a_violation(
    live_server, page: Page, make_user, violations
):
    base = live_server.url
    player = make_user("cspy", password=PASSWORD)
    rival = make_user("rival")
    organizer = make_user("orga")
    event = tournament_services.tournament_create(organizer=organizer, name="CSP Cup")
    for user in (player, rival):
        tournament_services.entry_add(tournament=event, by_user=organizer, user_id=user.pk)
    tournament_services.tournament_start(tournament=event, by_user=organizer)
    games = [
        game_services.game_create(
            ruleset=ruleset, seats=[{"user": player.pk}, {"bot": "random"}], created_by=player
        )
        for ruleset in ("combat", "army", "conventional-combat", "rune-duel")
    ]
    page.goto(f"{base}/login/")
    page.get_by_label("Username").fill("cspy")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Signed in as")).to_be_visible()
    match_id = event.rounds.get(number=1).matches.get().pk
    pages = [
        "/",
        "/tournaments/",
        f"/tournaments/{event.pk}/",
        f"/matches/{match_id}/",
        "/drafts/",
        "/decks/",
        "/decks/new/?game=kingdom-combat&format=constructed",
        "/games/",
        *(f"/games/{game.pk}/" for game in games),
        "/api/docs/",
    ]
    for path in pages:
        response = page.goto(base + path)
        assert response is not None
        assert response.ok, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
        page.wait_for_load_state("networkidle")
    # the card browser's game picker submits through static JS, not an inline handler
    page.goto(f"{base}/cards/")
    page.get_by_label("Game").select_option("combat")
    expect(page).to_have_url(re.compile(r"game=combat"))
    # the API docs render (their script comes by URL, their styles from a file)
    page.goto(f"{base}/api/docs/")
    expect(page.locator(".swagger-ui").first).to_be_visible()
    assert violations == []


def test_the_menu_folds_on_a_phone_and_stays_open_on_a_laptop(live_server, browser):
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(f"{live_server.url}/")
    expect(phone.get_by_role("link", name="Tournaments").first).to_be_hidden()
    phone.get_by_text("Menu").click()
    expect(phone.get_by_role("link", name="Tournaments").first).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    laptop = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    laptop.goto(f"{live_server.url}/")
    expect(laptop.get_by_role("link", name="Tournaments").first).to_be_visible()
