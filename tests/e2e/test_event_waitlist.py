"""Before the day, in a real browser: the organizer announces an event with a date, a venue
and a cap of 2; a third player joins the waitlist on a phone; an entry drops and the player
moves up (and is told); a visitor finds the event by filtering the list. Every page visited
is checked for sideways scrolling and with axe-core."""

from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import Browser, expect

from tournaments import services
from tournaments.models import Tournament

from .axe_check import PHONE, checked
from .test_event_day import PASSWORD, log_in


def test_announce_waitlist_drop_promote_and_find(
    live_server, browser: Browser, make_user, transactional_db
):
    base = live_server.url
    make_user("orla", password=PASSWORD)
    ann, bob = make_user("ann"), make_user("bob")
    make_user("cleo", password=PASSWORD)
    desk = log_in(browser, base, "orla")

    # announce: name, date and time in the venue's zone, venue, cap of 2
    desk.goto(f"{base}/tournaments/new/")
    desk.get_by_label("Name").fill("Harbour Open")
    day = (timezone.now() + timedelta(days=10)).strftime("%Y-%m-%d")
    desk.get_by_label("Date and start time").fill(f"{day}T10:30")
    desk.get_by_label("Time zone").select_option("Europe/Lisbon")
    desk.get_by_label("Venue", exact=True).fill("Harbour Hall")
    desk.get_by_label("Venue address").fill("1 Quay Street")
    desk.get_by_label("Description").fill("Bring **sleeves**.")
    desk.get_by_label("Entry cap").fill("2")
    desk.get_by_role("button", name="Create tournament").click()
    expect(desk.locator("#event-when")).to_contain_text("10:30 (Europe/Lisbon)")
    expect(desk.locator("#event-venue")).to_contain_text("Harbour Hall")
    expect(desk.locator("#event-description strong")).to_have_text("sleeves")
    event = Tournament.objects.get(name="Harbour Open")
    for player in (ann, bob):
        services.entry_add(tournament=event, by_user=player)

    # a third player is offered the waitlist on their phone, and sees their place
    cleo = log_in(browser, base, "cleo", PHONE)
    cleo.goto(f"{base}/tournaments/{event.pk}/")
    cleo.get_by_role("button", name="Join the waitlist").click()
    expect(cleo.locator("#my-waitlist")).to_have_text("You are on the waitlist: number 1")
    checked(cleo, "the event for a waiting player")

    # the organizer drops ann from her row's menu (confirmed): cleo moves up
    desk.reload()
    expect(desk.locator("#waitlist")).to_contain_text("cleo")
    row = desk.locator("#entry-list > li", has_text="ann")
    row.get_by_label("Actions for ann").click()
    row.get_by_text("Drop…").click()
    row.get_by_role("button", name="Yes, drop").click()
    expect(desk.locator(".messages")).to_contain_text("Entry dropped.")
    expect(desk.locator("#entry-list")).to_contain_text("cleo")
    expect(desk.locator("#waitlist")).to_have_count(0)
    checked(desk, "the registration list")
    cleo.reload()
    expect(cleo.locator("#my-check-in")).to_contain_text("Check in")
    expect(cleo.locator("#notifications-link")).to_contain_text("1")

    # a visitor finds it in the list by name and game
    visitor = browser.new_context(viewport=PHONE).new_page()
    visitor.goto(f"{base}/tournaments/")
    visitor.get_by_label("Event name").fill("harbour")
    visitor.get_by_label("Game").select_option(label=event.get_game_display())
    visitor.get_by_role("button", name="Filter").click()
    expect(visitor.locator("#event-list")).to_contain_text("Harbour Open")
    expect(visitor.locator("#event-list")).to_contain_text("(Europe/Lisbon)")
    checked(visitor, "the filtered event list")
