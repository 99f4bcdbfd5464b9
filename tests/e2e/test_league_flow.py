"""An organizer starts a league from the form, adds a finished event from the league page, and
the leaderboard and a player's history show it; on a phone nothing scrolls sideways."""

from playwright.sync_api import Browser, Page, expect

from tests.e2e.axe_check import PHONE, checked, sideways
from tests.e2e.test_tournament_flow import PASSWORD, log_in
from tests.leagues.test_leagues import finished_event
from tournaments.models import Match


def test_an_organizer_runs_a_league_season(
    live_server, page: Page, browser: Browser, make_user, transactional_db
):
    base = live_server.url
    organizer = make_user("orla", password=PASSWORD)
    players = [make_user(name, password=PASSWORD) for name in ("ann", "ben", "cy", "dee")]
    finished_event(organizer, players, "Week 1")

    # the organizer starts a league from the form: best 3 of 5 events
    log_in(page, base, "orla")
    page.goto(f"{base}/leagues/")
    page.get_by_role("link", name="Start a league").click()
    page.get_by_label("Name").fill("Spring league")
    page.get_by_label("Events that count (best N)").fill("3")
    page.get_by_label("Events in the season (M)").fill("5")
    page.get_by_role("button", name="Create league").click()
    expect(page.get_by_role("heading", name="Spring league")).to_be_visible()
    expect(page.get_by_text("best 3 of 5 events count")).to_be_visible()
    expect(
        page.get_by_text("The leaderboard fills in as the league's events finish.")
    ).to_be_visible()

    # adds the finished event from the league page
    page.get_by_label("One of your Combat events").select_option(label="Week 1 (finished)")
    page.get_by_role("button", name="Add to the league").click()
    expect(page.get_by_text("Event added to the league.")).to_be_visible()
    rows = page.locator("table.league-board tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(0)).to_contain_text("ann")
    expect(rows.nth(0)).to_contain_text("10")
    expect(rows.nth(1)).to_contain_text("ben")

    # a player opens the board on a phone, then ann's history from it
    player = browser.new_context(viewport=PHONE).new_page()
    log_in(player, base, "ben")
    player.goto(page.url)
    assert sideways(player) == 0
    checked(player, "league leaderboard (phone)")
    player.get_by_role("link", name="ann").click()
    expect(player.get_by_role("heading", name="ann: events")).to_be_visible()
    history = player.locator("table.history-table tbody tr")
    expect(history).to_have_count(1)
    expect(history.nth(0)).to_contain_text("Week 1")
    expect(history.nth(0)).to_contain_text("Spring league")
    assert sideways(player) == 0
    checked(player, "player history (phone)")


def test_an_organizer_edits_the_league_and_a_player_reads_their_rating_history(
    live_server, page: Page, browser: Browser, make_user, transactional_db
):
    from leagues.services import league_create, league_event_add
    from ratings.services import match_rate

    base = live_server.url
    organizer = make_user("orla", password=PASSWORD)
    players = [make_user(name, password=PASSWORD) for name in ("ann", "ben", "cy", "dee")]
    league = league_create(organizer=organizer, name="Spring league")
    for week, order in enumerate((players, players[::-1]), 1):
        event = finished_event(organizer, order, f"Week {week}")
        league_event_add(league=league, by_user=organizer, tournament_id=event.pk)
    for match in Match.objects.filter(status="finished").order_by("finished_at", "pk"):
        match_rate(match_id=match.pk)

    # the organizer opens the edit form from the league page, on a phone
    organizer_page = browser.new_context(viewport=PHONE).new_page()
    log_in(organizer_page, base, "orla")
    organizer_page.goto(f"{base}/leagues/{league.pk}/")
    organizer_page.get_by_role("link", name="Edit league").click()
    expect(organizer_page.get_by_role("heading", name="Edit Spring league")).to_be_visible()
    assert sideways(organizer_page) == 0
    checked(organizer_page, "league edit (phone)")
    # a bad setting is refused with the reason, nothing saved
    organizer_page.get_by_label("Events that count (best N)").fill("4")
    organizer_page.get_by_label("Events in the season (M)").fill("3")
    organizer_page.get_by_role("button", name="Save settings").click()
    expect(organizer_page.get_by_text("N <= M")).to_be_visible()
    # then scoring per match win, 5 points each, a season end and a description
    organizer_page.get_by_label("Events that count (best N)").fill("")
    organizer_page.get_by_label("Scoring").select_option(label="Points per match win")
    organizer_page.get_by_label("Points per win").fill("5")
    organizer_page.get_by_label("Season ends").fill("2027-02-28")
    organizer_page.get_by_label("Description").fill("Thursdays at the shop.")
    organizer_page.get_by_role("button", name="Save settings").click()
    expect(organizer_page.get_by_text("League settings saved")).to_be_visible()
    expect(organizer_page.get_by_text("5 points per match win")).to_be_visible()
    expect(organizer_page.get_by_text("\u2013 28 Feb 2027")).to_be_visible()
    expect(organizer_page.get_by_text("Thursdays at the shop.")).to_be_visible()
    # ann and dee each won 2 matches in one week: 10 points, on top
    rows = organizer_page.locator("table.league-board tbody tr")
    expect(rows.nth(0)).to_contain_text("10")

    # a player reads ann's rating history on a phone: a sparkline and the table
    player = browser.new_context(viewport=PHONE).new_page()
    log_in(player, base, "ben")
    player.goto(f"{base}/players/ann/")
    expect(player.get_by_role("heading", name="Combat: rating history")).to_be_visible()
    expect(player.locator("figure.sparkline svg polyline")).to_be_visible()
    # ann won 2 matches in week 1 and lost her first in week 2
    expect(player.locator("table.rating-history-table tbody tr")).to_have_count(3)
    assert sideways(player) == 0
    checked(player, "player ratings with history (phone)")
