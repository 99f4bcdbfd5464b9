"""A human plays a whole game of Combat against a bot in a real browser, only by clicking."""

from playwright.sync_api import Page, expect

from config import live
from gameplay.models import GameRecord
from tests.e2e.play import (
    click_moves_until_over,
    listed_moves,
    log_in_by_form,
    new_page_logged_in,
)

PASSWORD = "correct-horse-battery"


def test_human_plays_a_whole_combat_game_against_a_bot(
    live_server, page: Page, make_user, transactional_db, bots_run_at_once
):
    base = live_server.url
    make_user("hana", password=PASSWORD)
    # the player logs in and starts a short game against the random bot
    log_in_by_form(page, base, "hana", PASSWORD)
    page.goto(f"{base}/games/")
    page.get_by_label("Opponent").select_option("random")
    page.get_by_label("Turn limit (Combat, optional)").fill("4")
    page.get_by_role("button", name="Start game").click()
    board = page.locator("#board")
    expect(board).to_be_visible()
    expect(page.locator(".playing-card").first).to_be_visible()
    # they click moves (the first button each time) until the game is over
    click_moves_until_over(page, board, max_clicks=300)
    game = GameRecord.objects.get()
    assert game.status == "finished"
    assert len([a for a in game.actions if a[0] == 0]) > 0


def _log_in(browser, base: str, username: str) -> Page:
    """A fresh browser context (its own cookies) logged in as that user."""
    return new_page_logged_in(browser, base, username, PASSWORD)


def test_two_players_play_their_match_on_the_page_and_the_winner_advances(
    live_server, browser, make_user, transactional_db
):
    from tests.gameplay.engine.combat_helpers import soldiers, turn_of
    from tournaments import services as tournament_services
    from tournaments.models import Match

    # given a 4-entry bracket (manual seeding: ann meets bob in the first round)
    base = live_server.url
    organizer = make_user("org", password=PASSWORD)
    ann, bob = make_user("ann", password=PASSWORD), make_user("bob", password=PASSWORD)
    tournament = tournament_services.tournament_create(
        organizer=organizer, name="Cup", best_of=1, seeding="manual"
    )
    for seed, user in enumerate((ann, None, None, bob), start=1):
        who = {"user_id": user.pk} if user else {"name": f"Guest {seed}"}
        tournament_services.entry_add(tournament=tournament, by_user=organizer, seed=seed, **who)
    tournament_services.tournament_start(tournament=tournament, by_user=organizer)
    match = Match.objects.get(tournament=tournament, round__number=1, slots__entry__user=ann)
    assert set(match.slots.values_list("entry__user", flat=True)) == {ann.pk, bob.pk}
    # ann starts the match's game from the games page; bob opens it from his
    ann_page = _log_in(browser, base, "ann")
    ann_page.goto(f"{base}/games/")
    ann_page.get_by_role("button", name="Play on the engine").click()
    expect(ann_page.locator("#board")).to_be_visible()
    bob_page = _log_in(browser, base, "bob")
    bob_page.goto(f"{base}/games/")
    bob_page.get_by_role("link", name="Open the game").click()
    expect(bob_page.locator("#board")).to_be_visible()
    # and the game has reached ann's attack with a ready king while bob is down to 1 life
    game = GameRecord.objects.get(match=match)
    seat = {s.user_id: s.number for s in game.seats.all()}
    state = game.state
    soldiers(state, seat[ann.pk], "KS")
    turn_of(state, seat[ann.pk], "attack")
    state["life"][str(seat[bob.pk])] = 1
    state["damage_taken"][str(seat[bob.pk])] = 19
    GameRecord.objects.filter(pk=game.pk).update(state=state, version=game.version + 1)
    # (written straight to the table, so announced as every service's write is: the pages hold
    # the game's live stream and skip their polls while it is up)
    live.publish(f"game-{game.pk}", game.version + 1)
    # when ann clicks the attack (her board picks up the position without a reload)
    expect(ann_page.locator("#step")).to_have_text("attack")
    listed_moves(ann_page.locator("#board"))  # every move, in the list the page keeps open
    attack = ann_page.get_by_role("button", name=f"Attack player {seat[bob.pk] + 1} with")
    expect(attack.first).to_be_visible()
    expect(ann_page.locator("#to-act")).to_have_text("ann")
    lives = ["20", "20"]
    lives[seat[bob.pk]] = "1"
    expect(bob_page.locator(".life-total")).to_have_text(lives)
    attack.first.click()
    # then both boards show the game over, bob's without a reload (htmx polling)
    expect(ann_page.locator("#game-over")).to_contain_text("ann")
    expect(bob_page.locator("#game-over")).to_contain_text("ann")
    # and the result finished the match and moved ann into the final
    match.refresh_from_db()
    assert match.status == "finished"
    assert match.winner.user_id == ann.pk
    final = Match.objects.get(tournament=tournament, round__number=2)
    assert ann.pk in set(final.slots.values_list("entry__user", flat=True))
