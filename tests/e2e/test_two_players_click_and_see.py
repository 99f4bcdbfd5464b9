"""Two people, two browsers, one Combat game played to its end only by clicking the board (a card
then where it goes, an attacker then the player it attacks, a blocker then the attacker) and the
sticky bar (Confirm, the one-click moves): after each move the other browser shows it by push
(the board's polls set to ten minutes, far too slow to explain it)."""

import random

from playwright.sync_api import Page, expect

from gameplay import services
from gameplay.models import GameRecord
from tests.e2e.play import (
    PUSH_WAIT_MS,
    click_kind,
    click_toward,
    log_in_by_form,
    pick_a_move,
    table_moves,
)

PASSWORD = "correct-horse-battery"


def _shows(page: Page, version: str, timeout: float) -> None:
    expect(page.locator("#board")).to_have_attribute("data-version", version, timeout=timeout)


def on_the_game_page(browser, base: str, game, users) -> dict[str, Page]:
    """Each player on the game page in their own browser, connected to the game's stream."""
    pages: dict[str, Page] = {}
    for user in users:
        page = browser.new_context().new_page()
        log_in_by_form(page, base, user.username, PASSWORD)
        page.goto(f"{base}/games/{game.pk}/")
        _shows(page, "0", 5000)
        expect(page.locator("html")).to_have_attribute("data-live", "push")
        pages[user.username] = page
    return pages


def one_move_seen_by_the_other(
    pages: dict[str, Page], rng: random.Random, moves_made: dict, kinds: set[str]
) -> None:
    """The player with something to decide makes a move by clicking their board; the other
    browser shows the new board, brought by the push."""
    deciding = [name for name, page in pages.items() if table_moves(page) is not None]
    assert deciding, "nobody has a move, yet the game is not over"
    name = deciding[0]
    mover, watcher = pages[name], pages["bob" if name == "alice" else "alice"]
    table = table_moves(mover)
    version = mover.locator("#board").get_attribute("data-version")
    pushes = int(watcher.locator("html").get_attribute("data-live-pushes") or 0)
    move = pick_a_move(table, rng)
    if click_toward(mover, table, move):
        expect(mover.locator("#table-hint")).to_contain_text(move["label"])
        mover.locator("#table-confirm").click()
    if len(move["path"]) > 1:
        kinds.add(click_kind(move))
    moves_made[name] += 1
    expect(mover.locator(f'#board:not([data-version="{version}"])')).to_be_attached()
    error = mover.locator("#table-bar .table-error")
    assert error.count() == 0, error.first.text_content()
    new = mover.locator("#board").get_attribute("data-version")
    _shows(watcher, new, PUSH_WAIT_MS)
    assert int(watcher.locator("html").get_attribute("data-live-pushes") or 0) > pushes
    # (and nobody opened the collapsed list of every move)
    for page in pages.values():
        expect(page.locator("#all-moves[open]")).to_have_count(0)


def test_two_players_click_a_game_to_its_end_and_each_sees_the_others_moves_by_push(
    live_server, browser, make_user, settings
):
    # given polls far too slow to matter, and a short human-against-human Combat game
    settings.GAME_BOARD_POLL_S = 600
    base = live_server.url
    alice, bob = make_user("alice", password=PASSWORD), make_user("bob", password=PASSWORD)
    game = services.game_create(
        ruleset="combat",
        seats=[{"user": alice.pk}, {"user": bob.pk}],
        options={"max_turns": 4},
        seed=11,
        created_by=alice,
    )
    # and each player on the game page in their own browser, connected to the game's stream
    pages = on_the_game_page(browser, base, game, (alice, bob))
    rng = random.Random(11)
    moves_made = {"alice": 0, "bob": 0}
    kinds: set[str] = set()
    for _ in range(300):
        if pages["alice"].locator("#board").get_attribute("data-status") == "finished":
            break
        # when a player moves, then the other browser shows it, by push
        one_move_seen_by_the_other(pages, rng, moves_made, kinds)
    # the game ran to its end, both browsers showing the result
    game = GameRecord.objects.get(pk=game.pk)
    assert game.status == "finished"
    for page in pages.values():
        expect(page.locator("#game-over")).to_be_visible()
        _shows(page, str(game.version), PUSH_WAIT_MS)
    # both people played, and put cards where they go by clicking a card and then its zone
    assert moves_made["alice"], moves_made
    assert moves_made["bob"], moves_made
    assert "card>zone" in kinds, kinds
    assert len(game.actions) == sum(moves_made.values())
    print(f"moves {moves_made}, click paths {sorted(kinds)}")
