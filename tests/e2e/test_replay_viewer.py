"""The end of a game on a phone: the result banner, the rematch, and the replay viewer, which
steps through the log without scrolling sideways."""

import os

import pytest
from playwright.sync_api import Page, expect

from gameplay import services
from gameplay.models import GameRecord
from tests.e2e.axe_check import sideways
from tests.gameplay.playing import play_to_the_end

PASSWORD = "correct-horse-battery"
SHOTS = os.environ.get("REPLAY_SCREENSHOTS")  # a folder: save what the test saw


def _finished_game(user) -> GameRecord:
    game = services.game_create(
        ruleset="combat",
        seats=[{"user": user.pk}, {"bot": "random"}],
        options={"max_turns": 4},
        created_by=user,
        seed=5,
    )
    return play_to_the_end(game, user, moves=1000)


def _shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_the_replay_steps_through_a_finished_game_without_scrolling_sideways(
    live_server, browser, make_user, transactional_db, size
):
    user = make_user("rita", password=PASSWORD)
    game = _finished_game(user)
    total = len(game.actions)
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("rita")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    # the game page ends with the result banner: who won and how, rematch and replay
    page.goto(f"{live_server.url}/games/{game.pk}/")
    banner = page.locator("#game-over")
    expect(banner).to_be_visible()
    expect(page.locator("#rematch")).to_be_visible()
    assert sideways(page) <= 0, "the page scrolls sideways"
    _shot(page, f"game-over-{size[0]}")
    # the replay opens on the deal, and Next (htmx) moves one action on
    banner.get_by_role("link", name="Watch the replay").click()
    expect(page.locator("#replay-step")).to_have_text(f"Step 0 of {total}")
    assert sideways(page) <= 0, "the page scrolls sideways"
    page.locator('a[rel="next"]').click()
    expect(page.locator("#replay-step")).to_have_text(f"Step 1 of {total}")
    expect(page.locator("#replay-action")).to_contain_text("rita")
    assert page.url.endswith("?step=1")
    assert sideways(page) <= 0, "the page scrolls sideways"
    _shot(page, f"replay-step1-{size[0]}")
    # the arrow keys step too
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-step")).to_have_text(f"Step 2 of {total}")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-step")).to_have_text(f"Step 1 of {total}")
    page.locator('a[rel="last"]').click()
    expect(page.locator("#replay-step")).to_have_text(f"Step {total} of {total}")
    assert sideways(page) <= 0, "the page scrolls sideways"
    _shot(page, f"replay-last-{size[0]}")
    # a step out of range says so and shows the nearest one
    page.goto(f"{live_server.url}/games/{game.pk}/replay/?step=-4")
    expect(page.locator("#replay-notice")).to_be_visible()
    expect(page.locator("#replay-step")).to_have_text(f"Step 0 of {total}")
    assert sideways(page) <= 0, "the page scrolls sideways"
    page.locator('a[rel="next"]').click()
    expect(page.locator("#replay-step")).to_have_text(f"Step 1 of {total}")
    expect(page.locator("#replay-notice")).to_have_count(0)
    # the rematch starts a new game with the seats swapped
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("#rematch").click()
    rematch = GameRecord.objects.get(rematch_of=game)
    expect(page).to_have_url(f"{live_server.url}/games/{rematch.pk}/")
    expect(page.locator("#players")).to_contain_text("rita")
    _shot(page, f"rematch-{size[0]}")
