"""A human plays a whole Conventional Combat match against a bot in a browser, by clicking."""

from playwright.sync_api import Page, expect

from gameplay.models import GameRecord
from tests.e2e.play import click_moves_until_over, log_in_by_form, start_game_against_bot

PASSWORD = "correct-horse-battery"


MAX_CLICKS = 200


def test_human_plays_a_whole_conventional_combat_match_against_a_bot(
    live_server, page: Page, make_user, transactional_db, bots_run_at_once
):
    # given a logged-in player who starts a Full Match against the greedy bot
    base = live_server.url
    make_user("connie", password=PASSWORD)
    log_in_by_form(page, base, "connie", PASSWORD)
    board = start_game_against_bot(page, base, game="conventional-combat", bot="greedy")
    # then the board draws their whole force (ten cards plus Null) in hand
    expect(page.locator('section[data-seat="0"] .cc-hand')).to_have_count(11)
    # each with what its ability does
    hunt = page.locator('section[data-seat="0"] .cc-hand', has_text="Monster Hunt")
    expect(hunt.locator("[data-text]")).to_have_text("Your Fighter: +3 attack against a Monster.")
    # they click moves (the first button each time) until the game is over
    click_moves_until_over(page, board, max_clicks=MAX_CLICKS)
    # and the last duel's dice are shown
    expect(page.locator("#last-duel .cc-die").first).to_be_visible()
    game = GameRecord.objects.get()
    assert game.status == "finished"
    assert game.ruleset == "conventional-combat"
    assert len([a for a in game.actions if a[0] == 0]) > 1
