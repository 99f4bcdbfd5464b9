"""Every HTML page, as every kind of user, in the states that matter: no 5xx; and every form
post as a user who may not make it: refused, with nothing changed. A new page pattern must be
added to PAGES (the test fails until it is), so new pages are crawled too."""

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from decks import services as deck_services
from decks.drafting import services as drafts
from decks.services.decks import deck_list_from_input
from gameplay import services as games
from leagues import services as leagues
from tests.fingerprint import data_fingerprint
from tests.gameplay.playing import play_to_the_end
from tournaments import services as events
from tournaments.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

RULESETS = ["combat", "army", "conventional-combat", "rune-duel"]


def _event(organizer, players, **settings):
    tournament = events.tournament_create(
        organizer=organizer, name="Cup", seeding="manual", best_of=1, **settings
    )
    entries = [
        events.entry_add(tournament=tournament, by_user=organizer, user_id=user.pk, seed=seed)
        for seed, user in enumerate(players, 1)
    ]
    return tournament, entries


def _finished_game(user) -> int:
    """A short Combat game of the user against the random bot, played to its end."""
    game = games.game_create(
        ruleset="combat",
        seats=[{"user": user.pk}, {"bot": "random"}],
        options={"max_turns": 2},
        created_by=user,
        seed=3,
    )
    return play_to_the_end(game, user, moves=500).pk


@pytest.fixture
def world(make_user):
    """Users and one object in each state a page shows differently."""
    org, p1, p2, p3 = (make_user(n) for n in ("org", "p1", "p2", "p3"))
    users = {"org": org, "p1": p1, "other": make_user("other")}
    users["staff"] = make_user("staff", is_staff=True)
    ids = {}
    registering, entries = _event(org, [p1])
    ids["registering"], ids["entry"] = registering.pk, entries[0].pk
    # Three entries: round 1 is a match (seeds 2, 3) and a bye (seed 1); the match is decided.
    running, entries = _event(org, [p1, p2, p3])
    events.tournament_start(tournament=running, by_user=org)
    matches = list(Match.objects.filter(tournament=running).order_by("pk"))
    played = next(m for m in matches if m.status == Match.Status.IN_PROGRESS)
    events.match_decide(match=played, by_user=org, winner_id=entries[1].pk)
    ids["running"], ids["matches"] = running.pk, [m.pk for m in matches]
    # A Swiss event of three with a top 2: round 1 is a table and a bye, one result in.
    swiss, swiss_entries = _event(org, [p1, p2, p3], structure="swiss", top_cut=2)
    events.tournament_start(tournament=swiss, by_user=org)
    table = Match.objects.get(tournament=swiss, is_bye=False)
    events.match_decide(match=table, by_user=org, winner_id=swiss_entries[1].pk)
    ids["swiss"] = swiss.pk
    league = leagues.league_create(organizer=org, name="Spring league", counted_events=2)
    leagues.league_event_add(league=league, by_user=org, tournament_id=running.pk)
    ids["league"] = league.pk
    cancelled, _ = _event(org, [])
    events.tournament_cancel(tournament=cancelled, by_user=org)
    ids["cancelled"] = cancelled.pk
    sealed, _ = _event(org, [p1, p2], game="kingdom-combat", deck_format="sealed")
    ids["sealed"] = sealed.pk
    ids["pool"] = drafts.sealed_pools_create(tournament_id=sealed.pk, user=org)[0].pk
    draft = drafts.draft_create(
        organizer=org, game_slug="combat", seats=2, bots=1, pick_timer="off", seed="s"
    )
    drafts.draft_join(draft_id=draft.pk, user=p1)
    drafts.draft_start(draft_id=draft.pk, user=org)
    ids["draft"] = draft.pk
    ids["games"] = [
        games.game_create(
            ruleset=ruleset, seats=[{"user": p1.pk}, {"bot": "random"}], created_by=p1, seed=1
        ).pk
        for ruleset in RULESETS
    ]
    ids["finished"] = _finished_game(p1)
    # a challenge to p1 (p1 may accept or decline it) and p1's own challenge (p1 may withdraw it)
    ids["challenge"] = games.invite_create(by_user=org, ruleset="combat", opponent_username="p1").pk
    ids["my_challenge"] = games.invite_create(
        by_user=p1, ruleset="combat", opponent_username="org"
    ).pk
    ids["deck"] = deck_services.deck_create(
        owner=p1,
        game_slug="kingdom-combat",
        format_slug="constructed",
        name="Mine",
        deck_list=deck_list_from_input(text=""),
    ).pk
    return users, ids


def pages(ids) -> dict[str, list[str]]:
    """Each page pattern (by name) and the addresses that exercise it."""
    return {**_account_pages(), **_event_pages(ids), **_other_pages(ids)}


def _account_pages() -> dict[str, list[str]]:
    return {
        "home": ["/"],
        "getting-started": ["/getting-started/"],
        "background-status": ["/status/background/"],
        "notifications": ["/notifications/"],
        "account": ["/account/"],
        "account-close": ["/account/close/"],
        "password-change": ["/account/password/"],
        "password-reset": ["/password-reset/"],
        "password-reset-sent": ["/password-reset/sent/"],
        "password-reset-complete": ["/password-reset/done/"],
        "password-reset-confirm": ["/password-reset/MQ/bad-token/", "/password-reset/%00/x/"],
        "password-reset-desk": ["/password-reset/desk/MQ/bad-token/", "/password-reset/desk/x/y/"],
        "login": ["/login/"],
        "signup": ["/signup/"],
    }


def _event_pages(ids) -> dict[str, list[str]]:
    t, m = ids["running"], ids["matches"]
    tournaments = [ids["registering"], t, ids["cancelled"], ids["sealed"], ids["swiss"], 99999]
    swiss = ids["swiss"]
    return {
        "tournaments:desk-reset": [f"/tournaments/{pk}/desk-reset/" for pk in tournaments],
        "tournaments:list": ["/tournaments/"],
        "tournaments:new": ["/tournaments/new/"],
        "tournaments:detail": [f"/tournaments/{pk}/" for pk in tournaments],
        "tournaments:bracket": [f"/tournaments/{t}/bracket/"],
        "tournaments:results": [f"/tournaments/{pk}/results/" for pk in tournaments],
        "tournaments:edit": [f"/tournaments/{pk}/edit/" for pk in tournaments],
        "tournaments:ics": [f"/tournaments/{pk}/calendar.ics" for pk in tournaments],
        "tournaments:organizer": ["/organizers/p1/", "/organizers/nobody/", "/organizers/%00/"],
        "tournaments:organizer-ics": ["/organizers/p1/calendar.ics", "/organizers/x/calendar.ics"],
        "tournaments:desk": [f"/tournaments/{pk}/desk/" for pk in tournaments],
        "tournaments:display": [f"/tournaments/{pk}/display/" for pk in tournaments],
        "tournaments:print-pairings": [f"/tournaments/{pk}/print/pairings/" for pk in tournaments]
        + [
            f"/tournaments/{swiss}/print/pairings/?by=name",
            f"/tournaments/{t}/print/pairings/?round=99&by=%00",
        ],
        "tournaments:print-slips": [f"/tournaments/{pk}/print/slips/" for pk in tournaments]
        + [f"/tournaments/{t}/print/slips/?round=%00", f"/tournaments/{t}/print/slips/?round=1"],
        "tournaments:print-standings": [
            f"/tournaments/{pk}/print/standings/" for pk in tournaments
        ],
        "decks:print-decklists": [f"/tournaments/{pk}/print/decklists/" for pk in tournaments],
        "decks:print-seating": [f"/tournaments/{pk}/print/seating/" for pk in tournaments],
        "tournaments:embed": [f"/tournaments/{t}/embed/", "/tournaments/99999/embed/"],
        "tournaments:standings": [
            f"/tournaments/{t}/standings/",
            f"/tournaments/{swiss}/standings/",
            f"/tournaments/{swiss}/standings/?round=1",
            f"/tournaments/{swiss}/standings/?round=99&x=%00",
            f"/tournaments/{t}/standings/?round=1",
            "/tournaments/99999/standings/",
        ],
        "tournaments:swiss-round": [f"/tournaments/{swiss}/rounds/{n}/" for n in (1, 2, 3, 99999)]
        + [f"/tournaments/{t}/rounds/1/", "/tournaments/99999/rounds/1/"],
        "tournaments:match": [f"/matches/{pk}/" for pk in [*m, 99999]],
        "tournaments:match-live": [f"/matches/{m[0]}/live/"],
        "tournaments:live": [f"/tournaments/{t}/live/", "/tournaments/99999/live/"],
    }


def _other_pages(ids) -> dict[str, list[str]]:
    """Players, leagues, cards and decks, drafts, games."""
    d = ids["draft"]
    return {
        "ratings:player": ["/players/p1/", "/players/nobody/", "/players/%00/"],
        "leagues:list": ["/leagues/"],
        "leagues:detail": [f"/leagues/{ids['league']}/", "/leagues/99999/"],
        "leagues:edit": [f"/leagues/{ids['league']}/edit/", "/leagues/99999/edit/"],
        "leagues:history": [
            "/players/p1/history/",
            "/players/nobody/history/",
            "/players/%00/history/",
        ],
        "decks:cards": ["/cards/", "/cards/?game=nope&search=%00"],
        "decks:list": ["/decks/"],
        "decks:new": ["/decks/new/", "/decks/new/?pool=abc", f"/decks/new/?pool={ids['pool']}"],
        "decks:edit": [f"/decks/{ids['deck']}/", "/decks/99999/"],
        "drafting:list": ["/drafts/"],
        "drafting:room": [f"/drafts/{d}/", "/drafts/99999/"],
        "drafting:pod": [f"/drafts/{d}/pod/", "/drafts/99999/pod/"],
        "drafting:pool": [f"/pools/{ids['pool']}/", "/pools/99999/"],
        "gameplay:list": ["/games/"],
        "gameplay:lobby": ["/games/lobby/", "/games/lobby/?challenge=%00x"],
        # the live streams: answered at once (a 404, or a stream the client does not read)
        "gameplay:live": [f"/games/{ids['games'][0]}/live/", "/games/99999/live/"],
        "drafting:live": [f"/drafts/{d}/live/", "/drafts/99999/live/"],
        "my-live": ["/live/me/"],
        "gameplay:game": [f"/games/{pk}/" for pk in [*ids["games"], 99999]],
        "gameplay:board": [f"/games/{ids['games'][0]}/board/?version=x"],
        "gameplay:replay": [
            *(f"/games/{ids['finished']}/replay/?step={s}" for s in ("0", "1", "-3", "x", "9999")),
            f"/games/{ids['finished']}/replay/",
            f"/games/{ids['games'][0]}/replay/?step=0",
            "/games/99999/replay/",
        ],
    }


Posts = dict[str, list[tuple[str, dict]]]
BAD = {"round": "x", "entry": "9" * 20, "winner": "1", "minutes": "5", "game1": "1"}


def forms(ids) -> Posts:
    """Each form action (by name) and posts that the wrong user makes, some with bad input."""
    return {**_event_forms(ids), **_other_forms(ids)}


def _event_forms(ids) -> Posts:
    t, r, bad = ids["running"], ids["registering"], BAD
    m = ids["matches"][0]
    return {
        "tournaments:action": [
            (f"/tournaments/{pk}/{action}/", bad)
            for pk in (t, r)
            for action in (
                "start",
                "cancel",
                "start-round",
                "drop",
                "check-in",
                "drop-unchecked",
                "seed-order",
                "entries-bulk",
            )
        ]
        + [(f"/tournaments/{r}/add-entry/", {"username": "p2", "seed": "2"})]
        + [(f"/tournaments/{r}/edit/", {"name": "x", "entry_cap": "1", "time_zone": "Mars/Base"})],
        "tournaments:match-action": [
            (f"/matches/{m}/{action}/", {**bad, "life_1": "3"})
            for action in ("report", "confirm", "dispute", "start", "call-time", "time")
        ]
        + [(f"/matches/{m}/{action}/", bad) for action in ("decide", "extend", "forfeit")],
        "drafting:tournament-pods": [(f"/tournaments/{r}/draft/pods/", {})],
        "tournaments:desk-reset-make": [
            (f"/tournaments/{pk}/desk-reset/{user}/", {}) for pk in (t, r) for user in (1, 99999)
        ],
        "drafting:tournament-pools": [(f"/tournaments/{ids['sealed']}/sealed/pools/", {})],
    }


def _other_forms(ids) -> Posts:
    """Drafts, games, leagues and decks."""
    t, r, d, pool = ids["running"], ids["registering"], ids["draft"], ids["pool"]
    m = ids["matches"][0]
    return {
        "drafting:pick": [(f"/drafts/{d}/pick/", {"pack": "1", "pick_number": "1", "card": "1"})],
        "drafting:action": [(f"/drafts/{d}/{a}/", {}) for a in ("start", "pause", "resume")],
        # a booster draft's id: each turn-based move answers "not this format" without a 500
        "drafting:winston-move": [(f"/drafts/{d}/winston/", {"action": "take", "turn": "0"})],
        "drafting:grid-move": [(f"/drafts/{d}/grid/", {"line": "row-1", "turn": "0"})],
        "drafting:rochester-pick": [(f"/drafts/{d}/rochester/", {"card": "1", "turn": "0"})],
        "drafting:replace-with-bot": [(f"/drafts/{d}/seats/0/replace-with-bot/", {})],
        "drafting:pool-register": [(f"/pools/{pool}/register/", {"deck": str(ids["deck"])})],
        "gameplay:act": [
            (f"/games/{ids['games'][0]}/act/", {"action": '{"type": "pass"}', "version": "0"})
        ],
        "gameplay:match-start": [(f"/games/match/{m}/start/", {})],
        "gameplay:invite-accept": [
            (f"/games/invites/{pk}/accept/", {}) for pk in (ids["challenge"], 99999)
        ],
        "gameplay:invite-decline": [(f"/games/invites/{ids['challenge']}/decline/", {})],
        "gameplay:invite-cancel": [(f"/games/invites/{ids['my_challenge']}/cancel/", {})],
        "gameplay:rematch": [
            (f"/games/{pk}/rematch/", {}) for pk in (ids["finished"], ids["games"][0], 99999)
        ],
        "leagues:action": [
            (f"/leagues/{ids['league']}/{action}/", {"tournament": str(pk)})
            for action in ("add-event", "remove-event", "nonsense")
            for pk in (t, ids["swiss"], "9" * 30)
        ]
        + [
            (f"/leagues/{ids['league']}/next-season/", {"name": "Next", "starts_on": day})
            for day in ("2027-01-01", "x", "2020-01-01")
        ],
        "leagues:edit": [
            (f"/leagues/{ids['league']}/edit/", {"name": "Mine", "ends_on": "1999-01-01"}),
            ("/leagues/99999/edit/", {"name": "Mine"}),
        ],
        "decks:edit": [(f"/decks/{ids['deck']}/", {"name": "Taken", "format": "constructed"})],
        "decks:check": [("/decks/check/", {"game": "\x00", "pool": str(pool)})],
        "decks:event-card-sets": [(f"/decks/events/{r}/card-sets/", {"card_sets": ["x", "1"]})],
    }


# Posts anyone signed in may make for themselves (join, create), or pages with no writes.
NOT_GUARDED = {
    "tournaments:new", "drafting:list", "drafting:join", "decks:new", "gameplay:new", "logout",
    "notifications-read", "gameplay:invite-new", "leagues:new", "account-logout-everywhere",
}  # fmt: skip


def _page_patterns(resolver=None, prefix="") -> set[str]:
    names = set()
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            if entry.app_name == "admin":
                continue
            names |= _page_patterns(entry, f"{entry.namespace}:" if entry.namespace else "")
        elif isinstance(entry, URLPattern) and entry.name:
            names.add(prefix + entry.name)
    return {n for n in names if "-api:" not in n and n not in ("schema", "swagger-ui")}


KEYS = (
    "registering", "running", "cancelled", "sealed", "draft", "pool", "deck", "entry",
    "challenge", "my_challenge", "swiss", "league",
)  # fmt: skip


def test_every_page_pattern_is_crawled():
    ids = {"matches": [1], "games": [1], "finished": 1, **dict.fromkeys(KEYS, 1)}
    missing = _page_patterns() - set(pages(ids)) - set(forms(ids)) - NOT_GUARDED - {"healthz"}
    assert not missing, f"add these pages to the crawl: {sorted(missing)}"


def test_no_page_fails_for_anyone_nor_shows_a_code_or_a_seat_number(world):
    # given every page, read by each role (one crawl: each page is rendered once a role)
    users, ids = world
    for name, user in {"anonymous": None, **users}.items():
        client = Client()
        if user:
            client.force_login(user)
        for urls in pages(ids).values():
            for url in urls:
                response = client.get(url)
                # then none fails
                assert response.status_code < 500, (name, url)
                if name in ("p1", "org"):
                    assert_no_code_or_seat_number(response, name, url)


@pytest.mark.parametrize("who", ["anonymous", "other"])
def test_no_form_post_works_for_the_wrong_user(world, who):
    users, ids = world
    client = Client()
    if who == "other":
        client.force_login(users["other"])
    before = data_fingerprint()
    for posts in forms(ids).values():
        for url, body in posts:
            response = client.post(url, body)
            assert response.status_code in (302, 403, 404, 200), (who, url, response.status_code)
    assert data_fingerprint() == before


CODES = ("rune-duel", "conventional-combat", "kingdom-combat", "off-the-top", "quick-duel")


def _visible_text(html: str) -> str:
    """The words a reader sees: no scripts, styles, tags or attribute values."""
    html = re.sub(r"(?is)<(script|style|template)\b.*?</\1>", " ", html)
    html = re.sub(r"(?s)<!--.*?-->", " ", html)
    return unescape(re.sub(r"(?s)<[^>]*>", " ", html))


def assert_no_code_or_seat_number(response, who: str, url: str) -> None:
    """Issue 13, for a player's and the organizer's pages: titles show game names, never
    slugs; every game names players by their names, never "Seat 0"; a draft numbers its seats
    from 1, as the players sit."""
    if response.status_code != 200 or "html" not in response["Content-Type"]:
        return
    text = _visible_text(response.content.decode())
    shown = [code for code in CODES if code in text.lower()]
    assert not shown, (who, url, shown)
    assert "Seat 0" not in text, (who, url)
    if url.startswith("/games/"):
        assert not re.search(r"\b[Ss]eat \d", text), (who, url)
