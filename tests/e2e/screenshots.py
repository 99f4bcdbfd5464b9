"""`make screenshots`: every event-day page in Chromium at 1280x800 and 390x844, as PNGs in
var/screenshots/, so a reviewer can look at the pages without driving a browser by hand.

It builds a demo event of 13 entries in a throw-away SQLite database (var/screenshots/demo.sqlite3),
half of round 1 played (a report waiting for confirmation, a dispute, time called), serves it
with Django's runserver on a free local port, and photographs the pages as the organizer, a
player and a visitor would see them. Needs Debian's Chromium (apt-get install chromium) and the
dev requirements (Playwright's Python package).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "var" / "screenshots"
DATABASE = OUT / "demo.sqlite3"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
PASSWORD = "correct-horse-battery"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# SCREENSHOTS_ONLY=<regex>: only the pages whose "<who>-<name>" matches (a quicker look).
ONLY = os.environ.get("SCREENSHOTS_ONLY", "")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def django_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "CELERY_BROKER_URL"}}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.local",
        DATABASE_URL=f"sqlite:///{DATABASE}",
        VAR_DIR=str(OUT / "var"),
        HEALTHZ_HEARTBEATS="false",
    )
    return env


def build_demo() -> dict:
    """The demo data, through the services as the app writes it; returns ids to visit."""
    os.environ.update(django_env())
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from django.utils import timezone

    from accounts.models import User
    from tournaments import services
    from tournaments.models import Match

    organizer = User.objects.create_user("orla", password=PASSWORD)
    players = [User.objects.create_user(f"player{n}", password=PASSWORD) for n in range(1, 9)]
    event = services.tournament_create(
        organizer=organizer, name="Thursday Open", seeding="manual", best_of=3
    )
    guests = ["Ada", "Bram", "Cleo", "Dov", "Ezra"]
    for seed, user in enumerate(players, 1):
        services.entry_add(tournament=event, by_user=organizer, user_id=user.pk, seed=seed)
    services.entries_paste(tournament=event, by_user=organizer, text="\n".join(guests))
    registering = services.tournament_create(organizer=organizer, name="Next week's Open")
    services.entries_paste(
        tournament=registering, by_user=organizer, text="Ann, 1\nBen, 2\nCal\nDee"
    )
    services.tournament_start(tournament=event, by_user=organizer)
    pods = services.tournament_create(
        organizer=organizer, name="Four-player pods", seeding="manual", entries_per_match=4
    )
    services.entries_paste(
        tournament=pods, by_user=organizer, text="\n".join(f"Pod player {n}" for n in range(1, 12))
    )
    services.tournament_start(tournament=pods, by_user=organizer)
    swiss, league = build_swiss_demo(organizer, players)
    matches = list(Match.objects.filter(tournament=event, round__number=1, is_bye=False))
    slots = {
        m.pk: list(m.slots.order_by("slot").values_list("entry_id", flat=True)) for m in matches
    }
    # one finished, one waiting for confirmation, one disputed, one with time called
    finished, waiting, disputed, timed = matches[:4]
    services.match_result_report(
        match=finished,
        by_user=organizer,
        games=[{"winner": slots[finished.pk][0]}, {"winner": slots[finished.pk][0]}],
    )
    for match in (waiting, disputed):
        player = match.slots.order_by("slot").first().entry.user
        services.match_result_report(
            match=match,
            by_user=player,
            games=[{"winner": slots[match.pk][0]}, {"winner": slots[match.pk][0]}],
        )
    disputer = disputed.slots.order_by("slot").last().entry.user
    if disputer is not None:
        services.match_result_dispute(match=disputed, by_user=disputer)
    services.match_time_call(match=timed, by_user=organizer)
    # a clock past its deadline that the worker has not called yet (no worker runs here)
    late = Match.objects.filter(tournament=event, round__number=1, status="in_progress")
    late = late.exclude(pk=timed.pk).first()
    if late is not None:
        Match.objects.filter(pk=late.pk).update(deadline=timezone.now() - timedelta(minutes=3))
    # check-in has begun for next week's event: two of four are here
    for entry in registering.entries.order_by("seed")[:2]:
        services.entry_check_in(entry=entry, by_user=organizer)
    player = waiting.slots.order_by("slot").first().entry.user
    return {
        "event": event.pk,
        "registering": registering.pk,
        "pods": pods.pk,
        "matches": [m.pk for m in (finished, waiting, disputed, timed)],
        "player": player.username if player else "player1",
        "swiss": swiss,
        "league": league,
    }


def build_swiss_demo(organizer, players) -> tuple[int, int]:
    """A Swiss event of 8 players and 3 guests with a top 4: round 1 played, round 2 paired
    with one result in (issue 18's pages: tables, the player's table, standings)."""
    from django.utils import timezone

    from tournaments import services
    from tournaments.models import Match

    event = services.tournament_create(
        organizer=organizer,
        name="Swiss Saturday",
        seeding="manual",
        best_of=3,
        structure="swiss",
        top_cut=4,
    )
    for seed, user in enumerate(players, 1):
        services.entry_add(tournament=event, by_user=organizer, user_id=user.pk, seed=seed)
    services.entries_paste(tournament=event, by_user=organizer, text="Gus\nHal\nIda")
    services.tournament_start(tournament=event, by_user=organizer)
    for number, count in ((1, None), (2, 1)):
        pending = Match.objects.filter(tournament=event, round__number=number, is_bye=False)
        for match in list(pending.order_by("index"))[:count]:
            first, second = match.slots.order_by("slot").values_list("entry_id", flat=True)
            games = [{"winner": first}, {"winner": second}, {"winner": first}]
            services.match_result_report(match=match, by_user=organizer, games=games)
    # a finished 4-player event in a league (issue 18: the leaderboard, a player's history)
    from leagues import services as leagues

    today = timezone.localdate()
    league = leagues.league_create(
        organizer=organizer,
        name="Spring league",
        counted_events=3,
        planned_events=5,
        starts_on=today - timedelta(days=14),
        ends_on=today + timedelta(days=60),
        description="Thursdays at 7 pm at the shop. Best 3 of 5 weeks count; prizes for the top 4.",
    )
    for week, order in enumerate((players[:4], players[2:6]), 1):
        weekly = services.tournament_create(
            organizer=organizer, name=f"Week {week}", seeding="manual", best_of=1
        )
        for seed, user in enumerate(order, 1):
            services.entry_add(tournament=weekly, by_user=organizer, user_id=user.pk, seed=seed)
        services.tournament_start(tournament=weekly, by_user=organizer)
        playable = Match.objects.filter(tournament=weekly, status__in=["ready", "in_progress"])
        while (match := playable.order_by("round__number", "index").first()) is not None:
            seeds = match.slots.order_by("entry__seed").values_list("entry_id", flat=True)
            services.match_decide(match=match, by_user=organizer, winner_id=seeds[0])
        leagues.league_event_add(league=league, by_user=organizer, tournament_id=weekly.pk)
    # no worker runs here: rate the finished matches as the ratings task would
    from ratings import services as ratings

    for match in Match.objects.filter(status="finished").order_by("finished_at", "pk"):
        ratings.match_rate(match_id=match.pk)
    return event.pk, league.pk


def build_card_demo() -> dict:
    """Issue 15's pages: a Kingdom Combat draft under way and one ready to build, a sealed
    pool, decks legal and not, and games of Combat, Conventional Combat and Rune Duel."""
    from accounts.models import User
    from decks.drafting import services as drafting
    from decks.models import Card
    from decks.services import deck_create, pool_create
    from decks.services.decks import deck_list_from_input
    from gameplay import services as gameplay

    organizer, player, other = (
        User.objects.get(username=n) for n in ("orla", "player1", "player2")
    )
    running = drafting.draft_create(
        organizer=organizer, game_slug="kingdom-combat", seats=4, bots=3, pick_timer=90
    )
    drafting.draft_join(draft_id=running.id, user=player)
    drafting.draft_start(draft_id=running.id, user=organizer)
    for _ in range(4):  # a few picks made, the bots keeping up
        drafting.draft_bots_run(draft_id=running.id)
        view = drafting_view(running.id, player)
        if view["pack"]:
            drafting.draft_pick_make(
                draft_id=running.id,
                user=player,
                pack_id=view["pack"]["id"],
                pick_number=view["pick_number"],
                pack_card_id=view["pack"]["cards"][0]["id"],
            )
    drafting.draft_bots_run(draft_id=running.id)
    done = drafting.draft_create(
        organizer=organizer,
        game_slug="kingdom-combat",
        seats=2,
        bots=1,
        booster_layout="1 gold/silver, 1 silver/black, 3 black",
    )
    drafting.draft_join(draft_id=done.id, user=other)
    drafting.draft_start(draft_id=done.id, user=organizer)
    for _ in range(40):
        drafting.draft_bots_run(draft_id=done.id)
        view = drafting_view(done.id, other)
        if view["status"] == "finished":
            break
        if view["pack"]:
            drafting.draft_pick_make(
                draft_id=done.id,
                user=other,
                pack_id=view["pack"]["id"],
                pick_number=view["pick_number"],
                pack_card_id=view["pack"]["cards"][0]["id"],
            )
    kingdom = Card.objects.filter(card_set__code="KC1").exclude(type__in=["fortress", "token"])
    pool = pool_create(
        owner=player,
        game_slug="kingdom-combat",
        cards={card.id: 1 for card in kingdom},
        source="sealed",
        seed="demo",
    )
    codes = [f"{r}{s}" for s in "SHDC" for r in ["A", *map(str, range(2, 11))]]
    for name, game, text in [
        ("Forty spots", "combat", "\n".join(f"1 {c}" for c in codes)),
        ("Knights (unfinished)", "kingdom-combat", "Fortress: Ironhold Keep\n3 Iron Knight"),
    ]:
        deck = deck_create(
            owner=player,
            game_slug=game,
            format_slug="constructed",
            name=name,
            deck_list=deck_list_from_input(text=text),
        )
    # the lobby: open seats of two games, a challenge to player1 and one of theirs waiting
    gameplay.invite_create(by_user=other, ruleset="combat", options={"max_turns": 20})
    gameplay.invite_create(by_user=organizer, ruleset="rune-duel")
    gameplay.invite_create(by_user=other, ruleset="combat", opponent_username=player.username)
    gameplay.invite_create(by_user=player, ruleset="army", opponent_username=organizer.username)
    games = {}
    for slug in ("combat", "army", "conventional-combat", "rune-duel", "kingdom-combat"):
        game = gameplay.game_create(
            ruleset=slug, seats=[{"user": player.pk}, {"bot": "greedy"}], created_by=player, seed=4
        )
        play_table_mid_game(game.pk, player)
        games[slug] = game.pk
    return {
        **build_venue_demo(organizer, codes),
        "running_draft": running.id,
        "done_draft": done.id,
        "pool": pool.id,
        "deck": deck.pk,
        "games": games,
    }


def build_venue_demo(organizer, codes: list[str]) -> dict:
    """Issue 36's printouts: a Kingdom Combat draft event split into two pods (seating), and
    a constructed Combat event with three registered decks (deck lists)."""
    from accounts.models import User
    from decks.drafting import services as drafting
    from decks.services import deck_create
    from decks.services.decks import deck_list_from_input
    from decks.services.registration import deck_register
    from tournaments import services

    players = list(User.objects.filter(username__startswith="player").order_by("pk"))
    night = services.tournament_create(
        organizer=organizer, name="Kingdom draft night", game="kingdom-combat",
        deck_format="draft", seeding="manual",
    )  # fmt: skip
    for seed, user in enumerate(players, 1):
        services.entry_add(tournament=night, by_user=organizer, user_id=user.pk, seed=seed)
    services.entries_paste(tournament=night, by_user=organizer, text="Gus\nHal\nIda")
    drafting.tournament_pods_create(tournament_id=night.pk, user=organizer)
    constructed = services.tournament_create(
        organizer=organizer, name="Constructed Cup", game="combat", deck_format="constructed"
    )
    for number, user in enumerate(players[:3]):
        entry = services.entry_add(tournament=constructed, by_user=organizer, user_id=user.pk)
        deck = deck_create(
            owner=user, game_slug="combat", format_slug="constructed",
            name=f"{user.username}'s spots",
            deck_list=deck_list_from_input(
                text="\n".join(f"1 {c}" for c in codes[number * 2 :] + codes[: number * 2])
            ),
        )  # fmt: skip
        deck_register(entry=entry, deck=deck, user=user)
    return {"draft_event": night.pk, "constructed_event": constructed.pk}


MID_GAME = {"combat": 14, "army": 3, "conventional-combat": 2, "rune-duel": 2, "kingdom-combat": 16}
# moves the player makes on the board itself (not the bar): the screenshot waits for one
ON_THE_BOARD = {"play", "soldier", "farm", "attack", "block", "move", "fighter", "supporter"}


def play_table_mid_game(game_id: int, player) -> None:
    """Play the game on (the player's moves the greedy bot's, the bot's own) until the player has
    made MID_GAME moves and may move on the board: a play table mid-game for the screenshots."""
    import random

    from gameplay import selectors
    from gameplay import services as gameplay
    from gameplay.engine import bots, registry

    greedy = bots.bot_for("greedy")

    rng = random.Random(game_id)
    for _ in range(400):
        gameplay.game_bots_play(game_id=game_id)
        game = selectors.game_get(game_id)
        detail = selectors.game_detail(game, player)
        legal = detail["legal_actions"]
        mine = [a for seat, a in game.actions if seat == detail["seat"]]
        ready = any(a.get("type") in ON_THE_BOARD for a in legal)
        if game.status != "in_progress" or (len(mine) >= MID_GAME[game.ruleset] and ready):
            return
        if not legal:
            continue
        action = greedy.choose(
            registry.get(game.ruleset), detail["view"], detail["seat"], legal, rng
        )
        gameplay.game_act(
            game_id=game_id, user=player, action=action, expected_version=game.version
        )


def drafting_view(draft_id: int, user) -> dict:
    from decks.drafting.selectors import draft_seat_view

    return draft_seat_view(draft_id=draft_id, user=user)


def card_views(ids: dict) -> dict:
    """Who sees which of issue 15's pages."""
    games = {f"game-{slug}": f"/games/{pk}/" for slug, pk in ids["games"].items()}
    return {
        "drafter": (
            "player1",
            {
                "draft-room": f"/drafts/{ids['running_draft']}/",
                "pool": f"/pools/{ids['pool']}/",
                "builder-pool": f"/decks/new/?pool={ids['pool']}",
                "builder-combat": "/decks/new/?game=combat&format=constructed",
                "builder-deck": f"/decks/{ids['deck']}/",
                "my-decks": "/decks/",
                "lobby": "/games/lobby/",
                "home-with-challenge": "/",
                **games,
            },
        ),
        "finished-drafter": ("player2", {"draft-ready-to-build": f"/drafts/{ids['done_draft']}/"}),
        "draft-organizer": ("orla", {"pod": f"/drafts/{ids['running_draft']}/pod/"}),
        "cards": (
            None,
            {
                f"cards-{slug}": f"/cards/?game={slug}"
                for slug in ("kingdom-combat", "conventional-combat", "rune-duel", "combat")
            },
        ),
    }


def venue_views(ids: dict) -> dict:
    """Issue 36's pages for the room: the desk as a page, the projector view, the printouts
    (each also printed to PDF on A4 and Letter by `print_copies`)."""
    event, swiss = ids["event"], ids["swiss"]
    return {
        "desk": f"/tournaments/{event}/desk/",
        "display-swiss": f"/tournaments/{swiss}/display/",
        "display-elimination": f"/tournaments/{event}/display/",
        "print-pairings": f"/tournaments/{swiss}/print/pairings/",
        "print-pairings-by-name": f"/tournaments/{swiss}/print/pairings/?by=name",
        "print-slips": f"/tournaments/{event}/print/slips/",
        "print-standings": f"/tournaments/{swiss}/print/standings/",
        "print-decklists": f"/tournaments/{ids.get('constructed_event', event)}/print/decklists/",
        "print-seating": f"/tournaments/{ids.get('draft_event', event)}/print/seating/",
    }


PAPERS = {"a4": (794, 1123), "letter": (816, 1056)}  # CSS pixels at 96 per inch


def print_copies(page, name: str) -> list[Path]:
    """A printout as the print preview shows it: a PDF on each paper, and a screenshot of
    the page in print media at the paper's width."""
    written = []
    page.emulate_media(media="print")
    for paper, (width, height) in PAPERS.items():
        pdf = OUT / f"{name}-{paper}.pdf"
        page.pdf(path=str(pdf), format="A4" if paper == "a4" else "Letter")
        page.set_viewport_size({"width": width, "height": height})
        shot = OUT / f"{name}-{paper}.png"
        page.screenshot(path=str(shot), full_page=True)
        written += [pdf, shot]
    page.emulate_media(media="screen")
    return written


def choose_on_the_table(page) -> bool:
    """Click the first thing the play table offers (a card in hand, most often) so the
    screenshot shows the highlights and the action bar; False when there is nothing to pick."""
    pickable = page.locator("#board .pickable")
    if pickable.count() == 0:
        return False
    pickable.first.click()
    page.mouse.move(0, 0)  # no hover zoom over the board
    page.wait_for_timeout(500)  # the card faces' transitions end
    return True


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=django_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the demo server did not start")


def photograph(base: str, ids: dict) -> list[Path]:
    from playwright.sync_api import sync_playwright

    event, match = ids["event"], ids["matches"]
    views = {
        "organizer": (
            "orla",
            {
                "event-running": f"/tournaments/{event}/",
                "event-registration": f"/tournaments/{ids['registering']}/",
                "match-finished": f"/matches/{match[0]}/",
                "match-disputed": f"/matches/{match[2]}/",
                "match-time-called": f"/matches/{match[3]}/",
                "standings": f"/tournaments/{event}/standings/",
                "getting-started": "/getting-started/",
                "event-pods": f"/tournaments/{ids['pods']}/",
                "swiss-event": f"/tournaments/{ids['swiss']}/",
                "swiss-round": f"/tournaments/{ids['swiss']}/rounds/2/",
                "swiss-standings": f"/tournaments/{ids['swiss']}/standings/",
                "swiss-standings-after-round-1": f"/tournaments/{ids['swiss']}/standings/?round=1",
                "league": f"/leagues/{ids['league']}/",
                "league-edit": f"/leagues/{ids['league']}/edit/",
                "desk-reset": f"/tournaments/{event}/desk-reset/",
                **venue_views(ids),
            },
        ),
        "player": (
            ids["player"],
            {
                "match-reported": f"/matches/{match[1]}/",
                "home": "/",
                "event": f"/tournaments/{event}/",
                "swiss-event": f"/tournaments/{ids['swiss']}/",
                "player-page": "/players/player1/",
                "player-history": "/players/player1/history/",
                "league": f"/leagues/{ids['league']}/",
                "account": "/account/",
                "password-change": "/account/password/",
                "account-close": "/account/close/",
            },
        ),
        "visitor": (
            None,
            {
                "event": f"/tournaments/{event}/",
                "login": "/login/",
                "password-reset": "/password-reset/",
                "password-reset-sent": "/password-reset/sent/",
            },
        ),
    }
    views.update(card_views(ids))
    written = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        for who, (username, pages) in views.items():
            for size, (width, height) in SIZES.items():
                context = browser.new_context(viewport={"width": width, "height": height})
                page = context.new_page()
                if username:
                    page.goto(f"{base}/login/")
                    page.get_by_label("Username").fill(username)
                    page.get_by_label("Password").fill(PASSWORD)
                    page.get_by_role("button", name="Log in").click()
                    page.wait_for_load_state("networkidle")
                for name, path in pages.items():
                    if ONLY and not re.search(ONLY, f"{who}-{name}"):
                        continue
                    page.goto(base + path)
                    page.wait_for_load_state("networkidle")
                    target = OUT / f"{who}-{name}-{size}.png"
                    page.screenshot(path=str(target), full_page=True)
                    if name == "desk-reset":
                        # the link a player scans: made by the organizer's click (a POST)
                        page.get_by_role("button", name="Make a password link").first.click()
                        page.wait_for_load_state("networkidle")
                        link = OUT / f"{who}-desk-reset-link-{size}.png"
                        page.screenshot(path=str(link), full_page=True)
                        written.append(link)
                    if name.startswith("print-") and size == "desktop":
                        written += print_copies(page, f"{who}-{name}")
                        page.set_viewport_size({"width": width, "height": height})
                    if name.startswith("game-") and choose_on_the_table(page):
                        chosen = OUT / f"{who}-{name}-choosing-{size}.png"
                        page.screenshot(path=str(chosen))  # the screen as the player sees it
                        written.append(chosen)
                    sideways = page.evaluate(
                        "document.documentElement.scrollWidth > window.innerWidth + 1"
                    )
                    if sideways:
                        print(f"  scrolls sideways: {target.name}")
                    written.append(target)
                context.close()
        browser.close()
    return written


def main() -> None:
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"No Chromium at {CHROMIUM}: apt-get install chromium")
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    ids = build_demo()
    ids.update(build_card_demo())
    port = free_port()
    server = serve(port)
    try:
        written = photograph(f"http://127.0.0.1:{port}", ids)
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"{len(written)} screenshots in {OUT.relative_to(ROOT)}/")


if __name__ == "__main__":
    main()
