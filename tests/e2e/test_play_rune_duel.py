"""A human plays a whole game of Rune Duel against a bot in a real browser, only by clicking."""

from playwright.sync_api import Page, expect

from gameplay.models import GameRecord
from tests.e2e.play import click_moves_until_over, log_in_by_form, start_game_against_bot

PASSWORD = "correct-horse-battery"


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
    click_moves_until_over(page, board, max_clicks=300)
    game = GameRecord.objects.get()
    assert game.status == "finished"
    assert game.ruleset == "rune-duel"
    assert len([a for a in game.actions if a[0] == 0]) > 0
