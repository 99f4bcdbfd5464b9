"""A human plays a whole game of Army against a bot in a real browser, only by clicking."""

from playwright.sync_api import Page, expect

from gameplay.models import GameRecord
from tests.e2e.play import click_moves_until_over, log_in_by_form, start_game_against_bot

PASSWORD = "correct-horse-battery"


MAX_CLICKS = 400


def test_human_plays_a_whole_army_game_against_a_bot(
    live_server, page: Page, make_user, transactional_db, bots_run_at_once
):
    # given a logged-in player who starts Army against the greedy bot
    base = live_server.url
    make_user("arni", password=PASSWORD)
    log_in_by_form(page, base, "arni", PASSWORD)
    board = start_game_against_bot(page, base, game="army", bot="greedy")
    # then the board draws their five fighting cards face up and the bot's as backs
    expect(page.locator("section.army-me .army-hand")).to_have_count(5)
    expect(page.locator(".army-back").first).to_be_visible()
    # they click moves (the first button each time) until the game is over
    click_moves_until_over(page, board, max_clicks=MAX_CLICKS)
    game = GameRecord.objects.get()
    assert game.status == "finished"
    assert game.ruleset == "army"
    assert len([a for a in game.actions if a[0] == 0]) > 1
