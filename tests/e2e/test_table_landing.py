"""Where a player lands on a game's table (issue 37, "no bar covers a card you can pick"): at
1280x800 and 390x844, on a new game and on one in progress (opened again, as from "Your
move"), a card to pick is on the screen and the action bar covers none of them. On a laptop a
long board, or the last round's cards above the hand, used to leave the hand under the sticky
bar or below the first screen (static/gameplay/table.js brings the player's side into view)."""

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe_check import DESKTOP, PHONE
from tests.e2e.play import (
    click_first_listed_move,
    landing_problems,
    log_in_by_form,
    start_game_against_bot,
)
from tests.e2e.test_phone_table import PASSWORD, PICKS, SLUGS

MOVES = 6  # moves made before the game is opened again: rounds played, the board grown


def open_again_and_wait_for_a_pick(page: Page) -> None:
    """Open the game page afresh (not a reload, which restores the scroll) and wait for a card
    to pick (the bot may be to move: its move comes live, later on a busy box)."""
    page.goto(page.url.split("#")[0])
    expect(page.locator(PICKS).first).to_be_attached(timeout=20_000)


def make_moves(page: Page, count: int) -> None:
    board = page.locator("#board")
    for _ in range(count):
        if board.get_attribute("data-status") == "finished":
            return
        version = board.get_attribute("data-version")
        if click_first_listed_move(board):
            expect(page.locator(f'#board:not([data-version="{version}"])')).to_be_attached()


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_player_lands_where_a_card_to_pick_is_in_sight_clear_of_the_bar(
    live_server, page: Page, make_user, bots_run_at_once, size
):
    base = live_server.url
    make_user("lena", password=PASSWORD)
    page.set_viewport_size(size)
    log_in_by_form(page, base, "lena", PASSWORD)
    problems = {}
    for slug in SLUGS:
        start_game_against_bot(page, base, game=slug, bot="random")
        open_again_and_wait_for_a_pick(page)
        new = landing_problems(page, PICKS)
        make_moves(page, MOVES)
        open_again_and_wait_for_a_pick(page)
        problems[slug] = {"new": new, "in progress": landing_problems(page, PICKS)}
    assert all(not p["new"] and not p["in progress"] for p in problems.values()), problems
