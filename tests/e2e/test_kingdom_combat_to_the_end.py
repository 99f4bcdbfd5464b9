"""A person plays Kingdom Combat to the end against the greedy bot, only by clicking, through a
response window and an attack on a Fortress, at 1280x800 and at 390x844.

The game starts from a scenario (a few turns in, as short as the rules allow): after the
setup, the person's two Cinder Ogres and an Ash Shaman (Ranged) stand in the bot's Structures
Zone, next to its fortress, which has 5 HP left; the bot has a Sellsword at home, exhausted,
and no gold. The person goes to combat, attacks the fortress with both Ogres and commits; before
the damage the response window asks the attacker first (the Shaman could shoot the Sellsword,
ruling K49) and the person passes; the Ogres' 8 damage brings the fortress down.

On the phone the person's hand and the Battlefield are on the first screen, and the sticky bar
covers no card that can be picked (issue 36's phone table)."""

import os
from pathlib import Path

from playwright.sync_api import Page, expect

from gameplay import services
from gameplay.engine import core
from gameplay.models import GameRecord
from tests.e2e.axe_check import checked
from tests.e2e.play import first_screen_problems, log_in_by_form
from tests.gameplay.engine.kingdom_combat.helpers import put_unit

PASSWORD = "correct-horse-battery"
SHOTS = Path(os.environ.get("KC_SCREENSHOTS", "var/screenshots/kingdom-combat"))
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def scenario(game: GameRecord) -> dict:
    """The game's own setup played through the engine (no hires, both keep; seed 0 gives the
    person the first turn), then the scenario's units and the bot fortress's HP."""
    state = core.new_game("kingdom-combat", seats=2, options=game.options, seed=game.seed)
    for seat in (0, 1):
        core.play(state, seat, {"type": "done"})
    for seat in (0, 1):
        core.play(state, seat, {"type": "keep"})
    assert state["first"] == 0, "the scenario's seed gives the person the first turn"
    ogres = [put_unit(state, 0, "cinder-ogre", "S1") for _ in range(2)]
    put_unit(state, 0, "ash-shaman", "S1")
    put_unit(state, 1, "sellsword", "F1", exhausted=True)
    state["players"]["1"]["fortress"]["hp"] = 5
    state["players"]["1"]["gold"] = 0
    game.state = {k: v for k, v in state.items() if k != "log"}
    game.actions = state["log"]["actions"]
    game.checkpoints = state["log"]["checkpoints"]
    game.version = len(game.actions)
    game.save()
    return {"ogres": ogres}


def click_bar(page: Page, words: str) -> None:
    version = page.locator("#board").get_attribute("data-version")
    page.locator("#table-bar .bar-move", has_text=words).click()
    expect(page.locator(f'#board:not([data-version="{version}"])')).to_be_attached()


def photograph(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-screen.png"))
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_person_plays_kingdom_combat_to_the_end_against_the_greedy_bot(
    live_server, page: Page, make_user, bots_run_at_once
):
    base = live_server.url
    kira = make_user("kira", password=PASSWORD)
    log_in_by_form(page, base, "kira", PASSWORD)
    for size in SIZES:  # one log-in, a game at each size
        play_to_the_end(page, base, kira, size)


def play_to_the_end(page: Page, base: str, kira, size: str) -> None:
    width, height = SIZES[size]
    game = services.game_create(
        ruleset="kingdom-combat",
        seats=[{"user": kira.pk}, {"bot": "greedy"}],
        seed=0,
        created_by=kira,
    )
    ogres = scenario(game)["ogres"]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator("#kc-stage")).to_contain_text("before combat")
    expect(page.locator("#board .kc-me [data-card].pickable").first).to_be_visible()
    photograph(page, f"to-the-end-start-{size}")
    if size == "phone":  # the hand and the Battlefield on the first screen, no card covered
        hand = "#board .kc-me [data-card].pickable"
        assert first_screen_problems(page, hand, ".kc-battlefield") == []
    checked(page, f"the table ({size})")
    # every card reads at full size, from the keyboard too: focus it, Z, then Escape
    card = page.locator("#board .kc-me .kc-hand-cards [data-card]").first
    card.focus()
    page.keyboard.press("z")
    large = page.locator('.cf-overlay[role="dialog"]')
    expect(large.locator(".cf-name")).to_have_text(card.get_attribute("data-name"))
    expect(large.locator(".cf-overlay-close")).to_be_focused()
    page.keyboard.press("Escape")
    expect(large).to_have_count(0)
    expect(card).to_be_focused()
    # the person goes to combat and attacks the fortress with both Ogres (a click on the Ogre,
    # then on the fortress, then Confirm), then commits
    click_bar(page, "Go to combat")
    for ogre in ogres:
        page.locator(f'#board [data-card="{ogre}"].pickable').click()
        page.locator('#board [data-pick="fortress:1"].pickable').click()
        version = page.locator("#board").get_attribute("data-version")
        page.locator("#table-confirm").click()
        expect(page.locator(f'#board:not([data-version="{version}"])')).to_be_attached()
    click_bar(page, "Commit the attack")
    # the response window before the damage asks the attacker first, with a clear prompt and
    # what waits to resolve
    respond = page.locator("#kc-respond")
    expect(respond).to_contain_text("Before combat damage")
    expect(respond.locator(".kc-prompt")).to_contain_text("Your answer now")
    expect(respond.locator(".kc-battles")).to_contain_text("fortress")
    checked(page, f"the response window ({size})")
    photograph(page, f"to-the-end-window-{size}")
    click_bar(page, "Pass")
    # the Ogres' 8 damage brings the 5-HP fortress down: the game is over, the person won
    expect(page.locator("#game-over")).to_contain_text("kira")
    game.refresh_from_db()
    assert game.status == "finished"
    assert game.state["winners"] == [0]
    assert game.state["players"]["1"]["fortress"]["hp"] == 0
    checked(page, f"the finished game ({size})")
    photograph(page, f"to-the-end-over-{size}")
