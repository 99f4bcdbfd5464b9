"""The stages of a turn (manual, "Stages of a Turn"): what happens automatically, and exactly
which actions each stage offers."""

from __future__ import annotations

from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import flow

from .helpers import act, legal, put_structure, put_unit, started, types


def pass_turn(state: dict) -> None:
    """The seat to act goes straight to the end of its turn."""
    act(state, {"type": "combat"})
    if state["turn"]["stage"] == "combat":
        act(state, {"type": "commit"})
    act(state, {"type": "end"})


def test_beginning_resets_gold_readies_collects_income_and_draws():
    # given the first player ends its turn with gold left and an exhausted unit
    state = started(seed=2)
    me = state["turn"]["seat"]
    knight = put_unit(state, me, "iron-knight" if me == 0 else "warg-rider", f"F{me}", True)
    mint = put_structure(state, me, "royal-mint" if me == 0 else "ember-forge")
    pass_turn(state)
    player = state["players"][str(me)]
    hand = len(player["hand"])
    # when its next turn begins
    pass_turn(state)
    # then its unspent gold was cleared and it collects fortress + structure income only
    produced = player["fortress"]["gold_per_turn"] + 2
    assert player["gold"] == produced
    assert state["structures"][mint]["seat"] == me
    # and its unit is Active again, and it drew one card
    assert not state["units"][knight]["exhausted"]
    assert len(player["hand"]) == hand + 1


def test_readying_is_only_for_the_seat_whose_turn_begins():
    state = started(seed=2)
    me = state["turn"]["seat"]
    theirs = put_unit(state, 1 - me, "sellsword", f"F{1 - me}", exhausted=True)
    mine = put_unit(state, me, "sellsword", f"F{me}", exhausted=True)
    pass_turn(state)
    assert not state["units"][theirs]["exhausted"]
    assert state["units"][mine]["exhausted"]


def test_pre_combat_offers_plays_moves_and_going_to_combat_only():
    state = started(seed=4, hires={0: ["ironhold-footman"], 1: ["horde-raider"]})
    offered = types(legal(state))
    assert offered <= {"play", "move", "combat"}
    assert {"move", "combat"} <= offered
    me = state["turn"]["seat"]
    assert KC.legal_actions(state, 1 - me) == []  # the opponent has nothing to do now


def test_combat_stage_offers_declarations_and_commit_then_post_combat_offers_end():
    state = started(seed=4)
    me = state["turn"]["seat"]
    put_unit(state, me, "sellsword", "B")
    put_unit(state, 1 - me, "sellsword", "B", exhausted=True)
    act(state, {"type": "combat"})
    assert state["turn"]["stage"] == "combat"
    assert types(legal(state)) == {"attack", "commit"}
    act(state, {"type": "commit"})
    assert state["turn"]["stage"] == "post"
    offered = types(legal(state))
    assert "end" in offered
    assert not offered & {"combat", "attack", "commit"}


def test_combat_stage_passes_by_itself_when_nothing_can_attack():
    state = started(seed=4)
    act(state, {"type": "combat"})
    assert state["turn"]["stage"] == "post"
    assert state["combat"] is None


def test_post_combat_moves_only_units_still_active():
    state = started(seed=4)
    me = state["turn"]["seat"]
    rested = put_unit(state, me, "sellsword", f"F{me}", exhausted=True)
    ready = put_unit(state, me, "sellsword", f"F{me}")
    act(state, {"type": "combat"})
    moved = {a["unit"] for a in legal(state) if a["type"] == "move"}
    assert ready in moved
    assert rested not in moved


def test_end_of_turn_heals_partial_damage_but_not_lost_hp_and_ends_until_end_of_turn_effects():
    state = started(seed=4)
    me = state["turn"]["seat"]
    veteran = put_unit(state, 1 - me, "veteran-knight", f"F{1 - me}")
    state["units"][veteran].update(hp=2, damage=1)
    state["effects"] = [
        {"unit": veteran, "armor": 2, "until": "end of turn"},
        {"unit": veteran, "attack": 1, "until": "attached"},
    ]
    pass_turn(state)
    assert state["units"][veteran]["damage"] == 0
    assert state["units"][veteran]["hp"] == 2
    assert state["effects"] == [{"unit": veteran, "attack": 1, "until": "attached"}]


def test_drawing_from_an_empty_deck_does_nothing():
    # ruling K6: no card, no loss
    state = started(seed=5)
    other = 1 - state["turn"]["seat"]
    player = state["players"][str(other)]
    player["discard"].extend(player["deck"])
    player["deck"].clear()
    hand = len(player["hand"])
    pass_turn(state)
    assert state["turn"]["seat"] == other
    assert len(player["hand"]) == hand
    assert state["phase"] == "turn"


def test_turn_limit_highest_fortress_hp_wins_then_first_fortress_damage_then_draw():
    # ruling K14
    state = started(seed=6, max_turns=2)
    state["players"]["0"]["fortress"]["hp"] = 20
    state["players"]["1"]["fortress"]["hp"] = 21
    pass_turn(state)
    pass_turn(state)
    assert (state["end"], state["winners"]) == ("time", [1])
    tie = started(seed=6, max_turns=2)
    for seat in "01":
        tie["players"][seat]["fortress"]["hp"] = 15
    tie["first_damage"] = 0
    flow.finish_by_time(tie)
    assert tie["winners"] == [0]
    tie["first_damage"] = None
    flow.finish_by_time(tie)
    assert tie["winners"] == []
    assert KC.result(tie).winners == []


def test_turns_pass_clockwise_and_skip_eliminated_seats():
    state = started(seats=3, seed=1)
    first = state["turn"]["seat"]
    skipped = (first + 1) % 3
    flow.eliminate(state, skipped)
    pass_turn(state)
    assert state["turn"]["seat"] == (first + 2) % 3
