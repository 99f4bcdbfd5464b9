"""A 512-entry bracket in a real browser (issue 17): the page shows the part with the player's
path, the parts menu loads another part without a reload, a result elsewhere updates only its
cards, and the page passes axe and does not scroll sideways on a phone."""

from playwright.sync_api import Browser, expect

from tests.tournaments.helpers import bulk_event
from tournaments.models import Entry, EntryMember, Match
from tournaments.services import match_result_report

from .axe_check import PHONE, checked
from .test_event_day import PASSWORD, log_in


def test_a_big_bracket_in_parts(live_server, browser: Browser, make_user, transactional_db):
    base = live_server.url
    organizer = make_user("orla", password=PASSWORD)
    tournament = bulk_event(organizer, 512, best_of=1)
    player = make_user("pat", password=PASSWORD)
    entry = Entry.objects.get(tournament=tournament, seed=300)
    EntryMember.objects.create(entry=entry, user=player, tournament=tournament)
    first = Match.objects.get(tournament=tournament, round__number=1, slots__entry=entry)
    part = first.index // 64

    # the player's page shows their part: 64 first-round matches and every match after them
    page = log_in(browser, base, "pat")
    page.goto(f"{base}/tournaments/{tournament.pk}/")
    bracket = page.locator("#bracket")
    expect(bracket.locator(".bracket-parts")).to_contain_text(f"part {part + 1} of 4")
    expect(bracket.locator(".bracket-round").first.locator(".bracket-match")).to_have_count(64)
    expect(bracket.locator(".bracket-round")).to_have_count(9)
    expect(bracket.locator(".my-match")).to_have_count(1)
    expect(bracket.locator("svg.bracket-lines path").first).to_be_attached()
    checked(page, "a part of a 512-entry bracket")

    # a result in the player's part shows on its card without a reload (only the cards change)
    other = Match.objects.get(tournament=tournament, round__number=1, index=part * 64 + 63)
    if other.pk == first.pk:
        other = Match.objects.get(tournament=tournament, round__number=1, index=part * 64)
    winner = other.slots.order_by("slot").first().entry
    match_result_report(match=other, by_user=organizer, games=[{"winner": winner.pk, "life": {}}])
    card = bracket.locator(f"#match-{other.pk}")
    expect(card.locator(".bracket-entry.winner")).to_contain_text(
        winner.display_name, timeout=15_000
    )

    # another part from the menu, without leaving the page
    url = page.url
    other_part = (part + 1) % 4
    bracket.get_by_label("Part", exact=True).select_option(str(other_part))
    bracket.get_by_role("button", name="Show").click()
    expect(page.locator("#bracket .bracket-parts")).to_contain_text(f"part {other_part + 1} of 4")
    expect(page.locator("#bracket .my-match")).to_have_count(0)
    assert page.url == url

    # on a phone: one round at a time, no sideways scroll
    phone = log_in(browser, base, "pat", PHONE)
    phone.goto(f"{base}/tournaments/{tournament.pk}/")
    expect(phone.locator(".bracket-round.current h3")).to_have_text("Round 1")
    checked(phone, "a part of a 512-entry bracket on a phone")
