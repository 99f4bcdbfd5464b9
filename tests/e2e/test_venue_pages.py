"""The room on event day in Chromium: the projector view follows a reported result by push,
and the printouts print (A4 and Letter) and read well on a screen, at 1280x800 and 390x844."""

import re

from playwright.sync_api import expect

from tests.e2e.axe_check import DESKTOP, PHONE, checked
from tests.e2e.play import log_in_by_form
from tournaments.models import Match
from tournaments.services import entry_add, match_result_report, tournament_create, tournament_start

PASSWORD = "correct-horse-battery"


def test_projector_follows_a_result_by_push_and_the_printouts_print(
    live_server, browser, make_user
):
    # given a started Swiss event of five with a round clock, and the projector view open
    orla = make_user("orla", password=PASSWORD)
    players = [make_user(name) for name in ("ann", "ben", "cat", "dan", "eve")]
    event = tournament_create(
        organizer=orla, name="Venue Cup", best_of=1, seeding="manual", structure="swiss",
        time_limit_minutes=40,
    )  # fmt: skip
    for seed, player in enumerate(players, start=1):
        entry_add(tournament=event, by_user=orla, user_id=player.pk, seed=seed)
    tournament_start(tournament=event, by_user=orla)
    event.refresh_from_db()
    base = f"{live_server.url}/tournaments/{event.pk}"
    room = browser.new_context(viewport=DESKTOP).new_page()
    room.goto(f"{base}/display/")
    expect(room.locator("html")).to_have_attribute("data-live", "push")
    expect(room.locator("#display-clock .countdown")).to_have_text(re.compile(r"^\d+:\d\d$"))
    expect(room.locator("#display-round-name")).to_have_text("Round 1 of 3 (Swiss)")
    checked(room, "projector view")
    # when a result is reported on another device
    match = Match.objects.filter(tournament=event, is_bye=False).order_by("index").first()
    slots = list(match.slots.order_by("slot").select_related("entry__user"))
    match_result_report(match=match, by_user=orla, games=[{"winner": slots[0].entry_id}])
    # then the projector shows it within two seconds, without a click (its polls are slower)
    name = re.compile(f"^{slots[0].entry.user.username}$")
    row = room.locator(".pairings-list li").filter(has=room.locator(".who", has_text=name))
    expect(row).to_contain_text("done", timeout=2000)
    assert int(room.locator("html").get_attribute("data-live-pushes") or 0) >= 1

    # the organizer's printouts: from the desk page, on a screen and on paper
    page = browser.new_context(viewport=DESKTOP).new_page()
    log_in_by_form(page, live_server.url, "orla", PASSWORD)
    page.goto(f"{base}/desk/")
    checked(page, "desk page")
    page.get_by_role("link", name="Result slips", exact=True).click()
    expect(page.locator(".slip")).to_have_count(2)
    checked(page, "result slips")
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".print-tools")).to_be_hidden()
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper)
        assert pdf.startswith(b"%PDF")
        assert pdf.count(b"/Type /Page") >= 1
    page.emulate_media(media="screen")
    printouts = ("pairings/", "pairings/?by=name", "standings/")
    for path in printouts:
        page.goto(f"{base}/print/{path}")
        checked(page, path)
    # and on a phone
    page.set_viewport_size(PHONE)
    for path in ("desk/", "print/slips/", *(f"print/{p}" for p in printouts)):
        page.goto(f"{base}/{path}")
        checked(page, path)
    room.set_viewport_size(PHONE)
    checked(room, "projector view on a phone")
