"""The play table: a whole game of Combat against a bot, played only by clicking things on the
board (a card in hand, then where it goes; an attacker, then the player it attacks; a blocker,
then the attacker) and the action bar (sticky on a desktop, under the hand on a phone), on a
desktop and on a phone."""

import random

from playwright.sync_api import Locator, Page, expect

from gameplay.models import GameRecord
from tests.e2e.axe_check import DESKTOP, PHONE, checked, sideways
from tests.e2e.play import (
    click_kind,
    click_toward,
    first_screen_problems,
    in_view,
    pick_a_move,
    sign_in_new_player,
    start_game_against_bot,
    table_moves,
)

PASSWORD = "correct-horse-battery"


def then_the_choice_waits_in_the_bar_in_view(page: Page, move: dict, size: dict) -> None:
    """Mid-choice: the selection in the bar, the board and the bar in view."""
    expect(page.locator("#table-hint")).to_contain_text(move["label"])
    expect(page.locator("#table-confirm")).to_be_visible()
    assert in_view(page, "#table-bar"), "the action bar is out of view"
    assert sideways(page) <= 1
    checked(page, f"the play table at {size}")


def click_random_moves_to_the_end(page: Page, board: Locator, size: dict) -> tuple[set[str], bool]:
    """Make random moves (card plays and combat first) by clicking the board until the game
    ends, checking the bar at the first choice of two clicks: (the kinds of two-click moves
    made, whether the bar was checked)."""
    rng = random.Random(size["width"])
    kinds: set[str] = set()
    checked_mid_game = False
    for _ in range(400):
        if board.get_attribute("data-status") == "finished":
            break
        table = table_moves(page)
        if table is None:  # the bot's move, or the game's end
            page.wait_for_timeout(200)
            continue
        version = board.get_attribute("data-version")
        move = pick_a_move(table, rng)
        if click_toward(page, table, move):
            if len(move["path"]) > 1:
                kinds.add(click_kind(move))
            if not checked_mid_game and len(move["path"]) > 1:
                then_the_choice_waits_in_the_bar_in_view(page, move, size)
                checked_mid_game = True
            page.locator("#table-confirm").click()
        expect(page.locator(f'#board:not([data-version="{version}"])')).to_be_attached()
        error = page.locator("#table-bar .table-error")
        assert error.count() == 0, error.first.text_content()
    return kinds, checked_mid_game


def test_a_combat_game_is_played_to_its_end_by_clicking_the_board(
    live_server, page: Page, make_user, transactional_db, bots_run_at_once
):
    # at the desktop size: the phone's table is test_phone_table.py's (every game) and the
    # bar's test below
    size = DESKTOP
    base = live_server.url
    sign_in_new_player(page, base, make_user, "tala", PASSWORD, size)
    page.goto(f"{base}/games/")
    page.get_by_label("Turn limit (Combat, optional)").fill("4")
    board = start_game_against_bot(page, base, bot="random")
    # every move is in the collapsed list, not a wall of buttons above the board
    expect(page.locator("#all-moves")).not_to_have_attribute("open", "")
    expect(page.locator("button.action").first).to_be_hidden()
    kinds, checked_mid_game = click_random_moves_to_the_end(page, board, size)
    expect(page.locator("#game-over")).to_be_visible()
    game = GameRecord.objects.get()
    assert game.status == "finished"
    assert checked_mid_game
    # the player put cards where they go by clicking: a card then its zone
    assert "card>zone" in kinds, kinds
    human = [a for seat, a in game.actions if seat == game.seats.get(user__isnull=False).number]
    assert {a["type"] for a in human} & {"soldier", "farm", "court"}
    assert sideways(page) <= 1


def test_the_bar_stays_in_view_on_a_phone_and_a_refusal_says_why(
    live_server, page: Page, make_user, transactional_db, bots_run_at_once
):
    base = live_server.url
    sign_in_new_player(page, base, make_user, "uma", PASSWORD, PHONE)
    board = start_game_against_bot(page, base, bot="greedy")
    expect(page.locator("#table-bar")).to_be_visible()
    # (the hand is marked pickable by the page's script once the board is in: wait for it)
    expect(page.locator("#board .seat.me [data-card].pickable").first).to_be_visible()
    # the bar sits right under the hand, in the flow, on the first screen: it covers no card
    assert first_screen_problems(page, "#board .seat.me [data-card].pickable") == []
    assert in_view(page, "#table-bar")
    # choosing a card then cancelling leaves nothing chosen
    expect(page.locator("#board .pickable").first).to_be_visible()
    hand = page.locator("#board .seat.me [data-card].pickable")
    card = hand.first.get_attribute("data-card")
    hand.first.click()
    expect(page.locator(f'#board [data-card="{card}"].picked')).to_be_visible()
    page.locator("#table-cancel").click()
    expect(page.locator("#board .picked")).to_have_count(0)
    # the keyboard chooses too: a highlighted card is a button (Enter), Escape lets go
    hand.first.focus()
    expect(hand.first).to_have_attribute("role", "button")
    page.keyboard.press("Enter")
    expect(page.locator(f'#board [data-card="{card}"][aria-pressed="true"]')).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#board .picked")).to_have_count(0)
    # a card chosen, then its zone; meanwhile the card left the hand (the page has not been
    # told): the server refuses the move and the bar says why, in the engine's words
    hand.first.click()
    page.locator("#board .zone-name.pickable").first.click()
    expect(page.locator("#table-confirm")).to_be_visible()
    game = GameRecord.objects.get()
    seat = str(game.seats.get(user__isnull=False).number)
    state = game.state
    state["hands"][seat].remove(card)
    state["discard"][next(iter(state["discard"]))].append(card)
    GameRecord.objects.filter(pk=game.pk).update(state=state)
    version = board.get_attribute("data-version")
    page.locator("#table-confirm").click()
    expect(page.locator("#table-bar .table-error")).to_have_text("That card is not in your hand.")
    assert board.get_attribute("data-version") == version
    assert in_view(page, "#table-bar")
