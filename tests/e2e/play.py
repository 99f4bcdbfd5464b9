"""The steps every engine-game browser test takes: log in, open /games/, start a game, and make
moves by clicking the play table (static/gameplay/table.js) as a person would."""

import json
import random
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

# How long a test waits for a live push: far less than the ten-minute polls the live tests set,
# so an arrival within it can only be the push. How soon a push arrives is a figure of
# bench/live_push.py, not an assertion: a shared CI box under load may take seconds.
PUSH_WAIT_MS = 10_000


def log_in_by_form(page: Page, base: str, username: str, password: str) -> None:
    """Log in through the login page, as a person would."""
    page.goto(f"{base}/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Signed in as")).to_contain_text(username)


def sign_in_new_player(
    page: Page, base: str, make_user: Callable[..., Any], name: str, password: str, size: dict
) -> None:
    """A new player, signed in through the login page with the browser at `size`."""
    make_user(name, password=password)
    page.set_viewport_size(size)
    log_in_by_form(page, base, name, password)


def new_page_logged_in(browser, base: str, username: str, password: str, viewport=None) -> Page:
    """A fresh browser context (its own cookies; `viewport` if given) logged in as that user."""
    context = browser.new_context(viewport=viewport) if viewport else browser.new_context()
    page = context.new_page()
    log_in_by_form(page, base, username, password)
    return page


def start_game_against_bot(page: Page, base: str, *, game: str = "", bot: str) -> Locator:
    """From /games/, start `game` (the form's default when empty) against `bot`; the board."""
    page.goto(f"{base}/games/")
    if game:
        page.get_by_label("Game").select_option(game)
    page.get_by_label("Opponent").select_option(bot)
    page.get_by_role("button", name="Start game").click()
    board = page.locator("#board")
    expect(board).to_be_visible()
    return board


def listed_moves(board: Locator) -> Locator:
    """The buttons of every legal move in the collapsed "All your moves" list, opened."""
    # (no waiting: the board may have just been swapped for one without moves)
    board.locator("#all-moves:not([open]) > summary").evaluate_all("s => s.forEach(e => e.click())")
    return board.locator("button.action")


def thing(page: Page, key: str) -> Locator:
    """The highlighted thing on the board (or the bar's option) a click path key names."""
    if key.startswith("opt:"):  # a worded choice in the action bar ("Use its special ability")
        return page.locator(f'#table-options button[data-key="{key}"]')
    if key.startswith("card:"):
        found = page.locator(f'#board [data-card="{key[5:]}"].pickable')
    else:
        found = page.locator(f'#board [data-pick="{key}"].pickable')
    return found.first


def in_view(page: Page, selector: str, timeout: float = 5000) -> bool:
    """Whether the element is wholly inside the viewport (as the player sees it), waiting up to
    `timeout` ms for it to get there (a scroll or a live board swap settles first)."""
    try:
        page.wait_for_function(
            """s => { const e = document.querySelector(s); if (!e) return false;
                      const r = e.getBoundingClientRect();
                      return r.top >= 0 && r.bottom <= window.innerHeight + 1 && r.height > 0; }""",
            arg=selector,
            timeout=timeout,
        )
    except PlaywrightTimeoutError:
        return False
    return True


def click_first_listed_move(board: Locator) -> bool:
    """Open the collapsed list of moves and click its first one; True once clicked. A live
    update may swap the board in between (the new board's list is opened again), and the
    new board may have no move for this player: the bot moved meanwhile, or its move ended
    the game (False: nothing to click, the caller looks at the board again)."""
    for _ in range(10):
        if board.get_attribute("data-status") == "finished":
            return False
        buttons = listed_moves(board)
        if buttons.count() == 0:
            return False
        try:
            buttons.first.click(timeout=3000)
            return True
        except PlaywrightTimeoutError:
            continue
    raise AssertionError("no move of the list could be clicked")


def click_moves_until_over(page: Page, board: Locator, max_clicks: int) -> None:
    """Click the first listed move, wait for the board the move brings, and again, until the
    game is over (the bot's moves come in between); AssertionError if it is not over within
    `max_clicks` clicks."""
    for _ in range(max_clicks):
        if board.get_attribute("data-status") == "finished":
            break
        if listed_moves(board).count() == 0:  # the bot's turn: its move comes live
            page.wait_for_timeout(300)
            continue
        version = board.get_attribute("data-version")
        if click_first_listed_move(board):
            expect(page.locator(f'#board:not([data-version="{version}"])')).to_be_attached()
    expect(page.locator("#game-over")).to_be_visible()


def table_moves(page: Page) -> dict | None:
    """The click table the server sent this player (None when they have nothing to decide)."""
    data = page.locator("#table-moves")
    if data.count() == 0:
        return None
    return json.loads(data.text_content())


def pick_a_move(table: dict, rng: random.Random) -> dict:
    """A random move of the click table, card plays and combat first (a turn still ends: the
    hand and the soldiers run out)."""
    moves = table["moves"]
    on_board = [m for m in moves if not m["path"][0].startswith("opt:")]
    return rng.choice(on_board) if on_board and rng.random() < 0.85 else rng.choice(moves)


def click_kind(move: dict) -> str:
    """What a move of two clicks or more chooses first and second, such as "card>zone"."""
    first, second = move["path"][:2]
    return first.split(":")[0] + ">" + second.split(":")[0]


def click_toward(page: Page, table: dict, move: dict) -> bool:
    """Make `move` by clicking the board as a person would: a one-click move in the sticky bar,
    or each thing of its click path in turn (a card, then where it goes). True when the move is
    now chosen and waits for the bar's Confirm, False when the click already made it."""
    path = move["path"]
    if len(path) == 1 and path[0].startswith("opt:"):
        # a one-click move in the sticky action bar ("End the main step", "Done"), by its whole
        # words ("Pass" is not "Pass until the stack resolves")
        words = re.compile(rf"^\s*{re.escape(table['words'][path[0]])}\s*$")
        bar_button = page.locator("#table-bar .bar-move", has_text=words)
        expect(bar_button).to_be_visible()
        bar_button.click()
        return False
    for step, key in enumerate(path):
        target = thing(page, key)
        expect(target).to_be_visible()
        target.click()
        if step == 0 and len(path) > 1:
            expect(page.locator("#table-cancel")).to_be_visible()
    return True


FIRST_SCREEN = """([picks, also]) => {
  const bar = document.querySelector("#table-bar"), out = [];
  const b = bar ? bar.getBoundingClientRect() : null;
  const covered = r => b !== null && r.bottom > b.top + 1 && r.top < b.bottom - 1
    && r.right > b.left && r.left < b.right;
  const seen = r => r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1;
  const cards = [...document.querySelectorAll(picks)].map(c => [c, c.getBoundingClientRect()]);
  if (!cards.some(([c, r]) => seen(r) && !covered(r)))
    out.push("no card to pick is wholly on the first screen, clear of the bar");
  for (const [c, r] of cards)
    if (covered(r)) out.push("the bar covers " + (c.dataset.name || c.dataset.card));
  for (const s of also) {
    const e = document.querySelector(s);
    if (!e || e.getBoundingClientRect().top >= window.innerHeight - 40)
      out.push(s + " is not on the first screen");
  }
  return out;
}"""


def first_screen_problems(page: Page, picks: str, *also: str) -> list[str]:
    """What keeps a phone player from playing on the first screen (the page at the top): no
    card matching `picks` wholly visible and clear of the action bar, a card to pick that the
    bar covers, or one of the `also` selectors starting below the screen (empty: none)."""
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate(FIRST_SCREEN, [picks, list(also)])


def landing_problems(page: Page, picks: str) -> list[str]:
    """What keeps a player from playing where the page lands (not scrolled by the test): no
    card matching `picks` wholly on the screen and clear of the action bar, or a card to pick
    that the bar covers (empty: none)."""
    return page.evaluate(FIRST_SCREEN, [picks, []])
