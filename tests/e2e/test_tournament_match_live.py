"""Two players on the same match page, each in their own browser: what one does shows up on the
other's page without a reload (htmx polls the page's live partial), and the clock counts down."""

import itertools
import re
import time

from playwright.sync_api import Browser, Page, Route, expect

from tests.e2e.test_tournament_flow import log_in
from tournaments.models import Match
from tournaments.services import entry_add, tournament_create, tournament_start

POLL = 15_000  # the page polls every 5 s; allow a few polls
SLOW_POLL_SECONDS = 20
ANSWERED = "(window.polls || []).filter(([kind]) => kind === 'answered').length"


def open_match(browser: Browser, base: str, username: str, match_id: int) -> Page:
    """A player's own browser context on the match page, marked so a reload would show."""
    page = browser.new_context().new_page()
    log_in(page, base, username)
    page.goto(f"{base}/matches/{match_id}/")
    page.evaluate("window.notReloaded = true")
    return page


def test_players_see_each_others_report_and_confirmation_live(
    live_server, browser: Browser, make_user, transactional_db
):
    # given a started 2-entry event (the final is round 1) with both players on the match page
    base = live_server.url
    orla, ann, ben = make_user("orla"), make_user("ann"), make_user("ben")
    event = tournament_create(organizer=orla, name="Live Cup", best_of=1, seeding="manual")
    for seed, player in enumerate((ann, ben), start=1):
        entry_add(tournament=event, by_user=orla, user_id=player.pk, seed=seed)
    tournament_start(tournament=event, by_user=orla)
    match_id = Match.objects.get(tournament=event).pk
    ann_page = open_match(browser, base, "ann", match_id)
    ben_page = open_match(browser, base, "ben", match_id)

    # then the match clock counts down its 50 minutes (the server alone prints a clock time)
    clock = ben_page.locator(".clock.countdown")
    expect(clock).to_have_text(re.compile(r"^(49|50):\d\d$"))
    expect(clock).not_to_have_text(clock.inner_text(), timeout=5_000)
    expect(ben_page.get_by_role("button", name="Confirm result")).to_have_count(0)
    # ben starts filling in the report form: the page must not wipe his choice when it refreshes
    ben_page.get_by_label("ben", exact=True).fill("1")  # the score: games ben won

    # when ann reports that she won
    ann_page.get_by_label("ann", exact=True).fill("1")
    ann_page.get_by_role("button", name="Report result").click()
    expect(ann_page.get_by_text("Result reported.")).to_be_visible()
    ann_page.evaluate("window.notReloaded = true")

    # then ben's page, never reloaded, shows her report with the confirm button
    expect(ben_page.locator("#match-status")).to_have_text("Waiting for confirmation", timeout=POLL)
    expect(ben_page.get_by_role("heading", name="Reported result")).to_be_visible()
    expect(ben_page.get_by_role("button", name="Confirm result")).to_be_visible()
    assert ben_page.evaluate("window.notReloaded") is True
    expect(ben_page.get_by_label("ben", exact=True)).to_have_value("1")

    # when ben confirms, then ann's page, never reloaded, shows the match finished, ann winning
    ben_page.get_by_role("button", name="Confirm result").click()
    expect(ben_page.get_by_text("Result confirmed.")).to_be_visible()
    expect(ann_page.locator("#match-status")).to_have_text("Finished", timeout=POLL)
    expect(ann_page.locator("#match-winner")).to_have_text("ann")
    expect(ann_page.get_by_role("heading", name="Games")).to_be_visible()
    assert ann_page.evaluate("window.notReloaded") is True


def test_a_slow_answer_delays_the_next_poll_instead_of_queueing_it(
    live_server, browser: Browser, make_user, transactional_db
):
    # given a running match page whose live stream is refused (the page polls every 5 s) and
    # whose polls are answered after 7 s, longer than the poll interval; the page runs on
    # Playwright's clock, paused, so its 20 s pass in whole-second steps without the test
    # waiting them out, and every send and answer lands on a whole second (on a running clock
    # an answer that a busy box let through late could land a few ms before a due poll)
    base = live_server.url
    orla, ann, ben = make_user("orla"), make_user("ann"), make_user("ben")
    event = tournament_create(organizer=orla, name="Slow Cup", best_of=1, seeding="manual")
    for seed, player in enumerate((ann, ben), start=1):
        entry_add(tournament=event, by_user=orla, user_id=player.pk, seed=seed)
    tournament_start(tournament=event, by_user=orla)
    match_id = Match.objects.get(tournament=event).pk
    page = browser.new_context().new_page()
    page.route(f"**/tournaments/{event.pk}/live/", lambda route: route.abort())
    held: list[tuple[int, Route]] = []  # (the second it arrived, the poll)
    second = 0
    page.route(f"**/matches/{match_id}/live/?since=*", lambda route: held.append((second, route)))
    page.add_init_script(
        "window.polls = [];"
        "const note = (kind) => () => polls.push([kind, Date.now()]);"
        "document.addEventListener('htmx:beforeRequest', note('sent'));"
        "document.addEventListener('htmx:afterRequest', note('answered'));"
    )
    page.clock.install()
    page.clock.pause_at(time.time() + 60)
    page.goto(f"{base}/matches/{match_id}/")
    # when it has polled for 20 s of its clock, each poll answered 7 s after it arrived
    for second in range(1, SLOW_POLL_SECONDS + 1):
        page.clock.run_for(1_000)
        while held and second - held[0][0] >= 7:
            answered = page.evaluate(ANSWERED)
            held.pop(0)[1].continue_()
            # (page.wait_for_function would evaluate a string, which the page's CSP refuses)
            for _ in range(300):
                if page.evaluate(ANSWERED) > answered:
                    break
                page.wait_for_timeout(50)
            else:
                raise AssertionError(f"the poll let through at {second} s was never answered")
    polls = page.evaluate("window.polls")
    page.unroute_all(behavior="ignoreErrors")
    # then no poll was sent while another was in flight, nor right as the last was answered
    # (htmx alone queues the poll that fell due and sends it at once: back to back, the same
    # millisecond; a poll that goes at its own time is at least a whole second later)
    assert [kind for kind, _ in polls[:3]] == ["sent", "answered", "sent"], polls
    for (kind, at), (next_kind, next_at) in itertools.pairwise(polls):
        assert kind != next_kind, polls
        if kind == "answered":
            assert next_at - at >= 1_000, polls
