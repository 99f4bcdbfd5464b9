"""Combat: own decks and ownership, teams (alliance, as one), turn limit, views, options."""

from __future__ import annotations

import random

import pytest

from gameplay.engine import core
from gameplay.engine.combat import COMBAT, views

from .combat_helpers import act, actor, farms, hand, legal, new, soldiers, turn_of

DECK_A = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "JK"]
DECK_B = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "KS"]


def own_game(seed: int = 1) -> dict:
    return new(seed=seed, format="constructed", decks=[DECK_A, DECK_B])


# --- Ownership and control (own decks) -----------------------------------------------------


def test_own_decks_are_separate_draw_piles_and_copies_get_distinct_ids():
    state = core.new_game(
        "combat", seats=2, seed=3, options={"format": "sealed", "decks": [DECK_A, DECK_B]}
    )
    assert state["mode"] == "own"
    assert set(state["draw"]) == {"0", "1"}
    assert "KS" in state["owner"]
    assert "KS/2" in state["owner"]
    assert {state["owner"]["KS"], state["owner"]["KS/2"]} == {0, 1}
    for seat in ("0", "1"):
        assert all(str(state["owner"][c]) == seat for c in state["hands"][seat])
    COMBAT.check_invariants(state)


def test_a_stolen_soldier_goes_to_its_owners_discard_pile():
    # given seat 0 steals seat 1's 9 of hearts with the Joker, then a 3 destroys it
    state = own_game()
    hand(state, 0, "JK1", "3S")
    soldiers(state, 0, "4S")
    soldiers(state, 1, "9H")
    farms(state, 0, 4)
    turn_of(state, 0, "main")
    act(state, 0, {"type": "special", "card": "JK1", "target": "9H"})
    assert ["9H", 0] in state["soldiers"]["0"]
    assert state["owner"]["9H"] == 1
    act(state, 0, {"type": "special", "card": "3S", "target": "9H"})
    # then it is in seat 1's discard pile, the Joker and the 3 in seat 0's
    assert state["discard"]["1"] == ["9H"]
    assert set(state["discard"]["0"]) == {"JK1", "3S"}
    COMBAT.check_invariants(state)


def test_own_deck_formats_require_valid_decks():
    with pytest.raises(core.EngineError, match="one deck"):
        core.new_game("combat", seats=2, seed=1, options={"format": "draft"})
    with pytest.raises(core.EngineError, match="not a playing card"):
        core.new_game(
            "combat",
            seats=2,
            seed=1,
            options={"format": "draft", "decks": [DECK_A, [*DECK_B[:-1], "ZZ"]]},
        )
    with pytest.raises(core.EngineError, match="at least 8"):
        core.new_game(
            "combat", seats=2, seed=1, options={"format": "draft", "decks": [DECK_A, DECK_B[:5]]}
        )
    with pytest.raises(core.EngineError, match="do not pass decks"):
        core.new_game("combat", seats=2, seed=1, options={"decks": [DECK_A, DECK_B]})


def test_opponents_deck_list_is_hidden_in_own_deck_formats():
    state = own_game()
    view = COMBAT.view(state, 0)
    assert view["options"]["decks"] == [DECK_A, None]
    assert all(owner == 0 for owner in view["owner"].values())


# --- Teams: alliance -----------------------------------------------------------------------


def test_alliance_teammates_cannot_attack_each_other():
    state = new(seats=4, teams="alliance")
    assert state["team_of"] == [0, 1, 0, 1]
    soldiers(state, 0, "KS")
    turn_of(state, 0, "attack")
    assert {a["target"] for a in legal(state) if a["type"] == "attack"} == {1, 3}


def test_alliance_specials_name_only_players_of_the_other_team():
    # "opponent" in the 2's and the Joker's abilities: a teammate is not one
    state = new(seats=4, teams="alliance")
    hand(state, 0, "2S", "JK1")
    soldiers(state, 0, "4S")
    soldiers(state, 1, "5D")
    soldiers(state, 2, "6D")
    farms(state, 0, 2)
    turn_of(state, 0, "main")
    specials = [a for a in legal(state) if a["type"] == "special"]
    assert specials == [
        {"type": "special", "card": "2S", "opponent": 1},
        {"type": "special", "card": "JK1", "target": "5D"},
    ]


def test_alliance_team_loses_only_when_every_member_has_lost():
    state = new(seats=4, teams="alliance")
    state["life"]["1"] = 1
    state["damage_taken"]["1"] = 19
    soldiers(state, 0, "KS", "QS")
    turn_of(state, 0, "attack")
    act(state, 0, {"type": "attack", "card": "KS", "target": 1})
    act(state, 0, {"type": "attack", "card": "QS", "target": 3})
    assert state["out"] == [False, True, False, False]
    assert COMBAT.result(state) is None
    state["life"]["3"] = 1
    state["damage_taken"]["3"] = 19
    soldiers(state, 2, "JD")
    turn_of(state, 2, "attack")
    act(state, 2, {"type": "attack", "card": "JD", "target": 3})
    assert COMBAT.result(state).winners == [0, 2]


# --- Teams: as one -------------------------------------------------------------------------


def test_as_one_teams_share_thirty_life_and_a_turn():
    state = new(seats=4, teams="as-one")
    assert state["life"] == {"0": 30, "1": 30}
    assert state["units"] == [[0, 2], [1, 3]]
    soldiers(state, 0, "KS")
    soldiers(state, 2, "QS")
    turn_of(state, 0, "attack")
    # both members of the team attack in the same turn; the other team is one target
    assert actor(state) == 0
    assert {a["target"] for a in legal(state) if a["type"] == "attack"} == {1}
    act(state, 0, {"type": "attack", "card": "KS", "target": 1})
    assert actor(state) == 2
    act(state, 2, {"type": "attack", "card": "QS", "target": 1})
    assert state["life"]["1"] == 23
    assert COMBAT.time_facts(state)["life"] == {0: 30, 1: 23, 2: 30, 3: 23}


def test_as_one_either_member_blocks_and_one_blocker_stops_one_attacker_per_player():
    # ruling R8: the same right-side-up soldier may block attackers of different players
    state = new(seats=4, teams="as-one")
    soldiers(state, 0, "KS")
    soldiers(state, 2, "QS")
    soldiers(state, 3, "KD")
    turn_of(state, 0, "attack")
    act(state, 0, {"type": "attack", "card": "KS", "target": 1})
    act(state, 2, {"type": "attack", "card": "QS", "target": 1})
    # seat 1 has no soldiers: seat 3 (its teammate) blocks
    assert actor(state) == 3
    act(state, 3, {"type": "block", "card": "KD", "attacker": "KS"})
    act(state, 3, {"type": "block", "card": "KD", "attacker": "QS"})
    # then all three are speed 10 and strike at once; the king of diamonds splits its 4 points
    assert actor(state) == 3
    for target in ("KS", "KS", "KS", "KS"):
        act(state, 3, {"type": "damage", "card": "KD", "target": target})
    assert state["life"]["1"] == 30
    assert "KD" in state["discard"]["shared"]  # 4 + 3 damage
    assert "KS" in state["discard"]["shared"]


def test_as_one_team_needs_four_or_six_players():
    with pytest.raises(core.EngineError, match="4 or 6"):
        core.new_game("combat", seats=3, seed=1, options={"teams": "as-one"})
    state = core.new_game("combat", seats=6, seed=1, options={"teams": "as-one", "team_size": 3})
    assert state["units"] == [[0, 2, 4], [1, 3, 5]]


# --- Turn limit (ruling R12) ---------------------------------------------------------------


def test_turn_limit_highest_life_wins_then_first_damage_then_draw():
    state = new(max_turns=5)
    state["life"]["0"] = 12
    state["damage_taken"]["0"] = 8
    hand(state, 1, "5H")
    turn_of(state, 1, "main")
    act(state, 1, {"type": "end"})
    assert COMBAT.result(state).winners == [1]
    assert COMBAT.result(state).facts["reason"] == "turn limit"
    tied = new(max_turns=5)
    tied["first_damage"] = 0
    hand(tied, 1, "5H")
    turn_of(tied, 1, "main")
    act(tied, 1, {"type": "end"})
    assert COMBAT.result(tied).winners == [0]
    nobody = new(max_turns=5)
    hand(nobody, 1, "5H")
    turn_of(nobody, 1, "main")
    act(nobody, 1, {"type": "end"})
    assert COMBAT.result(nobody).winners == []


# --- Views and hidden information ----------------------------------------------------------


def _strings(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(v) for v in value.values()), set(value)) if value else set()
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value)) if value else set()
    return set()


def test_views_show_hands_as_counts_and_draw_piles_as_counts():
    state = core.new_game("combat", seats=3, seed=8)
    view = COMBAT.view(state, 1)
    assert isinstance(view["hands"]["1"], list)
    assert isinstance(view["hands"]["0"], int)
    assert all(isinstance(n, int) for n in view["draw"].values())
    assert not _strings(view) & views.hidden_cards(state, 1)
    spectator = COMBAT.view(state, None)
    assert all(isinstance(n, int) for n in spectator["hands"].values())
    assert not _strings(spectator) & views.hidden_cards(state, None)
    assert "log" not in view
    assert "seed" not in view  # it would reveal every shuffle


def test_determinize_samples_a_full_state_consistent_with_the_view():
    for options in ({}, {"format": "constructed", "decks": [DECK_A, DECK_B]}):
        state = core.new_game("combat", seats=2, seed=5, options=options)
        view = COMBAT.view(state, 0)
        sample = COMBAT.determinize(view, 0, random.Random(1))
        # then the sample looks the same from seat 0 and is a complete, legal position
        again = COMBAT.view(sample, 0)
        for key in ("hands", "draw", "soldiers", "discard", "life", "turn"):
            assert again[key] == view[key], key
        assert [len(f) for f in again["farms"].values()] == [len(f) for f in view["farms"].values()]
        seat = actor(sample)
        assert COMBAT.legal_actions(sample, seat) == COMBAT.legal_actions(state, seat)


def test_illegal_actions_say_why():
    state = new()
    hand(state, 0, "QH")
    farms(state, 0, 2)
    turn_of(state, 0, "main")
    with pytest.raises(core.IllegalAction, match="soldier of its suit"):
        COMBAT.apply(state, 0, {"type": "court", "card": "QH"})
    with pytest.raises(core.IllegalAction, match="not your turn"):
        COMBAT.apply(state, 1, {"type": "end"})


def test_action_labels_are_in_players_words():
    assert (
        COMBAT.describe_action({"type": "farm", "card": "QH"}) == "Play queen of hearts as a farm"
    )
    assert COMBAT.describe_action({"type": "attack", "card": "10S", "target": 1}) == (
        "Attack player 2 with 10 of spades"
    )
    assert "draw two" in COMBAT.describe_action({"type": "special", "card": "AH"})
