"""The whole event day in a real browser, once at 1280x800 (the judges' laptop) and the players'
and the visitor's pages at 390x844 (a phone): 13 entries pasted, re-seeded by drag, check-in and
"drop everyone not checked in", start, report and confirm, dispute and decide from the desk, call
time and enter life totals, correct, drop, finish. Every page visited is checked for sideways
scrolling and with axe-core (vendored in tests/e2e/vendor, run from the page) for serious or
critical violations."""

import re
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

from tournaments import services
from tournaments.models import Entry, Match, Tournament

from .axe_check import DESKTOP, PHONE, checked
from .organizer import start_from_the_desk
from .play import new_page_logged_in

PASSWORD = "correct-horse-battery"


def log_in(browser: Browser, base: str, username: str, viewport=DESKTOP) -> Page:
    return new_page_logged_in(browser, base, username, PASSWORD, viewport)


def match_of(tournament: Tournament, username: str) -> Match:
    return (
        Match.objects.filter(tournament=tournament, slots__entry__user__username=username)
        .exclude(status="finished")
        .get()
    )


@dataclass
class Day:
    """The event under test, its organizer, and the desk (the organizer's laptop)."""

    browser: Browser
    base: str
    organizer: Any
    tournament: Tournament
    desk: Page

    @property
    def event(self) -> str:
        return f"{self.base}/tournaments/{self.tournament.pk}/"

    def log_in(self, username: str, viewport=DESKTOP) -> Page:
        return log_in(self.browser, self.base, username, viewport)


def paste_thirteen_entries(day: Day) -> None:
    """Four players by username, nine guests; seeds 1..13."""
    desk = day.desk
    desk.goto(day.event)
    desk.get_by_text("Paste many names at once").click()
    names = "Ada\nBram\nCleo\nDov\n@pia\n@rhea\nEzra\nFinn\nGus\nHal\n@sam\n@quin\nIvy"
    text = "\n".join(f"{name}, {seed}" for seed, name in enumerate(names.split("\n"), 1))
    desk.get_by_label(re.compile("One entry a line")).fill(text)
    desk.get_by_role("button", name="Add these entries").click()
    expect(desk.locator(".messages")).to_contain_text("Entries added.")
    expect(desk.locator("#entry-count")).to_have_text("13 entries")
    checked(desk, "the event in registration")


def reseed_by_drag(day: Day) -> None:
    """Bram dropped onto Ada takes seed 1."""
    rows = day.desk.locator("#entry-list > li")
    rows.nth(1).drag_to(rows.nth(0))
    expect(day.desk.locator(".messages")).to_contain_text("Seeds saved in the order shown.")
    expect(rows.nth(0)).to_contain_text("Bram")
    expect(rows.nth(0)).to_contain_text("(seed 1)")


def check_in(day: Day) -> Page:
    """A player checks in on their phone, the organizer checks in the others but Ivy, then
    drops everyone not checked in; the player's phone."""
    desk = day.desk
    pia = day.log_in("pia", PHONE)
    pia.goto(day.event)
    pia.get_by_role("button", name="Check in").click()
    expect(pia.get_by_text("You are checked in")).to_be_visible()
    checked(pia, "the event for a player")
    # (pia's check-in reaches the organizer's desk by push at once: Bram's row is in the desk's
    # "needs attention" list too now; the entry list's button is the one meant here)
    bram = desk.locator("#entry-list > li", has_text="Bram")
    bram.get_by_label("Actions for Bram").click()  # each row's actions are in one menu
    bram.get_by_role("button", name="Check in Bram").click()
    expect(desk.locator(".messages")).to_contain_text("Checked in.")
    for entry in Entry.objects.filter(tournament=day.tournament, checked_in_at=None):
        if entry.display_name != "Ivy":
            services.entry_check_in(entry=entry, by_user=day.organizer)
    desk.reload()
    expect(desk.locator("#desk")).to_contain_text("Ivy (seed 13) · Not checked in")
    desk.get_by_text("Drop everyone not checked in…").click()
    desk.get_by_role("button", name="Yes, drop 1 entry").click()
    expect(desk.locator(".messages")).to_contain_text("1 entry dropped (not checked in).")
    return pia


def start_and_see_the_bracket(day: Day) -> Locator:
    """The start (confirmed), then the bracket: numbers, round names, placeholders, connector
    lines; the bracket."""
    start_from_the_desk(day.desk)
    bracket = day.desk.locator("#bracket")
    expect(bracket.locator("h3")).to_have_text(["Round 1", "Quarterfinals", "Semifinals", "Final"])
    expect(bracket).to_contain_text("Winner of match")
    expect(bracket.locator("svg.bracket-lines path").first).to_be_attached()
    checked(day.desk, "the running event")
    return bracket


def report_and_confirm(day: Day, pia: Page) -> Page:
    """Pia (seed 5) reports 2-0 against quin (seed 12), who confirms; quin's phone."""
    pia.goto(f"{day.base}/matches/{match_of(day.tournament, 'pia').pk}/")
    pia.get_by_label("pia").fill("2")
    pia.get_by_label("quin").fill("0")
    pia.get_by_role("button", name="Report result").click()
    expect(pia.locator("#match-status")).to_have_text("Waiting for confirmation")
    expect(pia.locator("#reported-score")).to_have_text("pia reports: pia won 2\u20130.")
    checked(pia, "a reported match on a phone")
    quin = day.log_in("quin", PHONE)
    quin.goto(pia.url)
    quin.get_by_role("button", name="Confirm result").click()
    expect(quin.locator("#match-result")).to_have_text("2\u20130")
    return quin


def dispute_and_decide(day: Day) -> None:
    """Rhea reports against sam, sam disputes, the desk decides in one click."""
    rhea_match = match_of(day.tournament, "rhea")
    rhea = day.log_in("rhea", PHONE)
    rhea.goto(f"{day.base}/matches/{rhea_match.pk}/")
    rhea.get_by_label("rhea").fill("2")
    rhea.get_by_role("button", name="Report result").click()
    sam = day.log_in("sam", PHONE)
    sam.goto(rhea.url)
    sam.get_by_role("button", name="Dispute result").click()
    expect(sam.locator("#match-status")).to_have_text("Disputed")
    day.desk.goto(day.event)
    queue = day.desk.locator("#desk")
    expect(queue).to_contain_text("Disputed: decide the winner")
    checked(day.desk, "the desk with a dispute")
    queue.get_by_role("button", name="sam wins").click()
    expect(day.desk.locator(".messages")).to_contain_text("Winner set.")


def call_time_and_correct(day: Day) -> None:
    """Time called on a guests' table and the life totals entered; then that result corrected
    (confirmed): the other entry goes on instead."""
    desk = day.desk
    timed = Match.objects.filter(tournament=day.tournament, round__number=1, status="in_progress")
    timed = timed.order_by("index").first()
    desk.goto(f"{day.base}/matches/{timed.pk}/")
    desk.get_by_role("button", name="Call time").click()
    expect(desk.locator("#time-called")).to_be_visible()
    expect(desk.get_by_role("button", name="Call time")).to_have_count(0)
    first, second = (s.entry for s in timed.slots.order_by("slot"))
    desk.get_by_label(f"{first.display_name}'s life").fill("12")
    desk.get_by_label(f"{second.display_name}'s life").fill("7")
    desk.get_by_role("button", name="Enter life totals").click()
    expect(desk.locator("#match-status")).to_have_text("Finished")
    expect(desk.locator("#match-winner")).to_have_text(first.display_name)
    checked(desk, "a match decided at time")
    desk.get_by_text("Change the winner…").click()
    desk.get_by_label("Winner", exact=True).select_option(label=second.display_name)
    desk.get_by_role("button", name="Yes, make this the winner").click()
    expect(desk.locator("#match-winner")).to_have_text(second.display_name)
    expect(desk.locator("#match-audit")).to_contain_text("Result corrected")


def round_two_and_a_drop(day: Day, bracket: Locator) -> None:
    """The last round-1 match is decided; round 2 starts; a player drops mid-match."""
    desk = day.desk
    in_round_one = Match.objects.filter(
        tournament=day.tournament, round__number=1, status="in_progress"
    )
    for match in in_round_one:
        services.match_decide(
            match=match, by_user=day.organizer, winner_id=match.slots.order_by("slot")[0].entry_id
        )
    desk.goto(day.event)
    expect(desk.locator("#desk")).to_contain_text("Quarterfinals: 4 matches ready to start")
    desk.locator("#desk").get_by_role("button", name="Start Quarterfinals").click()
    expect(desk.locator("#desk")).to_contain_text("Quarterfinals: tables")
    desk.get_by_text("Drop an entry…").click()
    desk.get_by_label("Entry").select_option(label="pia")
    desk.get_by_role("button", name="Yes, drop it").click()
    expect(desk.locator(".messages")).to_contain_text("Entry dropped.")
    expect(bracket).to_contain_text("forfeit")


def finish(day: Day) -> None:
    """Every remaining match decided; the champion and no desk left."""
    while (
        match := Match.objects.filter(tournament=day.tournament)
        .exclude(status__in=["finished", "pending"])
        .order_by("round__number", "index")
        .first()
    ) is not None:
        services.match_decide(
            match=match, by_user=day.organizer, winner_id=match.slots.order_by("slot")[0].entry_id
        )
    day.desk.goto(day.event)
    expect(day.desk.locator("#champion")).to_contain_text("Champion")
    expect(day.desk.locator("#desk")).to_have_count(0)
    checked(day.desk, "the finished event")


def the_pages_on_a_phone(day: Day) -> None:
    """The organizer's event (one round at a time), home, standings, on a phone."""
    base = day.base
    phone = day.log_in("orla", PHONE)
    phone.goto(day.event)
    expect(phone.locator(".round-tabs button")).to_have_count(4)
    expect(phone.locator(".bracket-round.current h3")).to_have_text("Final")
    phone.locator(".round-tabs").get_by_role("button", name="Round 1").click()
    expect(phone.locator(".bracket-round.current h3")).to_have_text("Round 1")
    expect(phone.locator(".bracket-round:not(.current)").first).to_be_hidden()
    checked(phone, "the finished event on a phone")
    pages = ("/", "/getting-started/", "/notifications/")
    standings = f"/tournaments/{day.tournament.pk}/standings/"
    for path in (*pages, standings, f"{day.event}embed/"[len(base) :]):
        phone.goto(base + path)
        checked(phone, path)


def a_players_home_and_notifications(day: Day, quin: Page) -> None:
    """Quin's home page shows his day; he was told in the app that his match started and that
    a result waited for him."""
    quin.goto(day.base + "/")
    expect(quin.locator("#my-day")).to_be_visible()
    checked(quin, "a player's home page")
    quin.locator(".site-menu > summary .count").click()  # the folded menu shows the count
    quin.locator("#notifications-link").click()
    expect(quin.locator(".notifications")).to_contain_text("your match against pia has started")
    expect(quin.locator(".notifications")).to_contain_text("confirm or dispute it")
    checked(quin, "a player's notifications")


def test_the_event_day(live_server, browser: Browser, make_user, transactional_db):
    base = live_server.url
    organizer = make_user("orla", password=PASSWORD)
    for name in ("pia", "quin", "rhea", "sam"):
        make_user(name, password=PASSWORD)
    tournament = services.tournament_create(
        organizer=organizer, name="Club Day", seeding="manual", best_of=3
    )
    desk = log_in(browser, base, "orla")
    day = Day(browser, base, organizer, tournament, desk)

    paste_thirteen_entries(day)
    reseed_by_drag(day)
    pia = check_in(day)
    bracket = start_and_see_the_bracket(day)
    quin = report_and_confirm(day, pia)
    dispute_and_decide(day)
    call_time_and_correct(day)
    round_two_and_a_drop(day, bracket)
    finish(day)
    the_pages_on_a_phone(day)
    a_players_home_and_notifications(day, quin)
