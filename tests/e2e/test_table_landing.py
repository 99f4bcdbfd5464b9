"""Where a player lands on a game's table (issue 37, "no bar covers a card you can pick"): at
1280x800 and 390x844, on a new game and on one in progress (opened again, as from "Your
move"), a card to pick is on the screen and the action bar covers none of them. On a laptop a
long board, or the last round's cards above the hand, used to leave the hand under the sticky
bar or below the first screen (static/gameplay/table.js brings the player's side into view).
In Rune Duel the Duel, with the card to trump, lies right above the hand."""

import pytest
from playwright.sync_api import Page, expect

import games
from tests.e2e.axe_check import DESKTOP, PHONE
from tests.e2e.play import (
    click_first_listed_move,
    in_view,
    landing_problems,
    sign_in_new_player,
    start_game_against_bot,
)
from tests.e2e.test_phone_table import PASSWORD, PICKS, SLUGS

MOVES = 6  # moves made before the game is opened again: rounds played, the board grown


def open_again_at_a_pick(page: Page) -> bool:
    """Open the game page afresh (not a reload, which restores the scroll) once the player has
    a card to pick: the bot may be to move (its move comes live, later on a busy box), and a
    move made only in the bar (keep a hand, end a step) is made first. False if the game
    ended meanwhile (a random bot can lose quickly)."""
    for _ in range(10):
        page.goto(page.url.split("#")[0])
        mine = page.locator('#board button.action, #board[data-status="finished"]')
        expect(mine.first).to_be_attached(timeout=20_000)
        if page.locator('#board[data-status="finished"]').count():
            return False
        if page.locator(PICKS).count():
            return True
        make_moves(page, 1)
    raise AssertionError("ten moves without a card to pick")


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
    sign_in_new_player(page, base, make_user, "lena", PASSWORD, size)
    problems = {}
    for slug in SLUGS:
        start_game_against_bot(page, base, game=slug, bot="random")
        assert open_again_at_a_pick(page), slug
        problems[slug] = {"new": landing_problems(page, PICKS)}
        make_moves(page, MOVES)
        if not open_again_at_a_pick(page):
            continue  # over already: nothing in progress to land on
        problems[slug]["in progress"] = landing_problems(page, PICKS)
        if slug == games.RUNE_DUEL:
            problems[slug]["card to trump"] = card_to_trump_problems(page, size)
    failing = {slug: found for slug, found in problems.items() if any(found.values())}
    assert failing == {}, size
    in_progress = [slug for slug, found in problems.items() if "in progress" in found]
    assert len(in_progress) >= len(SLUGS) - 1, in_progress  # the check cannot fade away


def card_to_trump_problems(page: Page, size: dict) -> list[str]:
    """Rune Duel: the last card of the Duel lies above the hand; on a laptop both are in sight
    (on a phone a long duel and the hand may be taller than the screen)."""
    last = ".rd-duel > span:last-of-type"
    if not page.locator(last).count():
        return []  # no card is down: nothing to trump
    above = page.evaluate(
        """s => document.querySelector(s).getBoundingClientRect().top
             < document.querySelector(".rd-me").getBoundingClientRect().top""",
        last,
    )
    if not above:
        return ["the card to trump is below the hand"]
    if size == DESKTOP and not in_view(page, last, 1000):
        return ["the card to trump is out of sight"]
    return []
