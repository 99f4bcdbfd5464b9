"""Live updates in two browsers: a move shows on the other player's screen by push (polling
set far too slow to explain it), and by polling when the push is refused. How soon is
bench/live_push.py's figure (PUSH_WAIT_MS)."""

import pytest
from playwright.sync_api import Page, expect

from config.errors import Conflict
from decks.drafting import services as drafting
from gameplay import services
from gameplay.engine import registry
from tests.e2e.draft_room import browser_page_for
from tests.e2e.play import PUSH_WAIT_MS, click_first_listed_move, listed_moves, log_in_by_form
from tournaments.models import Match
from tournaments.services import entry_add, match_result_report, tournament_create, tournament_start

PASSWORD = "correct-horse-battery"


def _two_players(browser, base: str, make_user):
    """A Combat game between alice and bob, each on the game page in their own browser;
    (mover's page, watcher's page, game)."""
    alice, bob = make_user("alice", password=PASSWORD), make_user("bob", password=PASSWORD)
    game = services.game_create(
        ruleset="combat", seats=[{"user": alice.pk}, {"user": bob.pk}], seed=5, created_by=alice
    )
    pages = {}
    for user in (alice, bob):
        page = browser.new_context().new_page()
        log_in_by_form(page, base, user.username, PASSWORD)
        page.goto(f"{base}/games/{game.pk}/")
        expect(page.locator("#board")).to_have_attribute("data-version", "0")
        pages[user.pk] = page
    first = game.state["turn"]["unit"]
    assert list(registry.get("combat").decision(game.state).seats) == [first]
    mover, watcher = (alice, bob) if first == 0 else (bob, alice)
    return pages[mover.pk], pages[watcher.pk], game


def _move(page: Page) -> None:
    """Click the player's first legal move and wait for their own board to show it."""
    assert click_first_listed_move(page.locator("#board"))
    expect(page.locator('#board:not([data-version="0"])')).to_be_attached()


def test_a_move_reaches_the_other_browser_by_push(live_server, browser, make_user, settings):
    # given polls far too slow to matter (10 minutes), and both players on the game page
    settings.GAME_BOARD_POLL_S = 600
    mover, watcher, game = _two_players(browser, live_server.url, make_user)
    # and a spectator (no one signed in) on the page too, each page connected to the stream
    spectator = browser.new_context().new_page()
    spectator.goto(f"{live_server.url}/games/{game.pk}/")
    fetched = []
    spectator.on("request", lambda r: fetched.append(r.url) if "/board/" in r.url else None)
    for page in (watcher, spectator):
        expect(page.locator("html")).to_have_attribute("data-live", "push")
    # when the player to move plays
    _move(mover)
    # then the other browser shows the new board, refreshed by the push
    expect(watcher.locator('#board:not([data-version="0"])')).to_be_attached(timeout=PUSH_WAIT_MS)
    expect(watcher.locator("html")).to_have_attribute("data-live-pushes", "1")
    # and so does the spectator's, from the notice itself (no request for the board), showing
    # what the page shows when opened afresh
    expect(spectator.locator('#board[data-version="1"]')).to_be_attached(timeout=PUSH_WAIT_MS)
    expect(spectator.locator("html")).to_have_attribute("data-live-pushes", "1")
    assert fetched == []
    fresh = browser.new_context().new_page()
    fresh.goto(f"{live_server.url}/games/{game.pk}/")
    assert spectator.locator("#board").inner_text() == fresh.locator("#board").inner_text()
    assert spectator.locator("#board").inner_html() == fresh.locator("#board").inner_html()
    # and a second move (the stream carries on after a swap) arrives the same way
    for _ in range(40):
        if listed_moves(mover.locator("#board")).count():
            break
        mover, watcher = watcher, mover
    version = mover.locator("#board").get_attribute("data-version")
    pushes = int(watcher.locator("html").get_attribute("data-live-pushes") or 0)
    assert click_first_listed_move(mover.locator("#board"))
    expect(watcher.locator(f'#board:not([data-version="{version}"])')).to_be_attached(
        timeout=PUSH_WAIT_MS
    )
    expect(watcher.locator("html")).to_have_attribute("data-live-pushes", str(pushes + 1))


def test_without_the_push_the_other_browser_still_updates_by_polling(
    live_server, browser, make_user, settings
):
    # given the server refusing every live stream (as at its stream limit), polls every second
    settings.LIVE_MAX_STREAMS = 0
    settings.GAME_BOARD_POLL_S = 1
    mover, watcher, _game = _two_players(browser, live_server.url, make_user)
    expect(watcher.locator("html")).to_have_attribute("data-live", "polling")
    # when the player to move plays
    _move(mover)
    # then the other browser shows it by its poll, nothing pushed
    expect(watcher.locator('#board:not([data-version="0"])')).to_be_attached(timeout=5000)
    assert watcher.locator("html").get_attribute("data-live-pushes") is None
    expect(watcher.locator("html")).to_have_attribute("data-live", "polling")


def test_the_join_button_leaves_an_open_room_by_push_once_the_last_seat_is_taken(
    live_server, browser, make_user, settings
):
    # given an open pod of two with one seat taken, and carol and dave looking at its room,
    # the room's polls set to ten minutes
    settings.DRAFT_ROOM_POLL_MS = 600_000
    host, alice = make_user("host"), make_user("alice")
    carol, dave = make_user("carol"), make_user("dave")
    draft = drafting.draft_create(organizer=host, game_slug="combat", seats=2, bots=0)
    drafting.draft_join(draft_id=draft.id, user=alice)
    pages = {}
    for user in (carol, dave):
        page = browser_page_for(browser, live_server, user)
        page.goto(f"{live_server.url}/drafts/{draft.id}/")
        expect(page.get_by_role("button", name="Join this draft")).to_be_visible()
        expect(page.locator("html")).to_have_attribute("data-live", "push")
        pages[user.username] = page
    # when dave takes the last seat
    pages["dave"].get_by_role("button", name="Join this draft").click()
    expect(pages["dave"].get_by_text("Seat 2: dave")).to_be_visible()
    # then carol's room drops its Join button, by push, and says why
    expect(pages["carol"].locator("#seats-full")).to_have_text(
        "Every seat is taken.", timeout=PUSH_WAIT_MS
    )
    expect(pages["carol"].get_by_role("button", name="Join this draft")).to_have_count(0)
    # and had her page been stale, joining is refused with the reason (409)
    with pytest.raises(Conflict) as full:
        drafting.draft_join(draft_id=draft.id, user=carol)
    assert full.value.code == "draft_full"


def test_a_reported_result_reaches_a_watchers_bracket_and_the_organizers_desk_by_push(
    live_server, browser, make_user
):
    # given a started four-player event: a visitor watches its bracket, the organizer its desk
    orla = make_user("orla", password=PASSWORD)
    players = [make_user(name) for name in ("ann", "ben", "cat", "dan")]
    event = tournament_create(organizer=orla, name="Live Cup", best_of=1, seeding="manual")
    for seed, player in enumerate(players, start=1):
        entry_add(tournament=event, by_user=orla, user_id=player.pk, seed=seed)
    tournament_start(tournament=event, by_user=orla)
    event.refresh_from_db()
    watcher = browser.new_context().new_page()
    watcher.goto(f"{live_server.url}/tournaments/{event.pk}/")
    desk = browser.new_context().new_page()
    log_in_by_form(desk, live_server.url, "orla", PASSWORD)
    desk.goto(f"{live_server.url}/tournaments/{event.pk}/")
    for page in (watcher, desk):
        expect(page.locator("html")).to_have_attribute("data-live", "push")
    shown = str(event.version)
    expect(watcher.locator("#bracket-live")).to_have_attribute("data-live-version", shown)
    # when the organizer records ann's win elsewhere (another device: the service)
    match = Match.objects.filter(tournament=event, round__number=1).order_by("index").first()
    winner = match.slots.order_by("slot").first().entry_id
    match_result_report(match=match, by_user=orla, games=[{"winner": winner, "life": {}}])
    # then the watcher's bracket and the organizer's desk refresh, by push
    for page, part in ((watcher, "#bracket-live"), (desk, "#desk")):
        expect(page.locator(f'{part}:not([data-live-version="{shown}"])')).to_be_attached(
            timeout=PUSH_WAIT_MS
        )
        assert int(page.locator("html").get_attribute("data-live-pushes") or 0) >= 1
