"""Two people, two browsers, one Kingdom Combat game played only by clicking the board (a card
offered for hire, a card in hand, a unit then the zone it moves to or what it attacks, an
attacked unit then Retreat) and the sticky bar (Confirm, Done, Keep, Mulligan, Pass), from the
Starting Garrison until a fortress takes damage. After every move both boards are checked:
neither seat sees the other's hand, any deck or the other's face-down garrison; the board shows
the three zones, units inside structures, cards drawn as cards (name, cost, stats, skills,
border, Active / Exhausted, damage, attachments and the stats they change), the stack while it
is open, gold and the log.

The choices follow a scripted plan (hire two, mulligan once, play units, build, equip, advance,
attack; the second seat holds back until one of its units has retreated) so the game reaches
every decision the issue names within a bounded number of moves (about 100 with seed 14)."""

import os
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from gameplay import services
from gameplay.engine import registry
from gameplay.engine.kingdom_combat import cards as kc_cards
from gameplay.engine.kingdom_combat import fight
from gameplay.models import GameRecord
from tests.e2e.axe_check import checked
from tests.e2e.play import click_toward, log_in_by_form, table_moves

PASSWORD = "correct-horse-battery"
SEED = 14
MOVE_LIMIT = 260
RULES = registry.get("kingdom-combat")
SHOTS = Path(os.environ.get("KC_SCREENSHOTS", "var/screenshots/kingdom-combat"))
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def _road(seat: int) -> list[str]:
    other = 1 - seat
    return [f"F{seat}", f"S{seat}", "B", f"S{other}", f"F{other}"]


def _printed(state: dict, cid: str) -> dict:
    return kc_cards.card(state["cards"][cid])


def choose(state: dict, seat: int, legal: list, plan: dict) -> dict:
    """The scripted player's next action (one of `legal`)."""
    kinds = {a["type"] for a in legal}
    if state["phase"] == "garrison":
        hires = [a for a in legal if a["type"] == "hire"]
        if hires and plan.setdefault(("hired", seat), 0) < 2:
            plan[("hired", seat)] += 1
            return hires[0]
        return {"type": "done"}
    if state["phase"] == "mulligan":
        if seat == 0 and "mulligan" in kinds and not plan.get("mulliganed"):
            plan["mulliganed"] = True
            return {"type": "mulligan"}
        return {"type": "keep"}
    if state["window"] is not None:
        return next(a for a in legal if a["type"] == "pass")
    holding_back = seat == 1 and not plan.get("retreated")
    stage = state["turn"]["stage"]
    if stage == "defend":
        retreats = [a for a in legal if a["type"] == "retreat"]
        if retreats and not plan.get("retreated"):
            plan["retreated"] = True
            return retreats[0]
        return {"type": "done"}
    if stage == "combat":
        attacks = [
            a
            for a in legal
            if a["type"] == "attack" and (not holding_back or str(a["target"]).startswith("fort"))
        ]
        on_units = [a for a in attacks if a["target"] in state["units"]]
        if on_units and not plan.get("attacked a unit"):
            plan["attacked a unit"] = True
            return on_units[0]
        attacks.sort(key=lambda a: not str(a["target"]).startswith("fortress"))
        return attacks[0] if attacks else {"type": "commit"}
    shots = [a for a in legal if a["type"] == "shoot"]
    if shots and not plan.get("shot"):
        plan["shot"] = True
        return shots[0]
    plays = [a for a in legal if a["type"] == "play"]
    turn = state["turn"]["number"]
    units = [a for a in plays if "target" not in a and _printed(state, a["card"])["type"] == "unit"]
    if units and not plan.get(("played", turn)):
        plan[("played", turn)] = True
        return units[0]
    for subtype in ("Equipment", "Ability", "Event", "Dirty Trick"):
        on_own = subtype in ("Equipment", "Ability")
        casts = [
            a
            for a in plays
            if _printed(state, a["card"]).get("subtype") == subtype
            and (
                a.get("target") is None
                or (a["target"] in state["units"] and state["units"][a["target"]]["seat"] == seat)
            )
            == on_own
        ]
        if casts and not plan.get(("cast", subtype)):
            plan[("cast", subtype)] = True
            return casts[0]
    builds = [
        a for a in plays if "target" not in a and _printed(state, a["card"])["type"] == "structure"
    ]
    if builds and not plan.get(("built", seat)):
        plan[("built", seat)] = True
        return builds[0]
    road = _road(seat)
    furthest = 1 if holding_back else 3
    moves = [
        a
        for a in legal
        if a["type"] == "move"
        and road.index(state["units"][a["unit"]]["zone"]) < road.index(a["to"]) <= furthest
    ]
    if moves:
        return max(moves, key=lambda a: road.index(a["to"]))
    return {"type": "combat"} if "combat" in kinds else {"type": "end"}


def fortress_damaged(state: dict) -> bool:
    return any(p["fortress"]["hp"] < p["fortress"]["start_hp"] for p in state["players"].values())


def _shows(page: Page, version: int) -> None:
    expect(page.locator("#board")).to_have_attribute("data-version", str(version), timeout=5000)


def assert_nothing_hidden_shows(page: Page, state: dict, seat: int) -> None:
    """No hidden card's id on the page (board, click table), nor its name unless the seat
    knows that card otherwise (it is in play, in a discard pile, in its own deck list)."""
    hidden = RULES.hidden_cards(state, seat)
    drawn = set(page.locator("[data-card]").evaluate_all("es => es.map(e => e.dataset.card)"))
    leaked = hidden & drawn
    assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)}"
    table = page.locator("#table-moves")
    if table.count():
        quoted = set(re.findall(r'"([^"]+)"', table.text_content()))
        assert not hidden & quoted, f"seat {seat}'s click table names {sorted(hidden & quoted)}"
    view = RULES.view(state, seat)
    known = set(view["cards"].values()) | set(view["players"][str(seat)].get("deck_list", []))
    text = page.locator("#board").inner_text()
    for cid in hidden:
        key = state["cards"][cid]
        if key in known:
            continue  # the seat knows a card of that name: in play, a discard pile, its deck list
        name = kc_cards.card(key)["name"]
        assert name not in text, f"seat {seat} sees the hidden {name} ({cid})"
    # the other seat's hand is a count, never cards
    other = page.locator(f'.kc-seat[data-seat="{1 - seat}"]')
    expect(other).to_contain_text("hidden card")


def check_board(page: Page, state: dict, seat: int, seen: set[str]) -> None:
    """What the board must show of this state, and which of the issue's things it showed."""
    board = page.locator("#board")
    view = RULES.view(state, seat)
    # the three zones of each homeland and the shared Battlefield
    expect(board.locator(".kc-zone-name", has_text="Fortress Zone")).to_have_count(2)
    expect(board.locator(".kc-zone-name", has_text="Structures Zone")).to_have_count(2)
    expect(board.get_by_role("heading", name="The Battlefield")).to_be_visible()
    # gold and fortress HP of every seat, as the state has them
    for key, p in state["players"].items():
        expect(board.locator(f'[data-gold="{key}"]')).to_have_text(str(p["gold"]))
        expect(board.locator(f'[data-hp="{key}"]')).to_have_text(str(p["fortress"]["hp"]))
    units = view["units"]
    if any(u["in"] for u in units.values()):
        expect(board.locator(".kc-structure .kc-unit").first).to_be_visible()
        seen.add("unit inside a structure")
    if state["stack"]:
        stack = board.locator(".kc-stack")
        expect(stack).to_be_visible()
        expect(stack.locator("li")).to_have_count(len(state["stack"]))
        seen.add("the stack")
    if view["attached"]:
        expect(board.locator(".kc-attached .cf-name").first).to_be_visible()
        seen.add("attachment")
    changed = [
        uid
        for uid, u in units.items()
        if not u["face_down"]
        and any(
            fight.stat(state, uid, stat) != _printed(state, uid)["stats"].get(stat, 0)
            for stat in ("attack", "defense", "armor")
        )
    ]
    if changed:  # an attachment or an effect changes a unit's stats: shown beside the card
        expect(board.locator(".kc-changed").first).to_contain_text("now:")
        seen.add("stats changed")
    hurt = [u for u in units.values() if u["damage"] and not u["face_down"]]
    if hurt:
        expect(board.locator(".kc-hurt").first).to_contain_text("damage")
        seen.add("damage marked")
    for status in ("Exhausted", "Active"):
        if any(
            (u["exhausted"] == (status == "Exhausted")) and not u["face_down"]
            for u in units.values()
        ):
            expect(board.locator(".kc-unit-facts", has_text=status).first).to_be_visible()
            seen.add(status)
    if state["events"]:
        expect(board.locator("#recent-moves li").first).to_be_visible()
        seen.add("log")


def check_a_unit_is_drawn_as_a_card(page: Page) -> None:
    """A unit in play: name, cost, attack / defense / armor / HP, border; a skill somewhere."""
    face = page.locator("#board .kc-unit .cf").first
    expect(face.locator(".cf-name")).not_to_be_empty()
    expect(face.locator(".cf-cost")).to_have_text(re.compile(r"^\d+$"))
    for short in ("ATK", "DEF", "ARM", "HP"):
        expect(face.locator(".cf-stat", has_text=short)).to_have_count(1)
    expect(face.locator(".cf-foot")).to_contain_text("border")
    expect(face.locator(".cf-faction")).to_have_text(re.compile(r"^[A-Z]"))  # a name, no slug
    expect(page.locator("#board .cf .cf-skill-name").first).to_be_visible()


def photograph(page: Page, name: str) -> None:
    """The page at both sizes (whole page, and the screen as the player sees it), after
    checking it (axe_check.checked); the viewport is left at the desktop size."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, (width, height) in reversed(SIZES.items()):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)  # the layout settles
        checked(page, name)  # no sideways scroll, no serious axe violation, 44 px touch targets
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)
        page.locator("#kc-stage").evaluate("e => e.scrollIntoView()")  # the board's top
        page.screenshot(path=str(SHOTS / f"{name}-{size}-screen.png"))


def test_two_players_play_kingdom_combat_by_clicking_until_a_fortress_is_damaged(
    live_server, browser, make_user
):
    base = live_server.url
    alice, bob = make_user("alice", password=PASSWORD), make_user("bob", password=PASSWORD)
    game = services.game_create(
        ruleset="kingdom-combat",
        seats=[{"user": alice.pk}, {"user": bob.pk}],
        seed=SEED,
        created_by=alice,
    )
    pages: dict[int, Page] = {}
    for seat, user in enumerate((alice, bob)):
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        log_in_by_form(page, base, user.username, PASSWORD)
        page.goto(f"{base}/games/{game.pk}/")
        _shows(page, 0)
        pages[seat] = page
    # the Starting Garrison is hired from cards offered beside the board, by name
    expect(pages[0].locator("#kc-stage")).to_contain_text("Starting Garrison")
    expect(pages[0].locator(".table-offered .cf-name").first).to_be_visible()
    expect(pages[1].locator(".table-offered")).to_have_count(0)
    plan: dict = {}
    seen: set[str] = set()
    clicked: dict[str, int] = {}
    for _ in range(MOVE_LIMIT):
        game = GameRecord.objects.get(pk=game.pk)
        state = game.state
        if fortress_damaged(state) or state["phase"] == "over":
            break
        seat = RULES.decision(state).seats[0]
        legal = RULES.legal_actions(state, seat)
        action = choose(state, seat, legal, plan)
        page = pages[seat]
        # only the deciding seat has a click table, and it offers exactly the legal actions
        table = table_moves(page)
        assert table is not None, f"seat {seat} must decide but has no click table"
        assert table_moves(pages[1 - seat]) is None
        assert len(table["moves"]) == len(legal)
        move = table["moves"][legal.index(action)]
        # when the player makes it by clicking the board (and Confirm)
        if click_toward(page, table, move):
            expect(page.locator("#table-hint")).to_contain_text(move["label"])
            page.locator("#table-confirm").click()
        _shows(page, game.version + 1)
        kind = action["type"] + ("-window" if state["window"] else "")
        if state["phase"] == "turn" and state["turn"]["stage"] == "defend" and not state["window"]:
            kind += "-defend"  # the attacked player's stay (done) or retreat
        clicked[kind] = clicked.get(kind, 0) + 1
        game = GameRecord.objects.get(pk=game.pk)
        assert list(game.actions[-1]) == [seat, action], "the click made another move"
        # then both boards show the new state, and neither shows the other's secrets
        for watcher_seat, watcher in pages.items():
            _shows(watcher, game.version)
            error = watcher.locator("#table-bar .table-error")
            assert error.count() == 0, error.first.text_content()
            expect(watcher.locator("#all-moves[open]")).to_have_count(0)
            assert_nothing_hidden_shows(watcher, game.state, watcher_seat)
            stack_before = "the stack" in seen
            check_board(watcher, game.state, watcher_seat, seen)
            if "the stack" in seen and not stack_before:
                photograph(watcher, f"stack-open-seat{watcher_seat + 1}")
    # a fortress took damage within the bound, and both boards show its HP and the log says so
    game = GameRecord.objects.get(pk=game.pk)
    assert fortress_damaged(game.state), f"no fortress damaged after {sum(clicked.values())} moves"
    for seat, page in pages.items():
        expect(page.locator("#recent-moves")).to_contain_text("fortress takes")
        check_a_unit_is_drawn_as_a_card(page)
        photograph(page, f"fortress-damaged-seat{seat + 1}")
    # every decision the issue names was made by clicking, and the board showed every thing
    for kind in ("hire", "done", "mulligan", "keep", "play", "move", "combat", "attack"):
        assert clicked.get(kind), (kind, clicked)
    for kind in ("commit", "retreat-defend", "done-defend", "pass-window", "end"):
        assert clicked.get(kind), (kind, clicked)
    assert set(seen) >= {
        "unit inside a structure",
        "the stack",
        "attachment",
        "stats changed",
        "damage marked",
        "Exhausted",
        "Active",
        "log",
    }, seen
    print(f"{sum(clicked.values())} moves by clicking: {clicked}")
