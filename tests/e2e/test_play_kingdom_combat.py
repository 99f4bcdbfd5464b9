"""A human plays Kingdom Combat against a bot in a real browser, only by clicking: the Starting
Garrison, the mulligan, then turns; the board fits a phone without sideways scrolling."""

import os
from pathlib import Path

from playwright.sync_api import Page, expect

from gameplay.models import GameRecord
from tests.e2e.axe_check import sideways

from .play import click_first_listed_move, listed_moves, log_in_by_form, start_game_against_bot

PASSWORD = "correct-horse-battery"
SHOTS = Path(os.environ.get("KC_SCREENSHOTS", "var/screenshots/kingdom-combat"))


def test_human_plays_kingdom_combat_against_a_bot_by_clicking(
    live_server, page: Page, make_user, transactional_db, bots_run_at_once
):
    base = live_server.url
    make_user("kira", password=PASSWORD)
    page.set_viewport_size({"width": 1280, "height": 800})
    log_in_by_form(page, base, "kira", PASSWORD)
    board = start_game_against_bot(page, base, game="kingdom-combat", bot="greedy")
    # the player hires a Starting Garrison by the cards' names, then keeps the hand
    expect(page.locator("#kc-stage")).to_contain_text("Starting Garrison")
    listed_moves(board)
    hire = board.locator("button.action", has_text="Hire ")
    expect(hire.first).to_be_visible()
    hired = hire.first.inner_text().removeprefix("Hire ").split(" for your")[0]
    assert hired[:1].isupper(), f"{hired!r} is not a card's name"
    assert "-" not in hired, f"{hired!r} is not a card's name"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "garrison-desktop.png"), full_page=True)
    # they click moves (the first button each time) into the game's turns
    for _ in range(60):
        game = GameRecord.objects.get()
        if game.status == "finished" or (
            game.state["phase"] == "turn" and game.state["turn"]["number"] >= 4
        ):
            break
        buttons = listed_moves(board)
        if buttons.count() == 0:
            page.wait_for_timeout(300)
            continue
        version = board.get_attribute("data-version")
        if click_first_listed_move(board):
            expect(page.locator(f'#board:not([data-version="{version}"])')).to_be_attached()
    game = GameRecord.objects.get()
    assert game.ruleset == "kingdom-combat"
    assert game.state["phase"] in ("turn", "over")
    # the board shows the fortress, the zones and the player's hand drawn as cards
    page.reload()
    expect(page.get_by_role("heading", name="The Battlefield")).to_be_visible()
    expect(page.locator(".kc-me .kc-hp")).to_be_visible()
    expect(page.locator(".kc-me .cf").first).to_be_visible()
    assert sideways(page) <= 0, "the page scrolls sideways"
    page.screenshot(path=str(SHOTS / "turns-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(page.locator(".kc-me .kc-hp")).to_be_visible()
    assert sideways(page) <= 0, "the page scrolls sideways"
    page.screenshot(path=str(SHOTS / "turns-phone.png"), full_page=True)
