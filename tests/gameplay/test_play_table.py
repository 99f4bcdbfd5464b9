"""The play table's click paths (gameplay/table.py): over random reachable states of every engine
game, each legal action is reached by exactly one click path, each click path ends in a legal
action, and every thing a path clicks is drawn on the board."""

from __future__ import annotations

import random
import re

import pytest
from django.template.loader import render_to_string
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gameplay import boards, table
from gameplay.engine import core, registry
from gameplay.presentation import combat

GAMES = ("combat", "army", "conventional-combat", "rune-duel", "kingdom-combat")
NAMES = {0: "ann", 1: "bob"}


def reachable(slug: str, seed: int, steps: int) -> dict:
    """A state reached by `steps` random legal actions from a seeded deal."""
    state = core.new_game(slug, seats=2, seed=seed)
    ruleset = core.ruleset_of(state)
    rng = random.Random(seed)
    for _ in range(steps):
        seats = ruleset.decision(state).seats
        if not seats:
            break
        seat = rng.choice(list(seats))
        core.play(state, seat, rng.choice(ruleset.legal_actions(state, seat)))
    return state


def click_tree(moves: list[dict]) -> dict[tuple, list[int]]:
    """Click as table.js does, through every thing it offers: {clicks: moves completed}."""
    completed: dict[tuple, list[int]] = {}
    stack: list[tuple] = [()]
    while stack:
        clicks = stack.pop()
        here = [m for m in moves if tuple(m["path"][: len(clicks)]) == clicks]
        done = [m["i"] for m in here if len(m["path"]) == len(clicks)]
        offered = {m["path"][len(clicks)] for m in here if len(m["path"]) > len(clicks)}
        if done:
            completed[clicks] = done
            assert not offered, f"{clicks} is complete yet offers more: {offered}"
        stack.extend((*clicks, key) for key in offered)
    return completed


def tables(slug: str, state: dict):
    """(view, legal actions, click table) of each seat that must act."""
    ruleset = core.ruleset_of(state)
    for seat in ruleset.decision(state).seats:
        legal = ruleset.legal_actions(state, seat)
        view = ruleset.view(state, seat)
        labels = [
            boards.action_label(slug, view, a, ruleset.describe_action(a), NAMES) for a in legal
        ]
        yield view, legal, table.build(slug, view, legal, labels, NAMES)


@pytest.mark.parametrize("slug", GAMES)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 250))
def test_every_legal_action_is_one_click_path_and_every_path_a_legal_action(slug, seed, steps):
    state = reachable(slug, seed, steps)
    for _view, legal, clicks in tables(slug, state):
        moves = clicks["moves"]
        assert [m["i"] for m in moves] == list(range(len(legal)))
        assert table.problems([tuple(m["path"]) for m in moves]) == []
        completed = click_tree(moves)
        # each click path that completes names exactly one move, and every move is reached
        assert all(len(done) == 1 for done in completed.values())
        assert sorted(done[0] for done in completed.values()) == list(range(len(legal)))
        # the move a path names is the legal action at that index, with its words
        for m in moves:
            assert completed[tuple(m["path"])] == [m["i"]]
            assert m["label"]
            # players are named by their names, never "seat N"
            assert not re.search(r"\b[Ss]eat \d", m["label"]), m["label"]
        # the bar's one-click moves are worded, and second-step options too
        for key in {k for m in moves for k in m["path"][1:] if k.startswith("opt:")}:
            assert clicks["words"].get(key), key
        assert all(b["label"] for b in clicks["bar"])


PICKS = re.compile(r'data-(card|pick)="([^"]+)"')


@pytest.mark.parametrize("slug", GAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 250))
def test_every_thing_a_path_clicks_is_drawn_on_the_board(slug, seed, steps):
    state = reachable(slug, seed, steps)
    template = f"gameplay/boards/{slug}.html"
    for view, _legal, clicks in tables(slug, state):
        html = render_to_string(
            template,
            {
                "detail": {"view": view, "seat": view.get("viewer", view.get("seat"))},
                "names": NAMES,
                "board": boards.board_context(slug, view, NAMES),
            },
        )
        drawn = {("card:" if kind == "card" else "") + key for kind, key in PICKS.findall(html)}
        offered = {f"offer:{o['key']}" for o in boards.offer_faces(slug, clicks["offer"])}
        for m in clicks["moves"]:
            for key in m["path"]:
                if not key.startswith("opt:"):
                    assert key in drawn | offered, f"{key} of {m['label']!r} is not on the board"


def test_combat_main_step_plays_a_card_into_its_zone_and_attacks_name_the_player():
    state = core.new_game("combat", seats=2, seed=3)
    ruleset = core.ruleset_of(state)
    seat = ruleset.decision(state).seats[0]
    view = ruleset.view(state, seat)
    legal = ruleset.legal_actions(state, seat)
    clicks = table.build("combat", view, legal, [str(i) for i in range(len(legal))], NAMES)
    path = {tuple(m["path"]): legal[m["i"]] for m in clicks["moves"]}
    card = state["hands"][str(seat)][0]
    assert path[(f"card:{card}", f"zone:farms:{seat}")] == {"type": "farm", "card": card}
    assert path[("opt:end",)] == {"type": "end"}
    assert clicks["bar"] == [{"i": len(legal) - 1, "label": "End the main step"}]
    # an attacker, then the player it attacks; a blocker, then the attacker it blocks
    attack = combat.combat_paths(
        {"viewer": 0, "turn": {"step": "attack"}},
        [{"type": "attack", "card": "7H", "target": 1}, {"type": "done"}],
        NAMES,
    )
    assert attack[0] == [("card:7H", "seat:1"), ("opt:done",)]
    assert attack[2][1] == "Now choose the player it attacks."
    block = combat.combat_paths(
        {"viewer": 1, "turn": {"step": "block"}},
        [{"type": "block", "card": "9S", "attacker": "7H"}, {"type": "done"}],
        NAMES,
    )
    assert block[0][0] == ("card:9S", "card:7H")
    assert block[1]["opt:done"] == "Done blocking"


def kingdom_combat_until(reached, seed: int) -> dict:
    """A random Kingdom Combat game played until `reached(state)` (the first game from that
    seed on where it happens: some end without, say, a stack)."""
    for game_seed in range(seed, seed + 20):
        state = core.new_game("kingdom-combat", seats=2, seed=game_seed)
        ruleset = core.ruleset_of(state)
        rng = random.Random(game_seed)
        while (decision := ruleset.decision(state)).kind != "terminal":
            if reached(state):
                return state
            seat = decision.seats[0]
            core.play(state, seat, rng.choice(ruleset.legal_actions(state, seat)))
    raise AssertionError("never reached")


def kingdom_combat_stack_open(seed: int) -> dict:
    """A seat is asked to answer a card on the stack."""
    return kingdom_combat_until(lambda state: state["window"] and state["stack"], seed)


def test_kingdom_combat_done_says_what_it_ends_hiring_or_defending():
    # given a seat hiring its garrison, and later a seat answering an attack
    hiring = core.new_game("kingdom-combat", seats=2, seed=4)
    defending = kingdom_combat_until(
        lambda state: state["turn"] and state["turn"]["stage"] == "defend" and not state["window"],
        seed=4,
    )
    for state, words in ((hiring, "Done hiring"), (defending, "Done defending")):
        _view, legal, clicks = next(tables("kingdom-combat", state))
        # then the bar's button that ends the step says which step it ends
        bar = {b["label"]: legal[b["i"]] for b in clicks["bar"]}
        assert bar[words] == {"type": "done"}


def test_kingdom_combat_answering_the_stack_offers_three_distinct_passes_in_the_bar():
    # given a seat asked to answer a card or a shot on the stack
    state = kingdom_combat_stack_open(seed=2)
    _view, legal, clicks = next(tables("kingdom-combat", state))
    # then pass, pass until the stack resolves (K50) and no responses this turn are three
    # one-click moves of the bar, each with its own words
    assert table.problems([tuple(m["path"]) for m in clicks["moves"]]) == []
    bar = {b["label"]: legal[b["i"]] for b in clicks["bar"]}
    assert bar == {
        "Pass": {"type": "pass"},
        "Pass until the stack resolves": {"type": "pass", "window": True},
        "No responses this turn": {"type": "pass", "turn": True},
    }


def test_problems_names_repeated_paths_and_paths_that_start_others():
    assert table.problems([("card:a", "zone:x"), ("card:b",)]) == []
    assert table.problems([("card:a",), ("card:a",)]) == ["two actions share the path ('card:a',)"]
    assert table.problems([("card:a",), ("card:a", "zone:x")]) == [
        "('card:a',) is complete and also the start of ('card:a', 'zone:x')"
    ]


@pytest.mark.django_db
def test_the_game_page_carries_the_click_table_and_every_move_as_a_form(client, human_vs_bot):
    from gameplay import services

    user, game = human_vs_bot
    services.game_bots_play(game_id=game.pk)
    client.force_login(user)
    page = client.get(f"/games/{game.pk}/")
    html = page.content.decode()
    moves = page.context["table"]["moves"]
    assert len(moves) == len(page.context["actions"]) > 0
    assert '<script id="table-moves" type="application/json">' in html
    # the full list is collapsed; each move is a plain form the table's Confirm submits
    assert '<details class="all-moves card" id="all-moves">' in html
    for m in moves:
        assert f'id="act-{m["i"]}"' in html
    # one-click moves (end the step) sit in the sticky bar as forms of their own
    assert 'class="table-bar"' in html
    for move in page.context["table"]["bar"]:
        assert f'value="{move["value"].replace(chr(34), "&quot;")}"' in html


@pytest.mark.django_db
def test_a_refused_move_shows_the_engines_reason_in_the_bar(client, human_vs_bot):
    from gameplay import services
    from gameplay.models import GameRecord

    user, game = human_vs_bot
    services.game_bots_play(game_id=game.pk)
    game = GameRecord.objects.get(pk=game.pk)
    client.force_login(user)
    seat = game.seats.get(user=user).number
    other = next(
        c for c in ("AS", "KH", "QD", "JC", "10S") if c not in game.state["hands"][str(seat)]
    )
    response = client.post(
        f"/games/{game.pk}/act/",
        {"action": f'{{"type": "farm", "card": "{other}"}}', "version": game.version},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert response.context["error"] == "That card is not in your hand."
    html = response.content.decode()
    assert 'class="message error table-error" role="alert">That card is not in your hand.' in html
    assert GameRecord.objects.get(pk=game.pk).version == game.version


def test_rune_duel_target_words_name_the_player_whose_line_it_is():
    # given a spell's target choice on the other player's line (the engine says "seat 2")
    action = {"type": "target", "seat": 1, "slot": 2}
    words = registry.get("rune-duel").describe_action(action)
    # then the button and the replay's last action name bob, counted from seat 1 as the engine
    expected = "Target the creature in slot 2 of bob's line"
    assert boards.action_label("rune-duel", {}, action, words, NAMES) == expected
    assert boards.action_words("rune-duel", words, NAMES) == expected
    # and other games' words are left as the engine wrote them
    assert boards.action_words("combat", "Attack seat 2", NAMES) == "Attack seat 2"
