"""Issue 36's quality bar: a whole Kingdom Combat event day in Chromium, the organizer at
1280x800 and the players on phones (390x844). Announce (date, venue, a cap of 8), nine players
register and the ninth waits until one drops, check-in, one draft pod (two people and six
bots) and sealed pools for the rest, decks registered, three Swiss rounds and a top 4
reported by players with confirmations, the printed pairings and the projector view checked
for every table, the event added to a league, and its results page. Every step is
screenshotted into var/screenshots/whole-day/ and every page visited is checked for sideways
scrolling and with axe-core.

To keep the suite fast the bulk goes through the services (said at each place): one match a
round is reported and confirmed on the players' phones, the others by the services; three
decks are built in the deck builder, the others by the services; the two drafters click
their first picks in the draft room, then bots take their seats for the rest (their picks
stay theirs)."""

import re
from dataclasses import dataclass, field
from datetime import timedelta
from itertools import combinations
from pathlib import Path
from typing import Any

from django.conf import settings as django_settings
from django.test import Client
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from decks import services as deck_services
from decks.drafting import services as drafting_services
from decks.drafting.models import Draft, Seat
from decks.legality import parse_deck_list
from decks.models import Card, DeckRegistration, Pool
from leagues.services import league_create
from tournaments import services
from tournaments.models import Entry, Match, Tournament

from .axe_check import DESKTOP, PHONE, checked
from .draft_room import eager_celery  # noqa: F401  (a fixture, used by name)
from .organizer import start_from_the_desk

PASSWORD = "correct-horse-battery"
SHOTS = Path(django_settings.BASE_DIR) / "var" / "screenshots" / "whole-day"
PLAYERS = ("ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ivy")
COPY_LIMITS = {"gold": 1, "silver": 2, "black": 4}


class Day:
    """The browser, the live server and a numbered screenshot per step."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.browser, self.base, self.step = browser, base, 0
        SHOTS.mkdir(parents=True, exist_ok=True)
        for old in SHOTS.glob("*.png"):
            old.unlink()

    def tab(self, user, viewport=PHONE, **options) -> Page:
        """A tab of its own (a person's device), logged in through a session cookie."""
        client = Client()
        client.force_login(user)
        context = self.browser.new_context(viewport=viewport, **options)
        cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value}
        context.add_cookies([{**cookie, "url": self.base}])
        return context.new_page()

    def seen(self, page: Page, what: str, touch_targets: bool = True) -> None:
        """Check the page (no sideways scroll, axe 0 serious) and keep a screenshot of it."""
        checked(page, what, touch_targets=touch_targets)
        self.step += 1
        name = re.sub(r"[^a-z0-9]+", "-", what.lower()).strip("-")
        page.screenshot(path=SHOTS / f"{self.step:02d}-{name}.png", full_page=True)


def kc_deck_text(pool: Pool) -> str:
    """A legal Kingdom Combat deck list from the pool: the two factions (and Mercenary) that
    give 30 cards within the border limits, and a fortress of each."""
    rows = list(pool.cards.select_related("card").prefetch_related("card__factions"))
    factions_of = {row.pk: {f.slug for f in row.card.factions.all()} for row in rows}
    factions = set().union(*factions_of.values()) - {"mercenary"}
    choices = [*combinations(sorted(factions), 2), *((faction,) for faction in sorted(factions))]
    for pair in choices:
        allowed, lines, left = {*pair, "mercenary"}, [], 30
        for row in rows:
            count = min(row.count, COPY_LIMITS[row.card.border], left)
            if count and factions_of[row.pk] & allowed:
                lines.append(f"{count} {row.card.name}")
                left -= count
        if not left:
            forts = Card.objects.filter(type="fortress", card_set=rows[0].card.card_set)
            names = [forts.filter(factions__slug=slug).first().name for slug in pair]
            return "\n".join([*(f"Fortress: {name}" for name in names), *lines])
    cards = sorted((row.card.name, row.card.border, row.count) for row in rows)
    raise AssertionError(f"no legal deck in pool {pool.pk}: {cards}")


def build_in_the_builder(day: Day, page: Page, pool: Pool, name: str) -> None:
    """The player opens their pool, builds a deck in the deck builder and registers it."""
    page.goto(f"{day.base}/pools/{pool.pk}/")
    page.get_by_role("link", name="Build a deck from this pool").click()
    page.get_by_role("button", name="Text only").click()
    page.get_by_label("Deck list").fill(kc_deck_text(pool))
    expect(page.locator("#deck-check")).to_contain_text("Legal deck")
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_role("button", name="Save deck").click()
    expect(page).to_have_url(re.compile(r"/decks/\d+/$"))
    page.goto(f"{day.base}/pools/{pool.pk}/")
    page.get_by_label(re.compile("Deck to play in")).select_option(label=name)
    page.get_by_role("button", name="Register this deck").click()
    expect(page.locator("#registered-deck")).to_contain_text(name)


def register_by_service(pool: Pool) -> None:
    """The same as the builder, without a browser (to keep the test short)."""
    deck = deck_services.deck_create(
        owner=pool.owner,
        game_slug="kingdom-combat",
        format_slug="draft",
        name=f"{pool.owner.username}'s deck",
        deck_list=parse_deck_list(kc_deck_text(pool)),
        pool=pool,
    )
    deck_services.deck_register(entry=pool.entry, deck=deck, user=pool.owner)


def playable(event: Tournament):
    return Match.objects.filter(
        tournament=event, status__in=["ready", "in_progress"], is_bye=False
    ).order_by("index")


def check_tables_printed_and_projected(day: Day, desk: Page, room: Page, event, label: str):
    """Every table of the round is on the printed pairings (print media) and every player on
    the projector view."""
    matches = list(playable(event).prefetch_related("slots__entry__user"))
    desk.goto(f"{day.base}/tournaments/{event.pk}/print/pairings/")
    desk.emulate_media(media="print")
    expect(desk.locator(".site-header")).to_be_hidden()
    rows = desk.locator("table.pairings-by-table tbody tr")
    expect(rows).to_have_count(len(matches))
    for match in matches:
        names = [slot.entry.display_name for slot in match.slots.all()]
        row = rows.filter(has_text=re.compile(f"{names[0]}.*vs.*{names[1]}"))
        expect(row).to_have_count(1)
    desk.emulate_media(media="screen")
    day.seen(desk, f"printed pairings {label}")
    room.reload()
    who = room.locator(".pairings-list .who")
    expect(who).to_have_count(2 * len(matches))
    for match in matches:
        for slot in match.slots.all():
            expect(who.filter(has_text=re.compile(f"^{slot.entry.display_name}$"))).to_have_count(1)
    day.seen(room, f"projector {label}")


def report_on_phones(day: Day, tabs: dict, match: Match, label: str) -> None:
    """The first entry's player reports a 1-0 win on their phone; the other confirms."""
    winner, loser = (s.entry.user.username for s in match.slots.order_by("slot"))
    page = tabs[winner]
    page.goto(f"{day.base}/matches/{match.pk}/")
    page.get_by_label(winner, exact=True).fill("1")
    page.get_by_label(loser, exact=True).fill("0")
    page.get_by_role("button", name="Report result").click()
    expect(page.locator("#match-status")).to_have_text("Waiting for confirmation")
    day.seen(page, f"reported on a phone {label}")
    other = tabs[loser]
    other.goto(page.url)
    other.get_by_role("button", name="Confirm result").click()
    expect(other.locator("#match-status")).to_have_text("Finished")
    day.seen(other, f"confirmed on a phone {label}")


def play_round(day: Day, tabs: dict, event: Tournament, desk: Page, room: Page, label: str):
    """Print and project the round, one match on the phones, the rest by the services
    (reported by a player, confirmed by the other)."""
    check_tables_printed_and_projected(day, desk, room, event, label)
    matches = list(playable(event))
    report_on_phones(day, tabs, matches[0], label)
    for match in matches[1:]:
        first, second = (s.entry.user for s in match.slots.order_by("slot"))
        winner = match.slots.order_by("slot").first().entry_id
        services.match_result_report(match=match, by_user=first, games=[{"winner": winner}])
        services.match_result_confirm(match=Match.objects.get(pk=match.pk), by_user=second)


@dataclass
class Walk:
    """The day's people and pages: the organizer's desk, the players' phones (tabs), the
    projector (room) and the event once announced."""

    day: Day
    orla: Any
    people: dict
    desk: Page
    tabs: dict[str, Page] = field(default_factory=dict)
    event: Tournament | None = None
    players: list[str] = field(default_factory=list)
    entry: dict[str, Entry] = field(default_factory=dict)
    room: Page | None = None

    @property
    def event_url(self) -> str:
        return f"{self.day.base}/tournaments/{self.event.pk}/"


def announce(walk: Walk) -> None:
    """Kingdom Combat draft, Swiss 3 rounds + top 4, best of 1, date, venue, cap 8."""
    desk, day = walk.desk, walk.day
    desk.goto(f"{day.base}/tournaments/new/")
    expect(desk.get_by_label("Time zone")).to_have_value("Europe/Paris")
    desk.get_by_label("Name").fill("Harbour Draft Day")
    desk.get_by_label("Game").select_option(label="Kingdom Combat")
    # each game's formats are a group of the select, and several games have a "Draft"
    kc_draft = desk.locator('optgroup[label="Kingdom Combat"] option[value="draft"]')
    desk.get_by_label("Deck format").select_option(element=kc_draft.element_handle())
    desk.get_by_label("Best of").select_option("1")
    desk.get_by_label("Seeding").select_option("manual")
    desk.get_by_label("Structure").select_option("swiss")
    desk.get_by_label("Swiss rounds").fill("3")
    desk.get_by_label("Top cut (Swiss)").select_option("4")
    date = (timezone.now() + timedelta(days=10)).strftime("%Y-%m-%d")
    desk.get_by_label("Date and start time").fill(f"{date}T10:30")
    desk.get_by_label("Venue", exact=True).fill("Harbour Hall")
    desk.get_by_label("Venue address").fill("1 Quay Street")
    desk.get_by_label("Description").fill("Draft or sealed: **bring sleeves**.")
    desk.get_by_label("Entry cap").fill("8")
    day.seen(desk, "create form")
    desk.get_by_role("button", name="Create tournament").click()
    expect(desk.locator("#event-when")).to_contain_text("10:30 (Europe/Paris)")
    expect(desk.locator("#event-venue")).to_contain_text("Harbour Hall")
    expect(desk.locator("#event-description strong")).to_have_text("bring sleeves")
    event = walk.event = Tournament.objects.get(name="Harbour Draft Day")
    assert (event.game, event.deck_format, event.entry_cap) == ("kingdom-combat", "draft", 8)
    day.seen(desk, "announced event")


def register(walk: Walk) -> None:
    """Nine register: ann on her phone, seven by the services, ivy (ninth) waits."""
    day, tabs = walk.day, walk.tabs
    tabs["ann"] = day.tab(walk.people["ann"])
    tabs["ann"].goto(walk.event_url)
    tabs["ann"].get_by_role("button", name="Join", exact=True).click()
    expect(tabs["ann"].locator(".messages")).to_contain_text("You joined.")
    for name in PLAYERS[1:8]:
        services.entry_add(tournament=walk.event, by_user=walk.people[name])
    ivy = tabs["ivy"] = day.tab(walk.people["ivy"])
    ivy.goto(walk.event_url)
    ivy.get_by_role("button", name="Join the waitlist").click()
    expect(ivy.locator(".messages")).to_contain_text("The event is full: you are on the waitlist")
    expect(ivy.locator("#my-waitlist")).to_have_text("You are on the waitlist: number 1")
    day.seen(ivy, "waitlisted player")


def hal_drops(walk: Walk) -> None:
    """The organizer drops hal from his row's menu (confirmed): ivy moves up and is told."""
    desk, ivy = walk.desk, walk.tabs["ivy"]
    desk.reload()
    expect(desk.get_by_role("list", name="Waitlist (1)")).to_contain_text("ivy")
    row = desk.locator("#entry-list > li", has_text="hal")
    row.get_by_label("Actions for hal").click()
    row.get_by_text("Drop…").click()
    row.get_by_role("button", name="Yes, drop").click()
    expect(desk.locator(".messages")).to_contain_text("Entry dropped.")
    expect(desk.locator("#waitlist")).to_have_count(0)
    expect(desk.locator("#entry-list")).to_contain_text("ivy")
    ivy.reload()
    expect(ivy.locator("#my-check-in")).to_contain_text("Check in")
    expect(ivy.locator("#notifications-link")).to_contain_text("1")
    walk.players = [name for name in PLAYERS if name != "hal"]


def check_in(walk: Walk) -> None:
    """Ivy on her phone, the organizer ticks the others and checks them in at once."""
    desk, ivy = walk.desk, walk.tabs["ivy"]
    ivy.get_by_role("button", name="Check in").click()
    expect(ivy.get_by_text("You are checked in")).to_be_visible()
    walk.day.seen(ivy, "checked in on a phone")
    desk.reload()
    for name in walk.players[:-1]:
        desk.get_by_label(f"Select {name}", exact=True).check()
    desk.get_by_role("button", name="Check in selected").click()
    expect(desk.locator(".messages")).to_contain_text("7 entries checked in.")
    walk.day.seen(desk, "registration list checked in")


def make_the_pod_and_deal_pools(walk: Walk) -> Draft:
    """Ann and ben draft in one pod of 8 with six bots; the six others get sealed pools; the
    organizer starts the draft from the pod view."""
    desk, day = walk.desk, walk.day
    entries = Entry.objects.filter(tournament=walk.event, dropped=False)
    walk.entry = {e.user.username: e for e in entries}
    who = desk.locator("#who-drafts")
    who.get_by_label("ann", exact=True).check()
    who.get_by_label("ben", exact=True).check()
    day.seen(desk, "who drafts")
    desk.get_by_role("button", name="Create the pods").click()
    expect(desk.locator(".messages")).to_contain_text(
        "The pod is made: 2 entries draft beside 6 bots."
    )
    desk.get_by_role("button", name="Deal sealed pools to the 6 not drafting").click()
    expect(desk.locator(".messages")).to_contain_text("6 pools dealt.")
    day.seen(desk, "pod made and sealed pools dealt")
    # the pod's seed fixed before its packs are dealt at the start: the decks built below
    # come from these pools, so the walk must not depend on a lucky deal
    Draft.objects.filter(tournament=walk.event).update(seed="harbour-draft-day")
    pod = Draft.objects.get(tournament=walk.event)
    desk.get_by_role("link", name="Pod view (start, pause, replace)").click()
    desk.get_by_role("button", name="Start the draft").click()
    day.seen(desk, "pod view running")
    return pod


def draft(walk: Walk, pod: Draft) -> None:
    """The drafters click their first picks in the draft room (ben on a phone too); then bots
    take their seats for the rest, to keep the test short (their picks stay theirs)."""
    day, tabs = walk.day, walk.tabs
    tabs["ben"] = day.tab(walk.people["ben"])
    for name in ("ann", "ben"):
        tabs[name].goto(f"{day.base}/drafts/{pod.pk}/")
    for pick in (1, 2):  # in turns: one drafter's second pack may be the other's first
        for name in ("ann", "ben"):
            # the room shows the pack of this pick before a card is clicked (the second pack
            # may wait on a neighbour's pick: a pass, not a page speed)
            heading = tabs[name].locator("#pack-heading")
            expect(heading).to_contain_text(f"pick {pick},", timeout=30_000)
            tabs[name].locator(".card-button:not([disabled])").first.click()
            expect(tabs[name].locator("#pick-count")).to_have_text(str(pick))
    day.seen(tabs["ann"], "draft room on a phone")
    for seat in Seat.objects.filter(draft=pod, is_bot=False):
        drafting_services.draft_seat_replace_with_bot(
            draft_id=pod.pk, seat_index=seat.index, user=walk.orla
        )
    drafting_services.draft_bots_run(draft_id=pod.pk)
    assert Draft.objects.get(pk=pod.pk).status == Draft.Status.FINISHED
    tabs["ann"].reload()
    expect(tabs["ann"].locator("#draft-finished")).to_be_visible()


def build_decks(walk: Walk) -> None:
    """Ann, ben (drafted) and cat (sealed) in the deck builder on their phones; the five others
    by the services, to keep the test short."""
    day, tabs = walk.day, walk.tabs
    tabs["cat"] = day.tab(walk.people["cat"])
    for name in ("ann", "ben", "cat"):
        pool = Pool.objects.get(entry=walk.entry[name])
        build_in_the_builder(day, tabs[name], pool, f"{name}'s {pool.source} deck")
    day.seen(tabs["cat"], "sealed pool with its registered deck")
    for name in walk.players[3:]:
        register_by_service(Pool.objects.get(entry=walk.entry[name]))
    assert DeckRegistration.objects.filter(entry__tournament=walk.event).count() == 8


def start_and_play_the_swiss(walk: Walk) -> None:
    """The start; three Swiss rounds, each printed and projected, one match on the phones."""
    day, desk = walk.day, walk.desk
    desk.goto(walk.event_url)
    start_from_the_desk(desk)
    day.seen(desk, "started event")
    walk.room = day.browser.new_context(viewport=DESKTOP).new_page()
    walk.room.goto(f"{walk.event_url}display/")
    for name in walk.players:
        walk.tabs.setdefault(name, day.tab(walk.people[name]))
    for number in (1, 2, 3):
        play_round(day, walk.tabs, walk.event, desk, walk.room, f"swiss round {number}")


def play_the_top_four(walk: Walk) -> None:
    """Semifinals then the final, started from the desk when they are ready; the champion."""
    day, desk, event = walk.day, walk.desk, walk.event
    for label in ("semifinals", "final"):
        event.refresh_from_db()
        if not playable(event).exists():
            desk.goto(walk.event_url)
            desk.locator("#desk").get_by_role("button", name=re.compile("^Start ")).click()
        play_round(day, walk.tabs, event, desk, walk.room, label)
    event.refresh_from_db()
    assert event.status == "finished"
    desk.goto(walk.event_url)
    expect(desk.locator("#champion")).to_contain_text("Champion")
    day.seen(desk, "finished event")


def league_and_results(walk: Walk) -> None:
    """The event goes into the league (from the league's page); its results page."""
    day, desk = walk.day, walk.desk
    league = league_create(organizer=walk.orla, name="Harbour League", game="kingdom-combat")
    desk.goto(f"{day.base}/leagues/{league.pk}/")
    desk.get_by_label("One of your Kingdom Combat events").select_option(
        label="Harbour Draft Day (finished)"
    )
    desk.get_by_role("button", name="Add to the league").click()
    expect(desk.get_by_text("Event added to the league.")).to_be_visible()
    expect(desk.locator("table.league-board tbody tr")).to_have_count(8)
    day.seen(desk, "league board")
    results = walk.tabs["ann"]
    results.goto(f"{walk.event_url}results/")
    expect(results.locator("#results-standings tbody tr")).to_have_count(8)
    expect(results.locator("#results-league")).to_contain_text("Harbour League")
    # the champion's record counts the top cut's matches too (five wins, no loss)
    champion = results.locator("#results-standings tbody tr").first
    final = Match.objects.filter(tournament=walk.event).order_by("round__number").last()
    expect(champion).to_contain_text(final.winner.display_name)
    expect(champion).to_contain_text("5-0")
    day.seen(results, "results on a phone")


def a_visitor_finds_it(walk: Walk) -> None:
    """A visitor finds the finished event by filtering the list on a phone."""
    visitor = walk.day.browser.new_context(viewport=PHONE).new_page()
    visitor.goto(f"{walk.day.base}/tournaments/")
    visitor.get_by_label("Event name").fill("harbour")
    visitor.get_by_label("Game").select_option(label="Kingdom Combat")
    visitor.get_by_role("button", name="Filter").click()
    visitor.get_by_role("link", name="Finished").click()
    expect(visitor.locator("#event-list")).to_contain_text("Harbour Draft Day")
    expect(visitor.locator("#event-list")).to_contain_text("(Europe/Paris)")
    walk.day.seen(visitor, "event list filtered")


def test_a_whole_event_day(
    live_server,
    browser: Browser,
    make_user,
    transactional_db,
    eager_celery,  # noqa: F811
):
    day = Day(browser, live_server.url)
    orla = make_user("orla", password=PASSWORD)
    people = {name: make_user(name, password=PASSWORD) for name in PLAYERS}
    # the organizer's laptop is in Paris: the new event's time zone starts there
    desk = day.tab(orla, DESKTOP, timezone_id="Europe/Paris")
    walk = Walk(day, orla, people, desk)

    announce(walk)
    register(walk)
    hal_drops(walk)
    check_in(walk)
    pod = make_the_pod_and_deal_pools(walk)
    draft(walk, pod)
    build_decks(walk)
    start_and_play_the_swiss(walk)
    play_the_top_four(walk)
    league_and_results(walk)
    a_visitor_finds_it(walk)
