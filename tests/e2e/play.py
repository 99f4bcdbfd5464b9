"""The steps every engine-game browser test starts with: log in, open /games/, start a game."""

from playwright.sync_api import Locator, Page, expect


def log_in_by_form(page: Page, base: str, username: str, password: str) -> None:
    """Log in through the login page, as a person would."""
    page.goto(f"{base}/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_text("Signed in as")).to_contain_text(username)


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
