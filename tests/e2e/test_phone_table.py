"""Every game's table on a phone (390x844, issue 36): the first screen of a new game against a
bot shows a card the player can pick, wholly, and the action bar covers none of them."""

import os
from pathlib import Path

from playwright.sync_api import Page, expect

import games
from tests.e2e.axe_check import PHONE
from tests.e2e.play import first_screen_problems, sign_in_new_player, start_game_against_bot

PASSWORD = "correct-horse-battery"
SHOTS = Path(os.environ.get("PHONE_SCREENSHOTS", "var/screenshots/phone-table"))
SLUGS = [games.COMBAT, games.KINGDOM_COMBAT, games.CONVENTIONAL_COMBAT, games.ARMY, games.RUNE_DUEL]
PICKS = "#board [data-card].pickable, #board .table-offered[data-pick].pickable"


def test_a_new_games_first_screen_on_a_phone_shows_cards_to_pick_that_the_bar_does_not_cover(
    live_server, page: Page, make_user, bots_run_at_once
):
    base = live_server.url
    sign_in_new_player(page, base, make_user, "pia", PASSWORD, PHONE)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for slug in SLUGS:  # one log-in, a new game of each
        start_game_against_bot(page, base, game=slug, bot="random")
        expect(page.locator("#table-bar")).to_be_visible()
        expect(page.locator(PICKS).first).to_be_attached()
        page.screenshot(path=str(SHOTS / f"{slug}.png"))
        assert first_screen_problems(page, PICKS) == [], slug
