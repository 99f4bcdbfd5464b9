"""One page of every kind a user can reach, outside the event day (test_event_day.py walks
that), opened in Chromium: no serious or critical axe-core violation and no sideways scrolling,
at 1280x800 and at 390x844 (where every touch target is at least 44 px too). The objects come
from the page crawler's ``world`` fixture."""

import pytest
from django.test import Client
from playwright.sync_api import Browser

from gameplay import services as games
from tests.config.test_page_crawl import world  # noqa: F401 (a fixture, used by name)

from .axe_check import PHONE, checked


def _pages(ids) -> list[tuple[str, str]]:
    t, d, pool = ids["running"], ids["draft"], ids["pool"]
    game_pages = [(f"the {slug} game", f"/games/{pk}/") for slug, pk in ids["by_ruleset"]]
    replays = [(f"the {slug} replay", f"/games/{pk}/replay/") for slug, pk in ids["by_ruleset"]]
    return [
        ("home", "/"),
        ("getting started", "/getting-started/"),
        ("notifications", "/notifications/"),
        ("account", "/account/"),
        ("change password", "/account/password/"),
        ("close account", "/account/close/"),
        ("tournament list", "/tournaments/"),
        ("new tournament", "/tournaments/new/"),
        ("standings", f"/tournaments/{t}/standings/"),
        ("Swiss event", f"/tournaments/{ids['swiss']}/"),
        ("Swiss standings", f"/tournaments/{ids['swiss']}/standings/"),
        ("Swiss round pairings", f"/tournaments/{ids['swiss']}/rounds/2/"),
        ("player page", "/players/p1/"),
        ("player history", "/players/p1/history/"),
        ("leagues", "/leagues/"),
        ("new league", "/leagues/new/"),
        ("league leaderboard", f"/leagues/{ids['league']}/"),
        ("embedded bracket", f"/tournaments/{t}/embed/"),
        ("drafts", "/drafts/"),
        ("draft room", f"/drafts/{d}/"),
        ("draft pod", f"/drafts/{d}/pod/"),
        ("pool", f"/pools/{pool}/"),
        ("decks", "/decks/"),
        ("deck builder (text)", "/decks/new/"),
        ("deck builder (visual)", f"/decks/new/?pool={pool}"),
        ("card browser (grid)", "/cards/"),
        ("card browser (table)", "/cards/?layout=table"),
        ("games", "/games/"),
        ("lobby", "/games/lobby/"),
        *game_pages,
        ("finished replay", f"/games/{ids['finished']}/replay/"),
        *replays,
    ]


# At the phone size only, where a page can also scroll sideways; the desktop size of the same
# templates is checked page by page in the flows (test_event_day.py, test_whole_event_day.py).
@pytest.mark.parametrize("viewport", [PHONE], ids=["phone"])
def test_every_kind_of_page_passes_axe(
    live_server,
    browser: Browser,
    transactional_db,
    world,  # noqa: F811
    viewport,
):
    users, ids = world
    player = users["p1"]
    kingdom = games.game_create(
        ruleset="kingdom-combat",
        seats=[{"user": player.pk}, {"bot": "random"}],
        created_by=player,
        seed=1,
    )
    # the lobby with something in every list: a seat open, a challenge to the player, their own
    other = users["other"]
    games.invite_create(by_user=other, ruleset="combat")
    games.invite_create(by_user=other, ruleset="rune-duel", opponent_username=player.username)
    games.invite_create(by_user=player, ruleset="combat", opponent_username=other.username)
    slugs = ["combat", "army", "conventional-combat", "rune-duel"]
    ids["by_ruleset"] = [*zip(slugs, ids["games"], strict=True), ("kingdom-combat", kingdom.pk)]
    base = live_server.url

    visitor = browser.new_context(viewport=viewport).new_page()
    visits = [("log in", "/login/"), ("sign up", "/signup/"), ("reset", "/password-reset/")]
    for what, path in visits:
        visitor.goto(base + path)
        checked(visitor, what, touch_targets=False)

    client = Client()
    client.force_login(player)
    context = browser.new_context(viewport=viewport)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    page = context.new_page()
    failures = []
    for what, path in _pages(ids):
        response = page.goto(base + path)
        assert response.status == 200, f"{what} ({path}) answered {response.status}"
        try:
            checked(page, f"{what} ({path})")
        except AssertionError as error:
            failures.append(str(error))
    assert failures == [], "\n".join(failures)
