"""Combat (manual, "Combat Stage", "Combat Basics", "Advanced Combat", skills) and winning."""

from __future__ import annotations

import copy

import pytest

from gameplay.engine.core import IllegalAction
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import fight, flow, zones
from tests.gameplay.engine.kingdom_combat.helpers import (
    act,
    attack,
    board,
    finish_defence,
    legal,
    pass_windows,
    put_structure,
    put_unit,
    targets,
    to_hand,
)

# --- damage arithmetic (ruling K15: the manual's three statements in one rule) ---------------


@pytest.mark.parametrize(("damage", "hp_left"), [(1, 3), (2, 2), (3, 2), (4, 1), (5, 1), (6, 0)])
def test_veteran_knight_two_armor_three_hp_worked_example(damage, hp_left):
    state, _me, them = board()
    knight = put_unit(state, them, "veteran-knight", f"F{them}")
    fight.damage_unit(state, knight, damage)
    if hp_left == 0:
        assert knight not in state["units"]
        assert knight in state["players"][str(them)]["discard"]
    else:
        assert state["units"][knight]["hp"] == hp_left


@pytest.mark.parametrize(("damage", "hp_left"), [(3, 1), (6, 0)])
def test_three_armor_two_hp_worked_example(damage, hp_left):
    state, _me, them = board()
    knight = put_unit(state, them, "iron-knight", f"F{them}")  # 3 armor, 2 HP
    fight.damage_unit(state, knight, damage)
    assert state["units"].get(knight, {"hp": 0})["hp"] == hp_left


def test_damage_adds_up_over_the_turn_and_partial_damage_heals_at_its_end():
    state, _me, them = board()
    knight = put_unit(state, them, "veteran-knight", f"F{them}")
    fight.damage_unit(state, knight, 1)
    assert state["units"][knight]["hp"] == 3
    fight.damage_unit(state, knight, 1)  # 2 this turn = one armor's worth
    assert state["units"][knight]["hp"] == 2
    fight.damage_unit(state, knight, 1)
    flow.end_turn(state)
    assert (state["units"][knight]["hp"], state["units"][knight]["damage"]) == (2, 0)


# --- declaring ------------------------------------------------------------------------------


def test_targets_within_one_zone_mounted_two_never_past_an_opposing_unit():
    state, me, them = board()
    foot = put_unit(state, me, "sellsword", f"S{me}")
    rider = put_unit(state, me, "hedge-knight", f"S{me}")
    near = put_unit(state, them, "sellsword", "B")
    assert targets(state, foot) == {near}
    # the Mounted rider reaches the opposing Structures Zone only while B is clear
    assert targets(state, rider) == {near}
    zones.destroy_unit(state, near)
    post = put_structure(state, them, "trading-post")
    assert targets(state, rider) == {post}
    assert targets(state, foot) == set()


def test_clear_the_way_no_structure_or_fortress_from_the_battlefield_while_an_enemy_stands_there():
    state, me, them = board()
    rider = put_unit(state, me, "hedge-knight", "B")
    post = put_structure(state, them, "trading-post")
    guard = put_unit(state, them, "sellsword", "B", exhausted=True)
    assert targets(state, rider) == {guard}
    zones.destroy_unit(state, guard)
    assert targets(state, rider) == {post, fight.fortress_target(them)}


def test_all_attackers_are_declared_at_once_and_exhausted():
    state, me, them = board()
    a = put_unit(state, me, "sellsword", "B")
    b = put_unit(state, me, "sellsword", "B")
    victim = put_unit(state, them, "wandering-monk", "B", exhausted=True)
    act(state, {"type": "combat"})
    act(state, {"type": "attack", "unit": a, "target": victim})
    assert state["units"][a]["exhausted"]
    assert {x["unit"] for x in legal(state) if x["type"] == "attack"} == {b}
    act(state, {"type": "commit"})
    assert state["turn"]["stage"] == "post"  # the exhausted monk had no choice: damage done
    with pytest.raises(IllegalAction):
        KC.apply(state, me, {"type": "attack", "unit": b, "target": victim})


def test_attackers_stay_in_their_zone():
    # ruling K23
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", f"S{them}")
    attack(state, (ogre, fight.fortress_target(them)))
    assert state["units"][ogre]["zone"] == f"S{them}"


# --- defending ------------------------------------------------------------------------------


def test_an_active_attacked_unit_may_retreat_one_zone_exhausted_and_takes_no_damage():
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", f"S{me}")
    scout = put_unit(state, them, "sellsword", "B")
    attack(state, (ogre, scout))
    assert KC.decision(state).seats == (them,)
    assert {"type": "retreat", "unit": scout} in legal(state)
    act(state, {"type": "retreat", "unit": scout})
    finish_defence(state)
    unit = state["units"][scout]
    assert (unit["zone"], unit["exhausted"], unit["hp"], unit["damage"]) == (f"S{them}", True, 1, 0)


def test_exhausted_and_fortress_units_cannot_retreat():
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", f"S{them}")
    ogre2 = put_unit(state, me, "cinder-ogre", "B")
    home = put_unit(state, them, "veteran-knight", f"F{them}")
    tired = put_unit(state, them, "veteran-knight", f"S{them}", exhausted=True)
    attack(state, (ogre, home), (ogre2, tired))
    assert not [a for a in legal(state, them) if a["type"] == "retreat"]


def test_joined_defenders_add_their_defense_and_take_damage_front_first():
    # the manual's example: 4 damage destroys the first two of three joined defenders,
    # their combined 6 defense destroys the attacker
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")  # attack 4, armor 3, 2 HP: 6 destroys it
    front = put_unit(state, them, "hedge-knight", f"S{them}")  # defense 2, armor 2, 1 HP
    second = put_unit(state, them, "hedge-knight", f"S{them}")
    third = put_unit(state, them, "hedge-knight", f"S{them}")
    attack(state, (ogre, front))
    act(state, {"type": "join", "unit": second, "battle": 0})
    act(state, {"type": "join", "unit": third, "battle": 0})
    finish_defence(state)
    assert ogre not in state["units"]
    assert front not in state["units"]
    assert second not in state["units"]
    assert state["units"][third]["hp"] == 1
    assert state["units"][third]["exhausted"]  # joining in is an action


def test_combat_basics_worked_example_four_on_two_armor_destroys_two_on_four_lingers():
    # "the attacker is doing 4 damage to the defender's 2 armor which is enough damage to
    # destroy the defender. The defender is only doing 2 damage to the attacker's 4 armor so it
    # will survive as long as 2 more points of damage are not done to it before the end of the
    # turn."
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")  # attack 4, armor 3
    state["units"][ogre]["hp"] = 1  # a one-life attacker, as in the picture
    shield = to_hand(state, me, "tower-shield")  # +1 armor: 4
    state["players"][str(me)]["gold"] = 5
    act(state, {"type": "play", "card": shield, "target": ogre})
    assert fight.armor(state, ogre) == 4
    defender = put_unit(state, them, "hedge-knight", "B", exhausted=True)  # defense 2, armor 2
    attack(state, (ogre, defender))
    assert defender not in state["units"]
    assert (state["units"][ogre]["hp"], state["units"][ogre]["damage"]) == (1, 2)
    # two more points this turn would destroy it ...
    hit_again = copy.deepcopy(state)
    fight.damage_unit(hit_again, ogre, 2)
    assert ogre not in hit_again["units"]
    # ... otherwise the damage is cleared at the End of Turn
    act(state, {"type": "end"})
    pass_windows(state)
    assert (state["units"][ogre]["hp"], state["units"][ogre]["damage"]) == (1, 0)


@pytest.mark.parametrize(
    ("attacker", "knight_left", "scout_left"),
    [("hedge-knight", True, True), ("veteran-knight", False, True), ("cinder-ogre", False, False)],
)
def test_joining_worked_example_the_knight_in_front_takes_three_before_the_scout(
    attacker, knight_left, scout_left
):
    # "Imagine you join a Scout (1 Armor) and a Knight (3 Armor) to defend: Total Armor 4.
    # You put the Knight in front. The enemy must deal 3 damage just to get past the Knight
    # before they can even touch the Scout." Attacks of 2, 3 and 4 against that stack.
    state, me, them = board()
    enemy = put_unit(state, me, attacker, f"S{me}")
    scout = put_unit(state, them, "glade-scout", "B")  # armor 1, 1 HP
    knight = put_unit(state, them, "iron-knight", "B")  # armor 3
    state["units"][knight]["hp"] = 1  # one life left: 3 damage gets past it
    attack(state, (enemy, scout))
    act(state, {"type": "join", "unit": knight, "battle": 0, "front": True})
    finish_defence(state)
    assert (knight in state["units"], scout in state["units"]) == (knight_left, scout_left)
    if knight_left:
        assert state["units"][knight]["damage"] == 2  # 2 is less than its 3 armor
    if scout_left:
        assert state["units"][scout]["damage"] == 0  # nothing reached the Scout


def test_the_defender_chooses_the_order_a_joiner_may_stand_in_front_of_the_attacked_unit():
    # ruling K24, "You choose the order of the units in the stack": put the Knight in front
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", f"S{me}")  # attack 4
    scout = put_unit(state, them, "glade-scout", "B")  # armor 1, defense 1
    knight = put_unit(state, them, "veteran-knight", "B")  # armor 2, 3 HP, defense 3
    attack(state, (ogre, scout))
    assert {"type": "join", "unit": knight, "battle": 0} in legal(state)
    act(state, {"type": "join", "unit": knight, "battle": 0, "front": True})
    finish_defence(state)
    assert state["units"][knight]["hp"] == 1  # the 4 damage stopped at the Knight
    assert (state["units"][scout]["hp"], state["units"][scout]["damage"]) == (1, 0)
    assert state["units"][ogre]["hp"] == 1  # 1 + 3 defense together on 3 armor


def test_joined_units_separate_after_combat():
    # "If they are out in the open, they are treated as separate units again for the rest of
    # the turn": a shot after combat hits its target alone, not the one that stood in front
    state, me, them = board()
    foot = put_unit(state, me, "ironhold-footman", f"S{me}")  # attack 1
    archer = put_unit(state, me, "thornbow-archer", f"S{me}")  # Ranged 2
    knight = put_unit(state, them, "iron-knight", "B")  # armor 3, 2 HP
    scout = put_unit(state, them, "glade-scout", "B")  # armor 1
    attack(state, (foot, knight))
    act(state, {"type": "join", "unit": scout, "battle": 0})
    finish_defence(state)
    assert (state["units"][knight]["hp"], state["units"][knight]["damage"]) == (2, 1)
    act(state, {"type": "shoot", "unit": archer, "target": scout})
    assert scout not in state["units"]
    assert (state["units"][knight]["hp"], state["units"][knight]["damage"]) == (2, 1)


def test_a_trapped_unit_is_not_offered_a_retreat():
    # "If your Structure Zone is occupied by an opponent's unit ... your unit cannot retreat"
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")
    put_unit(state, me, "sellsword", f"S{them}", exhausted=True)
    scout = put_unit(state, them, "glade-scout", "B")
    attack(state, (ogre, scout))
    assert state["turn"]["stage"] == "post"  # no choice to make: it stayed and fought
    assert scout not in state["units"]


def test_without_charge_damage_is_simultaneous():
    state, me, them = board()
    sword = put_unit(state, me, "sellsword", f"S{me}")  # attack 2
    foot = put_unit(state, them, "ironhold-footman", "B", exhausted=True)  # defense 2, armor 1
    attack(state, (sword, foot))
    assert sword not in state["units"]
    assert foot not in state["units"]


def test_charge_strikes_first_and_a_destroyed_defender_deals_no_damage():
    state, me, them = board()
    raider = put_unit(state, me, "horde-raider", f"S{me}")  # attack 2, Charge, armor 1
    foot = put_unit(state, them, "ironhold-footman", "B", exhausted=True)
    attack(state, (raider, foot))
    assert foot not in state["units"]
    assert state["units"][raider]["hp"] == 1


def test_charge_defender_that_survives_still_strikes_back():
    state, me, them = board()
    raider = put_unit(state, me, "horde-raider", f"S{me}")  # 2 damage first
    knight = put_unit(state, them, "veteran-knight", "B", exhausted=True)  # armor 2, 3 HP, def 3
    attack(state, (raider, knight))
    assert state["units"][knight]["hp"] == 2
    assert raider not in state["units"]


def test_a_defender_shields_a_structure_up_to_its_armor_and_the_overflow_hits_it():
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")  # attack 4
    post = put_structure(state, them, "free-company-guildhall")  # 5 HP
    guard = put_unit(state, them, "shieldwall-sergeant", f"S{them}")  # armor 2, defense 3
    attack(state, (ogre, post))
    act(state, {"type": "join", "unit": guard, "battle": 0})
    finish_defence(state)
    assert guard not in state["units"]  # 2 damage = its armor: its only HP
    assert state["structures"][post]["hp"] == 5 - 2
    assert state["units"][ogre]["hp"] == 1  # the sergeant's 3 defense = the ogre's 3 armor
    assert state["units"][ogre]["damage"] == 0  # 3 defense on 3 armor: one HP, no remainder


def test_a_multi_hp_defender_shields_a_structure_with_one_armors_worth_and_loses_one_hp():
    # "Defending a Structure", "a simpler way ... when structures and high-health units are
    # involved": the unit absorbs damage up to its Armor value; the overflow hits the structure
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")  # attack 4, armor 3
    hall = put_structure(state, them, "free-company-guildhall")  # 5 HP
    knight = put_unit(state, them, "veteran-knight", f"S{them}")  # armor 2, 3 HP, defense 3
    attack(state, (ogre, hall))
    act(state, {"type": "join", "unit": knight, "battle": 0})
    finish_defence(state)
    assert (state["units"][knight]["hp"], state["units"][knight]["damage"]) == (2, 0)
    assert state["structures"][hall]["hp"] == 5 - 2
    assert state["units"][ogre]["hp"] == 1  # the knight's 3 defense on the ogre's 3 armor


def test_an_undefended_structure_takes_the_full_attack_and_is_destroyed_at_zero():
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")
    post = put_structure(state, them, "trading-post")  # 3 HP
    attack(state, (ogre, post))
    assert post not in state["structures"]
    assert post in state["players"][str(them)]["discard"]
    assert state["players"][str(them)]["structures"] == []


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


def test_etherial_prevents_one_damage_from_each_source():
    # ruling K17: one attacker of 1 does nothing; 2 + 1 from two attackers lets 1 through
    state, me, them = board()
    foot = put_unit(state, me, "ironhold-footman", "B")  # attack 1
    monk = put_unit(state, them, "wandering-monk", "B", exhausted=True)  # Etherial, armor 1
    sword = put_unit(state, me, "sellsword", "B")  # attack 2
    foot2 = put_unit(state, me, "ironhold-footman", "B")
    wisp = put_unit(state, them, "wisp-guardian", "B", exhausted=True)  # Etherial, armor 1
    attack(state, (foot, monk), (sword, wisp), (foot2, wisp))
    assert state["units"][monk]["hp"] == 1
    assert state["units"][monk]["damage"] == 0
    assert wisp not in state["units"]


def test_a_token_leaving_play_ceases_to_exist():
    # ruling K12
    state, me, _them = board()
    token = "t0"
    state["cards"][token] = "levy-militia"
    state["owner"][token] = me
    state["units"][token] = _unit(me)
    fight.damage_unit(state, token, 5)
    assert token not in state["cards"]
    KC.check_invariants(state)


def _unit(seat: int) -> dict:
    return {
        "seat": seat,
        "zone": f"F{seat}",
        "in": None,
        "exhausted": False,
        "hp": 1,
        "damage": 0,
        "face_down": False,
    }


def test_armor_below_one_counts_as_one():
    # ruling K16: every point of damage then costs an HP
    state, _me, them = board()
    knight = put_unit(state, them, "veteran-knight", f"F{them}")
    state["effects"].append({"unit": knight, "armor": -5, "until": "end of turn"})
    fight.damage_unit(state, knight, 2)
    assert state["units"][knight]["hp"] == 1


def test_an_attack_on_a_retreated_unit_deals_nothing_and_attackers_are_still_spent():
    # ruling K26
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")
    scout = put_unit(state, them, "sellsword", "B")
    attack(state, (ogre, scout))
    act(state, {"type": "retreat", "unit": scout})
    finish_defence(state)
    assert state["units"][ogre]["exhausted"]
    assert state["units"][scout]["hp"] == 1
    assert state["units"][ogre]["damage"] == 0


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
