"""A human plays a whole game of Rune Duel against a bot in a real browser, only by clicking."""

import pytest
from playwright.sync_api import Page, expect

from gameplay import services, tasks
from gameplay.models import GameRecord
from tests.e2e.play import (
    click_first_listed_move,
    listed_moves,
    log_in_by_form,
    start_game_against_bot,
)

PASSWORD = "correct-horse-battery"


@pytest.fixture
def bots_run_at_once(monkeypatch):
    """Bot moves run in the request that schedules them (no worker in the browser test)."""
    monkeypatch.setattr(
        tasks.bot_move, "delay", lambda game_id: services.game_bots_play(game_id=game_id)
    )


def test_human_plays_a_whole_rune_duel_against_a_bot(
    live_server, page: Page, make_user, transactional_db, bots_run_at_once
):
    base = live_server.url
    make_user("runa", password=PASSWORD)
    # the player logs in and starts a Rune Duel against the greedy bot
    log_in_by_form(page, base, "runa", PASSWORD)
    board = start_game_against_bot(page, base, game="rune-duel", bot="greedy")
    # the board draws the player's five cards, the other hand as backs (four if the bot has
    # already led the duel), and the battle line
    expect(page.locator("section.rd-me .rd-card")).to_have_count(5)
    expect(page.locator(".rd-back").first).to_be_visible()
    assert page.locator(".rd-back").count() in (4, 5)
    expect(page.get_by_role("heading", name="The battle line")).to_be_visible()
    # they click moves (the first button each time) until the game is over
    for _ in range(300):
        if board.get_attribute("data-status") == "finished":
            break
        buttons = listed_moves(board)
        if buttons.count() == 0:
            page.wait_for_timeout(300)
            continue
        version = board.get_attribute("data-version")
        click_first_listed_move(board)
        expect(page.locator(f'#board:not([data-version="{version}"])')).to_be_attached()
    expect(page.locator("#game-over")).to_be_visible()
    game = GameRecord.objects.get()
    assert game.status == "finished"
    assert game.ruleset == "rune-duel"
    assert len([a for a in game.actions if a[0] == 0]) > 0
