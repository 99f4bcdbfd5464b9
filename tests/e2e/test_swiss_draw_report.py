"""In a Swiss round a player reports a 1-1 draw on the match page and the opponent confirms it
(tournaments/RULINGS.md S13); the draw box is on the Swiss match page only, and the page stays
accessible and does not scroll sideways on a phone."""

from playwright.sync_api import Browser, expect

from tests.e2e.axe_check import PHONE, checked, sideways
from tests.e2e.test_tournament_flow import log_in
from tournaments.models import Match
from tournaments.services import entry_add, tournament_create, tournament_start

DRAW_BOX = "The match was a draw"


def test_a_player_reports_a_draw_and_the_opponent_confirms_it(
    live_server, browser: Browser, make_user, transactional_db
):
    base = live_server.url
    orla, ann, ben = make_user("orla"), make_user("ann"), make_user("ben")
    swiss = tournament_create(
        organizer=orla, name="Swiss Draws", best_of=3, seeding="manual", structure="swiss"
    )
    plain = tournament_create(organizer=orla, name="Plain Cup", best_of=3, seeding="manual")
    for event in (swiss, plain):
        for seed, player in enumerate((ann, ben), start=1):
            entry_add(tournament=event, by_user=orla, user_id=player.pk, seed=seed)
        tournament_start(tournament=event, by_user=orla)
    swiss_match = Match.objects.get(tournament=swiss, is_bye=False).pk
    plain_match = Match.objects.get(tournament=plain).pk

    # ann, on a phone: the elimination match offers no draw, the Swiss one does
    ann_page = browser.new_context(viewport=PHONE).new_page()
    log_in(ann_page, base, "ann")
    ann_page.goto(f"{base}/matches/{plain_match}/")
    expect(ann_page.get_by_role("button", name="Report result")).to_be_visible()
    expect(ann_page.get_by_label(DRAW_BOX, exact=False)).to_have_count(0)
    ann_page.goto(f"{base}/matches/{swiss_match}/")
    draw_box = ann_page.get_by_label(DRAW_BOX, exact=False)
    expect(draw_box).to_be_visible()
    assert sideways(ann_page) == 0
    checked(ann_page, "Swiss match page with the draw box (phone)")

    # when ann reports 1-1 as a draw
    ann_page.get_by_label("ann", exact=True).fill("1")
    ann_page.get_by_label("ben", exact=True).fill("1")
    draw_box.check()
    ann_page.get_by_role("button", name="Report result").click()
    expect(ann_page.get_by_text("Result reported.")).to_be_visible()

    # then ben sees the reported draw and confirms it
    ben_page = browser.new_context().new_page()
    log_in(ben_page, base, "ben")
    ben_page.goto(f"{base}/matches/{swiss_match}/")
    expect(ben_page.locator("#reported-score")).to_contain_text("ann reports: a draw 1\u20131")
    ben_page.get_by_role("button", name="Confirm result").click()
    expect(ben_page.get_by_text("Result confirmed.")).to_be_visible()
    expect(ben_page.locator("#match-result")).to_have_text("a draw")
    assert Match.objects.get(pk=swiss_match).decided_by == "draw"
