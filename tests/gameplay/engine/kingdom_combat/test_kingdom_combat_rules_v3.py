"""Rules version 3: the manual's text where version 2's rulings departed from it.

K27 "All units involved deal their damage simultaneously": a combat's damage is dealt at once,
then what it destroyed falls (with the bonuses it gave). K23 "Move them into the fight":
attackers move to their battle's zone, except another player's Fortress Zone. K40 "Your
opponent can play Dirty Tricks or card effects during this time": an attacked seat may use its
activated abilities while the attack is answered. Version 2 games keep their own rules.
"""

from __future__ import annotations

import pytest

from gameplay.engine import core
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import effects, fight

from .helpers import ASH, IRON, SLUG, act, legal, put_structure, put_unit, skip_setup


def board(version: str = "3") -> tuple[dict, int, int]:
    """A game of that rules version at the first player's pre-combat stage, no units."""
    options = {"decks": [IRON, ASH]}
    state = skip_setup(core.new_game(SLUG, seats=2, options=options, seed=4, version=version))
    me = state["turn"]["seat"]
    return state, me, 1 - me


def attack(state: dict, *pairs: tuple[str, str]) -> None:
    act(state, {"type": "combat"})
    for unit, target in pairs:
        act(state, {"type": "attack", "unit": unit, "target": target})
    act(state, {"type": "commit"})


def finish(state: dict) -> None:
    while state["turn"]["stage"] == "defend":
        act(state, {"type": "done"})
    assert state["turn"]["stage"] == "post"


def watchtower_fight(version: str, tower_first: bool) -> tuple[dict, str]:
    """A Footman inside a Stone Watchtower (armor 1 + 1) is hit for 1 while the tower (5 HP)
    takes 6 and falls; the attacks declared in either order."""
    state, me, them = board(version)
    tower = put_structure(state, them, "stone-watchtower")
    footman = put_unit(state, them, "ironhold-footman", f"S{them}", exhausted=True)
    assert state["units"][footman]["in"] == tower
    poke = put_unit(state, me, "ironhold-footman", "B")  # attack 1
    wreckers = [put_unit(state, me, "cinder-ogre", "B"), put_unit(state, me, "sellsword", "B")]
    on_tower = [(w, tower) for w in wreckers]
    pairs = [*on_tower, (poke, footman)] if tower_first else [(poke, footman), *on_tower]
    attack(state, *pairs)
    finish(state)
    assert tower not in state["structures"]
    return state, footman


@pytest.mark.parametrize("tower_first", [False, True])
def test_a_footman_in_a_falling_watchtower_hit_for_one_survives_in_either_order(tower_first):
    # K27: the Footman takes its 1 with the tower's armor; the tower falls afterwards
    state, footman = watchtower_fight("3", tower_first)
    unit = state["units"][footman]
    assert (unit["hp"], unit["in"]) == (1, None)
    assert unit["damage"] < fight.armor(state, footman)  # the lost bonus costs no HP


def test_under_rules_version_2_the_battles_resolve_one_after_another():
    # a recorded version-2 game plays on as it was: the tower's battle first kills the Footman
    state, footman = watchtower_fight("2", tower_first=False)
    assert footman in state["units"]
    state, footman = watchtower_fight("2", tower_first=True)
    assert footman not in state["units"]


@pytest.mark.parametrize("aldric_first", [False, True])
def test_aldrics_defense_bonus_counts_in_every_battle_of_the_combat_he_dies_in(aldric_first):
    state, me, them = board()
    aldric = put_unit(state, them, "lord-commander-aldric", "B", exhausted=True)
    state["units"][aldric]["hp"] = 1  # 3 armor: the ogre's 4 destroys him
    guard = put_unit(state, them, "sellsword", "B", exhausted=True)  # defense 2 + 1
    killer = put_unit(state, me, "cinder-ogre", f"S{me}")
    victim = put_unit(state, me, "cinder-ogre", f"S{me}")
    state["units"][victim]["hp"] = 1  # 3 armor: the guard's 3 destroys it, 2 would not
    pairs = [(killer, aldric), (victim, guard)]
    attack(state, *(pairs if aldric_first else pairs[::-1]))
    finish(state)
    assert aldric not in state["units"]
    assert guard not in state["units"]
    assert victim not in state["units"]


@pytest.mark.parametrize("grakka_first", [False, True])
def test_grakkas_attack_bonus_counts_in_every_battle_of_the_combat_he_dies_in(grakka_first):
    state, me, them = board()
    grakka = put_unit(state, me, "warchief-grakka", f"S{me}")  # Charge 6
    state["units"][grakka]["hp"] = 1  # Aldric's 4 back destroys him
    raider = put_unit(state, me, "sellsword", f"S{me}")  # attack 2 + 1
    aldric = put_unit(state, them, "lord-commander-aldric", "B", exhausted=True)  # takes 6 of 9
    ogre = put_unit(state, them, "cinder-ogre", "B", exhausted=True)
    state["units"][ogre]["hp"] = 1  # 3 armor: 3 destroys it, 2 would not
    pairs = [(grakka, aldric), (raider, ogre)]
    attack(state, *(pairs if grakka_first else pairs[::-1]))
    finish(state)
    assert grakka not in state["units"]
    assert aldric in state["units"]
    assert ogre not in state["units"]


def test_a_charge_attacker_still_strikes_first_across_the_combat():
    # K29 with K27: what Charge destroys deals nothing back, in any battle of the combat
    state, me, them = board()
    rider = put_unit(state, me, "horde-raider", f"S{me}")  # Charge 2, 1 armor
    target = put_unit(state, them, "sellsword", "B", exhausted=True)  # 1 armor, defense 2
    attack(state, (rider, target))
    finish(state)
    assert target not in state["units"]
    assert rider in state["units"]


def test_attackers_move_into_the_attacked_units_zone_but_never_into_a_fortress_zone():
    # K23: "Move them into the fight"; a unit at its fortress is attacked from next door (K10)
    state, me, them = board()
    out = put_unit(state, them, "ironhold-footman", "B", exhausted=True)
    at_home = put_unit(state, them, "ironhold-footman", f"F{them}", exhausted=True)
    to_field = put_unit(state, me, "cinder-ogre", f"S{me}")
    next_door = put_unit(state, me, "cinder-ogre", f"S{them}")
    attack(state, (to_field, out), (next_door, at_home))
    finish(state)
    assert [state["units"][u]["zone"] for u in (to_field, next_door)] == ["B", f"S{them}"]


def test_attackers_of_a_structure_stand_in_the_open_in_its_structures_zone():
    # K23 with K20: another player's Structures Zone holds them in the open; a fortress is
    # attacked from where the attacker stands
    state, me, them = board()
    tower = put_structure(state, them, "stone-watchtower")
    on_tower = put_unit(state, me, "cinder-ogre", "B")
    on_fortress = put_unit(state, me, "cinder-ogre", f"S{them}")
    attack(state, (on_tower, tower), (on_fortress, fight.fortress_target(them)))
    finish(state)
    assert (state["units"][on_tower]["zone"], state["units"][on_tower]["in"]) == (f"S{them}", None)
    assert state["units"][on_fortress]["zone"] == f"S{them}"


def test_under_rules_version_2_attackers_stay_where_they_stand():
    state, me, them = board("2")
    foe = put_unit(state, them, "ironhold-footman", "B", exhausted=True)
    ogre = put_unit(state, me, "cinder-ogre", f"S{me}")
    attack(state, (ogre, foe))
    assert state["units"][ogre]["zone"] == f"S{me}"


def moonwell_attack(version: str) -> tuple[dict, int, str]:
    """Ironhold's fortress carries Moonwell Sanctum's text; a Sellsword at it is attacked by a
    Glade Scout (attack 1) and its player has 1 gold left from its own turn."""
    state, me, them = board(version)
    state["players"][str(them)]["fortress"]["cards"] = ["moonwell-sanctum"]
    state["players"][str(them)]["gold"] = 1
    guard = put_unit(state, them, "sellsword", f"F{them}", exhausted=True)
    scout = put_unit(state, me, "glade-scout", f"S{them}")
    attack(state, (scout, guard))
    return state, them, guard


def test_moonwell_sanctum_protects_a_unit_at_the_fortress_while_it_is_attacked():
    # K40: the attacked seat is asked (its only choice is the ability) and may use it
    state, them, guard = moonwell_attack("3")
    assert KC.decision(state).seats == (them,)
    offered = {"type": "activate", "source": f"fortress-{them}", "target": guard}
    assert offered in legal(state)
    act(state, offered)
    assert "Etherial" in effects.skills(state, guard)
    finish(state)
    assert guard in state["units"]  # Etherial prevented the scout's 1
    assert state["players"][str(them)]["gold"] == 0


def test_under_rules_version_2_the_attacked_seat_cannot_activate():
    state, _them, guard = moonwell_attack("2")
    if state["turn"]["stage"] == "defend":
        assert all(a["type"] != "activate" for a in legal(state))
    finish(state)
    assert guard not in state["units"]
