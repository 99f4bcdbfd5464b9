"""Playing a person: alice challenges bob from the lobby, bob sees it on his home page and
accepts, alice's lobby takes her to the game, and they play it to its end in two browsers,
each seeing the other's moves."""

from playwright.sync_api import Page, expect

from gameplay.models import GameRecord
from tests.e2e.axe_check import sideways
from tests.e2e.play import click_first_listed_move, listed_moves, log_in_by_form

PASSWORD = "correct-horse-battery"


def alice_challenges_bob(alice: Page, bob: Page, base: str) -> None:
    """Bob has his home page open on his phone; alice challenges him to a short game of Combat
    from the lobby."""
    log_in_by_form(bob, base, "bob", PASSWORD)
    bob.goto(f"{base}/")
    expect(bob.locator("html")).to_have_attribute("data-live", "push")
    expect(bob.locator("#home-challenges")).to_have_count(0)
    log_in_by_form(alice, base, "alice", PASSWORD)
    alice.get_by_role("link", name="Lobby").click()
    form = alice.get_by_role("region", name="Challenge a player")
    form.get_by_label("Their username").fill("bob")
    form.get_by_label("Game").select_option(label="Combat")
    form.get_by_label("Turn limit (Combat, optional)").fill("2")
    form.get_by_role("button", name="Send challenge").click()
    expect(alice.get_by_text("Challenge sent: bob can accept it")).to_be_visible()
    expect(alice.get_by_text("challenge to bob")).to_be_visible()


def play_to_the_end(pages: dict[str, Page]) -> dict[str, int]:
    """Each clicks when it is their move (the first listed move); the other screen follows.
    How many moves each made."""
    moves = dict.fromkeys(pages, 0)
    for _ in range(400):
        if all(
            p.locator("#board").get_attribute("data-status") == "finished" for p in pages.values()
        ):
            break
        played = False
        for name, page in pages.items():
            buttons = listed_moves(page.locator("#board"))
            if buttons.count():
                version = page.locator("#board").get_attribute("data-version")
                if click_first_listed_move(page.locator("#board")):
                    expect(page.locator(f'#board:not([data-version="{version}"])')).to_be_attached()
                    moves[name] += 1
                    played = True
                    break
        if not played:
            pages["alice"].wait_for_timeout(200)
    return moves


def test_a_challenge_is_accepted_from_the_home_page_and_both_play_it(
    live_server, browser, make_user
):
    base = live_server.url
    make_user("alice", password=PASSWORD)
    make_user("bob", password=PASSWORD)
    alice = browser.new_context().new_page()
    bob = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    alice_challenges_bob(alice, bob, base)
    # bob's open home page shows it at once (pushed: no reload), with the notification count
    challenges = bob.locator("#home-challenges")
    expect(challenges).to_contain_text("alice challenges you to Combat (2 turns at most)")
    expect(bob.locator("#notifications-link .count")).to_contain_text("1")
    assert not sideways(bob)
    bob.get_by_role("button", name="Accept alice's Combat challenge").click()
    expect(bob.locator("#board")).to_be_visible()
    game = GameRecord.objects.get()
    assert bob.url.endswith(f"/games/{game.pk}/")
    # alice's lobby, still open on her offer, goes to the game by push (no click, no reload)
    expect(alice.locator("#board")).to_be_visible(timeout=3000)
    assert alice.url.endswith(f"/games/{game.pk}/")
    # they play it to its end, each clicking when it is their move; the other screen follows
    pages = {"alice": alice, "bob": bob}
    moves = play_to_the_end(pages)
    for page in pages.values():
        expect(page.locator("#game-over")).to_be_visible()
    assert moves["alice"] > 0
    assert moves["bob"] > 0
    game.refresh_from_db()
    assert game.status == "finished"
