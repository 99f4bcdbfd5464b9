"""A 6-entry double elimination played to a grand-final reset, drawn with both brackets and
their connector lines, and as round tabs on a phone; a 5-entry round robin created from the
form, its groups panel and a group round's tables."""

from playwright.sync_api import Browser, Page, expect

from tests.e2e.axe_check import DESKTOP, PHONE, checked, sideways
from tests.e2e.test_tournament_flow import PASSWORD, log_in
from tournaments import services
from tournaments.models import Entry, Match, Tournament


def decide_ready(tournament: Tournament, organizer, winner_of) -> int:
    """Decide every ready match with both entries; returns how many."""
    decided = 0
    ready = Match.objects.filter(
        tournament=tournament, status__in=["ready", "in_progress"]
    ).select_related("round")
    for match in list(ready):
        slots = list(match.slots.order_by("slot").values_list("entry_id", flat=True))
        if len(slots) == 2:
            services.match_decide(match=match, by_user=organizer, winner_id=winner_of(match, slots))
            decided += 1
    return decided


def right_edge(locator) -> float:
    return locator.evaluate("el => el.getBoundingClientRect().right")


GRAND_FINAL = 8  # 3 winners' rounds, 4 losers' rounds


def winner_to_the_reset(match, slots):
    """The better seed wins, but the losers' bracket winner takes the grand final."""
    if match.round.number == GRAND_FINAL:
        return slots[1]  # the losers' bracket winner takes the grand final
    return min(slots, key=lambda pk: Entry.objects.get(pk=pk).seed)


def played_to_the_reset(organizer) -> Tournament:
    """A 6-entry double elimination, every match decided round by round until the grand final
    opens the reset."""
    tournament = services.tournament_create(
        organizer=organizer,
        name="Double Night",
        structure="double-elimination",
        best_of=1,
        seeding="manual",
    )
    for seed in range(1, 7):
        services.entry_add(
            tournament=tournament, by_user=organizer, name=f"Player {seed}", seed=seed
        )
    services.tournament_start(tournament=tournament, by_user=organizer)
    tournament.refresh_from_db()
    while not Match.objects.filter(tournament=tournament, round__number=GRAND_FINAL + 1).exists():
        assert decide_ready(tournament, organizer, winner_to_the_reset)
    return tournament


def both_brackets_on_a_laptop(page: Page, base: str, tournament: Tournament) -> None:
    """The event page draws both brackets, the finals and the reset, with connector lines;
    the finals fit at 1280 px, and on a narrower screen a button scrolls them into view."""
    log_in(page, base, "orla")
    page.set_viewport_size(DESKTOP)
    page.goto(f"{base}/tournaments/{tournament.pk}/")
    bracket = page.locator("#bracket")
    expect(bracket.get_by_role("group", name="Winners' bracket")).to_be_visible()
    expect(bracket.get_by_role("group", name="Losers' bracket")).to_be_visible()
    for name in ("Winners' semifinal", "Losers' round 3", "Grand final", "Grand final reset"):
        expect(bracket.get_by_role("heading", name=name, exact=True)).to_be_visible()
    assert page.locator("svg.bracket-lines path").count() >= 8
    assert sideways(page) == 0
    # and the finals fit in the bracket's box at 1280 px, not past its right edge
    reset = bracket.locator(".side-final .bracket-match").last
    assert right_edge(reset) <= right_edge(bracket)
    checked(page, "Double elimination (desktop)")
    # on a narrower screen the bracket scrolls inside its box, and says so: a button above it
    # brings the finals into view
    page.set_viewport_size({"width": 800, "height": 800})
    more = page.locator("#bracket-more").get_by_role("button", name="Show the Grand final")
    more.click()
    page.wait_for_function(
        "() => { const b = document.getElementById('bracket');"
        " return b.scrollLeft + b.clientWidth >= b.scrollWidth - 2; }"
    )
    # (scrolled to the end within the 2 px the wait allows: a smooth scroll may stop short)
    assert right_edge(reset) <= right_edge(bracket) + 2


def rounds_as_tabs_on_a_phone(browser: Browser, base: str, tournament: Tournament) -> Page:
    """On a phone one round at a time, chosen by tabs; the reset is the round still to play."""
    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(f"{base}/tournaments/{tournament.pk}/")
    tabs = phone.get_by_role("group", name="Rounds")
    expect(tabs.get_by_role("button", name="Grand final reset")).to_have_attribute(
        "aria-pressed", "true"
    )
    tabs.get_by_role("button", name="Losers' round 3").click()
    expect(phone.get_by_role("heading", name="Losers' round 3")).to_be_visible()
    assert sideways(phone) == 0
    checked(phone, "Double elimination (phone)")
    return phone


def test_a_double_elimination_to_a_grand_final_reset(
    live_server, page: Page, browser: Browser, make_user, transactional_db
):
    base = live_server.url
    organizer = make_user("orla", password=PASSWORD)
    tournament = played_to_the_reset(organizer)
    both_brackets_on_a_laptop(page, base, tournament)
    phone = rounds_as_tabs_on_a_phone(browser, base, tournament)

    # when the reset is decided, the standings place everyone
    decide_ready(tournament, organizer, lambda m, s: s[0])
    phone.goto(f"{base}/tournaments/{tournament.pk}/standings/")
    places = phone.locator("table.standings-table tbody tr td:first-child")
    expect(places).to_have_text(["1", "2", "3", "4", "5-6", "5-6"])

    # and the embed view shows the bracket alone
    phone.goto(f"{base}/tournaments/{tournament.pk}/embed/")
    expect(phone.locator(".bracket-round h3", has_text="Grand final reset")).to_have_count(1)


def test_a_round_robin_from_the_form(
    live_server, page: Page, browser: Browser, make_user, transactional_db
):
    base = live_server.url
    organizer = make_user("orla", password=PASSWORD)
    log_in(page, base, "orla")
    page.goto(f"{base}/tournaments/new/")
    page.get_by_label("Name").fill("League Night")
    page.get_by_label("Best of").select_option("1")
    page.get_by_label("Structure").select_option("round-robin")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.get_by_text("Round robin")).to_be_visible()
    tournament = Tournament.objects.get(name="League Night")
    for seed in range(1, 6):
        services.entry_add(tournament=tournament, by_user=organizer, name=f"Team {seed}", seed=seed)
    services.tournament_start(tournament=tournament, by_user=organizer)

    phone = browser.new_context(viewport=PHONE).new_page()
    phone.goto(f"{base}/tournaments/{tournament.pk}/")
    expect(phone.get_by_role("heading", name="Groups")).to_be_visible()
    expect(phone.locator("table.group-table tbody tr")).to_have_count(5)
    assert sideways(phone) == 0
    checked(phone, "Round robin event (phone)")
    phone.get_by_role("link", name="Round 2", exact=True).click()
    expect(phone.get_by_role("heading", name="Group round 2 of 5")).to_be_visible()
    expect(phone.locator("table.swiss-tables tbody tr")).to_have_count(2)
    assert sideways(phone) == 0
