"""Winning (manual, "Winning the Game"): fortress damage, elimination, the last fortress
standing, time facts, and the table rules of games of three players."""

from __future__ import annotations

from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import fight, zones
from tests.gameplay.engine.kingdom_combat.helpers import (
    act,
    attack,
    board,
    put_structure,
    put_unit,
    targets,
)


def test_fortress_damage_is_permanent_and_sets_first_damage():
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", f"S{them}")
    before = state["players"][str(them)]["fortress"]["hp"]
    attack(state, (ogre, fight.fortress_target(them)))
    assert state["players"][str(them)]["fortress"]["hp"] == before - 4
    assert state["first_damage"] == me
    act(state, {"type": "end"})
    assert state["players"][str(them)]["fortress"]["hp"] == before - 4


def test_a_destroyed_fortress_eliminates_its_player_and_the_last_fortress_standing_wins():
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", f"S{them}")
    state["players"][str(them)]["fortress"]["hp"] = 3
    attack(state, (ogre, fight.fortress_target(them)))
    assert state["out"][them]
    assert state["phase"] == "over"
    result = KC.result(state)
    assert (result.winners, result.facts["end"]) == ([me], "fortress")
    assert result.life[them] == 0


def test_with_three_players_an_eliminated_player_leaves_and_the_others_play_on():
    # ruling K11
    state, me, them = board(seats=3)
    ogre = put_unit(state, me, "cinder-ogre", f"S{them}")
    theirs = put_unit(state, them, "sellsword", "B")
    post = put_structure(state, them, "trading-post")
    state["players"][str(them)]["fortress"]["hp"] = 1
    hand = list(state["players"][str(them)]["hand"])
    attack(state, (ogre, fight.fortress_target(them)))
    assert state["out"][them]
    assert state["phase"] == "turn"
    discard = state["players"][str(them)]["discard"]
    assert {theirs, post, *hand} <= set(discard)
    KC.check_invariants(state)


def test_several_attacked_players_answer_one_after_another_clockwise():
    # ruling K27
    state, me, _ = board(seats=3)
    left, right = (me + 1) % 3, (me + 2) % 3
    ogre = put_unit(state, me, "cinder-ogre", "B")
    rider = put_unit(state, me, "hedge-knight", "B")
    a = put_unit(state, left, "sellsword", "B")
    b = put_unit(state, right, "sellsword", "B")
    attack(state, (ogre, b), (rider, a))
    assert KC.decision(state).seats == (left,)
    act(state, {"type": "done"})
    assert KC.decision(state).seats == (right,)


def test_time_facts_are_fortress_hp_and_the_first_seat_to_damage_an_enemy_fortress():
    # ruling K14: the time-limit facts mid-game
    state, me, them = board()
    assert KC.time_facts(state) == {
        "life": {
            0: state["players"]["0"]["fortress"]["hp"],
            1: state["players"]["1"]["fortress"]["hp"],
        },
        "first_damage": None,
    }
    ogre = put_unit(state, me, "cinder-ogre", f"S{them}")
    put_unit(state, me, "sellsword", "B")
    attack(state, (ogre, fight.fortress_target(them)))
    facts = KC.time_facts(state)
    assert facts["first_damage"] == me
    assert facts["life"][them] == state["players"][str(them)]["fortress"]["start_hp"] - 4


# --- more than two players (K9's star around the one Battlefield) ---------------------------


def test_with_three_players_clear_the_way_counts_every_other_seats_unit_on_the_battlefield():
    # "You are not allowed to attack an opponent's Structures from the Battlefield until you
    # have defeated all opposing units currently in the Battlefield"
    state, me, a = board(seats=3)
    b = (me + 2) % 3
    rider = put_unit(state, me, "hedge-knight", "B")
    post = put_structure(state, a, "trading-post")
    guard = put_unit(state, b, "sellsword", "B", exhausted=True)
    outside = put_unit(state, a, "sellsword", f"S{a}", exhausted=True)
    # seat b's unit on the Battlefield protects seat a's buildings, not seat a's units
    assert targets(state, rider) == {guard, outside}
    zones.destroy_unit(state, guard)
    assert targets(state, rider) == {outside, post, fight.fortress_target(b)}
    zones.destroy_unit(state, outside)
    assert targets(state, rider) == {post, fight.fortress_target(a), fight.fortress_target(b)}


def test_with_three_players_a_mounted_attack_never_reaches_past_another_seats_unit():
    state, me, a = board(seats=3)
    b = (me + 2) % 3
    rider = put_unit(state, me, "hedge-knight", f"S{me}")
    post = put_structure(state, a, "trading-post")
    assert targets(state, rider) == {post}
    blocker = put_unit(state, b, "sellsword", "B", exhausted=True)
    assert targets(state, rider) == {blocker}


def test_with_three_players_the_last_fortress_standing_wins():
    # "The Victor: The last player with a Fortress still standing is the winner!"
    state, me, a = board(seats=3)
    b = (me + 2) % 3
    ogre = put_unit(state, me, "cinder-ogre", f"S{a}")
    raider = put_unit(state, me, "cinder-ogre", f"S{b}")
    state["players"][str(a)]["fortress"]["hp"] = 1
    state["players"][str(b)]["fortress"]["hp"] = 1
    attack(state, (ogre, fight.fortress_target(a)), (raider, fight.fortress_target(b)))
    assert state["out"] == [seat != me for seat in range(3)]
    assert state["phase"] == "over"
    assert KC.result(state).winners == [me]
