"""The Kingdom Combat board: what each seat sees of hands, garrisons, factions, the stack, the
units' stats and the log, and the words its buttons and moves use."""

from __future__ import annotations

import re

import pytest

from gameplay import services

pytestmark = pytest.mark.django_db


def play_the_setup(game, users: dict) -> None:
    """Play a Kingdom Combat game's Starting Garrisons and mulligans through the services: seat 1
    hires while it can, seat 0 hires nothing; both keep their hands."""
    from gameplay.engine import registry

    rules = registry.get("kingdom-combat")
    for _ in range(40):
        game.refresh_from_db()
        if game.state["phase"] == "turn":
            break
        seat = rules.decision(game.state).seats[0]
        legal = rules.legal_actions(game.state, seat)
        wanted = ("hire", "done", "keep") if seat == 1 else ("done", "keep")
        action = next(a for kind in wanted for a in legal if a["type"] == kind)
        services.game_act(
            game_id=game.pk, user=users[seat], action=action, expected_version=game.version
        )


def then_the_board_is_in_words(html: str) -> None:
    """Both players, fortress HP, gold, the three zones and the turn, in words."""
    for words in ("alice", "bob", "fortress HP", "Fortress Zone", "Structures Zone"):
        assert words in html
    assert "The Battlefield" in html
    assert "Turn 1:" in html


def then_my_hand_shows_and_theirs_is_a_count(html: str, state: dict) -> None:
    """Seat 0's hand drawn as cards; seat 1's only counted, no card of it named anywhere."""
    from gameplay.engine.kingdom_combat import cards

    mine = state["players"]["0"]["hand"]
    assert all(f'data-card="{cid}"' in html for cid in mine)
    theirs = state["players"]["1"]["hand"]
    assert not [cid for cid in theirs if f'data-card="{cid}"' in html]
    assert f"{len(theirs)} hidden cards" in html
    visible = {cards.card(state["cards"][c])["name"] for c in mine}
    visible |= {cards.card(state["cards"][u])["name"] for u in state["units"]}
    visible |= {
        cards.card(k)["name"] for p in state["players"].values() for k in p["fortress"]["cards"]
    }
    secret = {cards.card(state["cards"][c])["name"] for c in theirs} - visible
    assert secret
    assert not [name for name in secret if name in html]


def test_a_kingdom_combat_page_shows_the_player_their_hand_and_not_the_opponents(client, make_user):
    # given alice and bob past the Starting Garrison and the mulligans of a Kingdom Combat game
    alice, bob = make_user("alice"), make_user("bob")
    game = services.game_create(
        ruleset="kingdom-combat",
        seats=[{"user": alice.pk}, {"user": bob.pk}],
        created_by=alice,
        seed=5,
    )
    # (bob hires while he can, alice hires nothing; both keep their hands)
    play_the_setup(game, {0: alice, 1: bob})
    assert game.state["phase"] == "turn"
    # when alice opens the game page
    client.force_login(alice)
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    # then she sees the board in words: both players, fortress HP, gold, the three zones
    then_the_board_is_in_words(html)
    # and her own hand drawn as cards, bob's only as a count
    then_my_hand_shows_and_theirs_is_a_count(html, game.state)
    # and no button names a card by its id
    assert not [cid for cid in game.state["cards"] if f">Play {cid}<" in html]


def test_the_kingdom_combat_board_counts_an_opponents_face_down_garrison_without_drawing_it():
    # given seat 1 has hired its Starting Garrison face down (seat 2 now hires)
    from gameplay.engine import core, registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    state = core.new_game("kingdom-combat", seats=2, seed=11)
    hired = 0
    while (legal := rules.legal_actions(state, 0))[0]["type"] == "hire":
        core.play(state, 0, legal[0])
        hired += 1
    core.play(state, 0, {"type": "done"})
    assert hired
    names = {0: "ann", 1: "ben"}
    # when each player's board is drawn
    theirs = boards.kingdom_combat_board(rules.view(state, 1), names)
    mine = boards.kingdom_combat_board(rules.view(state, 0), names)
    # then ben sees how many units ann hired and where, but not which
    assert theirs["seats"][0]["face_down"] == hired
    assert theirs["seats"][0]["fortress_zone"] == []
    assert theirs["stage"].startswith("Setup: ben hires a Starting Garrison (")
    assert "starting gold left" in theirs["stage"]
    assert mine["stage"] == "Setup: ben hires a Starting Garrison"  # ben's gold is his own
    # and ann sees her own units, marked face down
    assert [u["status"] for u in mine["seats"][0]["fortress_zone"]] == ["face down"] * hired
    assert mine["seats"][0]["face_down"] == 0
    assert theirs["recent"][0] == "ann hires a unit face down"


def test_kingdom_combat_buttons_and_moves_name_cards_zones_and_fortresses_never_ids():
    # given random 2-4 player games, looked at by the seat to act after every action
    import random
    import re

    from gameplay.engine import core, registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    raw = re.compile(r"\b\d-\d\d\b|\bt\d+\b|\b[FS]\d\b|fortress-\d|hidden card")
    names = {n: f"Player{n}" for n in range(4)}
    found = []
    for seed in range(6):
        state = core.new_game(
            "kingdom-combat", seats=2 + seed % 3, seed=seed, options={"max_turns": 12}
        )
        rng = random.Random(seed)
        while rules.decision(state).kind != "terminal":
            seat = rules.decision(state).seats[0]
            legal = rules.legal_actions(state, seat)
            view = rules.view(state, seat)
            words = [boards.kingdom_combat_label(view, a, names) for a in legal]
            words += boards.kingdom_combat_board(view, names)["recent"]
            found += [w for w in words if raw.search(w)]
            core.play(state, seat, legal[rng.randrange(len(legal))])
    # then every button and every line of the latest moves is in words
    assert found == []


def test_kingdom_combat_pass_buttons_say_which_pass_they_are():
    from gameplay.engine import core, registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    view = rules.view(core.new_game("kingdom-combat", seats=2, seed=1), 0)
    labels = [
        boards.kingdom_combat_label(view, action, {0: "ann", 1: "ben"})
        for action in (
            {"type": "pass"},
            {"type": "pass", "window": True},
            {"type": "pass", "turn": True},
        )
    ]
    assert labels == ["Pass", "Pass until the stack resolves", "No responses this turn"]


def _kingdom_combat_in_turns(seed: int) -> dict:
    """A 2-player Kingdom Combat game whose garrisons are hired (first offer each time) and
    hands kept: the first turn, units face up in the Fortress Zones."""
    from gameplay.engine import core, registry

    rules = registry.get("kingdom-combat")
    state = core.new_game("kingdom-combat", seats=2, seed=seed)
    while state["phase"] in ("garrison", "mulligan"):
        seat = rules.decision(state).seats[0]
        core.play(state, seat, rules.legal_actions(state, seat)[0])
    return state


def test_kingdom_combat_cards_name_their_factions_never_the_slug():
    # given a game in turns, each seat's board drawn and rendered
    from django.template.loader import render_to_string

    from gameplay.engine import registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    state = _kingdom_combat_in_turns(seed=3)
    names = {0: "ann", 1: "ben"}
    for seat in (0, 1):
        view = rules.view(state, seat)
        board = boards.kingdom_combat_board(view, names)
        me = board["seats"][seat]
        faces = [*me["hand"], *me["fortress_faces"], *(u["face"] for u in me["fortress_zone"])]
        factions = {f for face in faces for f in face["factions"]}
        # then every card names its faction as the set does ("Sylvan Court", not "sylvan")
        assert factions
        assert factions <= {"Ironhold", "Sylvan Court", "Ashen Horde", "Mercenary"}, factions
        html = render_to_string(
            "gameplay/boards/kingdom-combat.html",
            {"detail": {"view": view, "seat": seat}, "names": names, "board": board},
        )
        shown = set(re.findall(r'class="cf-faction">([^<]*)<', html))
        assert shown
        assert not {"ironhold", "sylvan", "ashen", "mercenary"} & shown, shown
    # and an imported set's unknown faction is put in words
    assert boards.kc_faction_name("iron-pact") == "Iron Pact"


def test_the_kingdom_combat_stack_draws_a_ranged_shot_as_its_shooters_card():
    # given a shot on the stack: one unit of seat 1 shooting one of seat 2's for 3
    from gameplay.engine import registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    state = _kingdom_combat_in_turns(seed=3)
    view = rules.view(state, 0)
    shooter = next(u for u, unit in view["units"].items() if unit["seat"] == 0)
    target = next(u for u, unit in view["units"].items() if unit["seat"] == 1)
    view["stack"] = [{"seat": 0, "shooter": shooter, "target": target, "amount": 3}]
    # when the board is drawn
    stack = boards.kingdom_combat_board(view, {0: "ann", 1: "ben"})["stack"]
    # then the shot shows the shooter's card and says who shoots whom for how much
    name = boards.kc_cards.card(view["cards"][shooter])["name"]
    target_name = boards.kc_cards.card(view["cards"][target])["name"]
    assert stack[0]["face"]["name"] == name
    assert stack[0]["text"] == f"ann: {name} shoots {target_name} for 3"


def test_kingdom_combat_units_show_what_effects_make_of_their_stats_and_skills():
    # given a unit that gets +2 armor and Charge until the end of the turn (Raise Shields...)
    from django.template.loader import render_to_string

    from gameplay.engine import registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    state = _kingdom_combat_in_turns(seed=3)
    uid = next(u for u, unit in state["units"].items() if unit["seat"] == 0)
    printed = boards.kc_cards.card(state["cards"][uid])
    assert "Charge" not in printed["skills"]
    state["effects"].append({"unit": uid, "until": "end of turn", "armor": 2})
    state["effects"].append({"unit": uid, "until": "end of turn", "skill": "Charge"})
    # when either player's board is drawn
    names = {0: "ann", 1: "ben"}
    for seat in (0, 1):
        view = rules.view(state, seat)
        board = boards.kingdom_combat_board(view, names)
        unit = next(u for u in board["seats"][0]["fortress_zone"] if u["face"]["data_card"] == uid)
        # then the unit shows its armor now beside the printed one, and the granted skill
        armor = printed["stats"]["armor"]
        assert unit["changed"] == [{"short": "ARM", "value": armor + 2, "printed": armor}]
        assert unit["granted"] == ["Charge"]
        html = render_to_string(
            "gameplay/boards/kingdom-combat.html",
            {"detail": {"view": view, "seat": seat}, "names": names, "board": board},
        )
        assert f"ARM&nbsp;{armor + 2}</abbr> +Charge" in html
    # and an unchanged unit shows nothing more
    other = next(u for u in board["seats"][1]["fortress_zone"])
    assert other["changed"] == []
    assert other["granted"] == []


def test_the_kingdom_combat_log_scrolls_and_can_be_reached_by_keyboard():
    # given a game with moves made, its board rendered
    from django.template.loader import render_to_string

    from gameplay.engine import registry
    from gameplay.presentation import kingdom_combat as boards

    rules = registry.get("kingdom-combat")
    view = rules.view(_kingdom_combat_in_turns(seed=3), 0)
    names = {0: "ann", 1: "ben"}
    html = render_to_string(
        "gameplay/boards/kingdom-combat.html",
        {
            "detail": {"view": view, "seat": 0},
            "names": names,
            "board": boards.kingdom_combat_board(view, names),
        },
    )
    # then the latest moves (a region that scrolls) take the keyboard's focus (axe:
    # scrollable-region-focusable), newest first
    log = re.search(r'<ol class="kc-story" id="recent-moves"([^>]*)>(.*?)</ol>', html, re.S)
    assert 'tabindex="0"' in log.group(1)
    assert "Turn 1: ann has 3 gold" in log.group(2).split("</li>")[0]
