"""An organizer starts a league from the form, adds a finished event from the league page, and
the leaderboard and a player's history show it; on a phone nothing scrolls sideways."""

from playwright.sync_api import Browser, Page, expect

from tests.e2e.axe_check import PHONE, checked, sideways
from tests.e2e.test_tournament_flow import PASSWORD, log_in
from tournaments.models import Match
from tournaments.services import entry_add, match_decide, tournament_create, tournament_start


def finished_event(organizer, players, name):
    event = tournament_create(organizer=organizer, name=name, seeding="manual", best_of=1)
    for seed, user in enumerate(players, 1):
        entry_add(tournament=event, by_user=organizer, user_id=user.pk, seed=seed)
    tournament_start(tournament=event, by_user=organizer)
    playable = Match.objects.filter(tournament=event, status__in=["ready", "in_progress"])
    while (match := playable.order_by("round__number", "index").first()) is not None:
        seeds = list(match.slots.order_by("entry__seed").values_list("entry_id", flat=True))
        match_decide(match=match, by_user=organizer, winner_id=seeds[0])
    return event


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
