"""Zones and movement (manual, "Game Zones", "Using Your Units", skill Mounted) and playing
units and structures."""

from __future__ import annotations

from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import economy, fight, zones

from .helpers import act, legal, put_structure, put_unit, started, to_hand


def moves(state: dict, uid: str) -> set[str]:
    return {a["to"] for a in legal(state) if a["type"] == "move" and a["unit"] == uid}


def my_turn(seats: int = 2, seed: int = 4) -> tuple[dict, int]:
    state = started(seats=seats, seed=seed)
    return state, state["turn"]["seat"]


def test_two_player_table_is_a_line_fortress_structures_battlefield_structures_fortress():
    assert zones.path("F0", "F1") == ("F0", "S0", "B", "S1", "F1")
    assert [zones.distance("F0", z) for z in ("F0", "S0", "B", "S1", "F1")] == [0, 1, 2, 3, 4]


def test_more_players_meet_at_one_battlefield():
    # ruling K9: every homeland's road leads to the one shared Battlefield
    assert zones.path("S0", "S2") == ("S0", "B", "S2")
    assert zones.distance("F1", "F2") == 4
    assert zones.distance("S1", "S2") == 2


def test_a_unit_moves_one_zone_a_mounted_unit_two():
    state, me = my_turn()
    footman = put_unit(state, me, "sellsword", f"F{me}")
    rider = put_unit(state, me, "hedge-knight", f"F{me}")
    assert moves(state, footman) == {f"S{me}"}
    assert moves(state, rider) == {f"S{me}", "B"}


def test_no_moving_into_or_through_a_zone_an_opponent_holds():
    state, me = my_turn()
    rider = put_unit(state, me, "hedge-knight", f"F{me}")
    assert moves(state, rider) == {f"S{me}", "B"}
    # an opposing unit in one's Structures Zone: not into it, nor through it to the Battlefield
    put_unit(state, 1 - me, "sellsword", f"S{me}")
    assert moves(state, rider) == set()


def test_the_battlefield_is_neutral_ground_entered_beside_an_opponent_but_not_passed():
    # ruling K10: "Both players can have units here at the same time"; the Blocker rule
    state, me = my_turn()
    them = 1 - me
    foot = put_unit(state, me, "sellsword", f"S{me}")
    rider = put_unit(state, me, "hedge-knight", f"S{me}")
    assert moves(state, rider) == {f"F{me}", "B", f"S{them}"}
    enemy = put_unit(state, them, "sellsword", "B")
    assert moves(state, foot) == {f"F{me}", "B"}
    assert moves(state, rider) == {f"F{me}", "B"}  # into the Battlefield, not through it
    act(state, {"type": "move", "unit": foot, "to": "B"})
    assert state["units"][foot]["zone"] == "B"
    # standing beside the opponent: back home, but not on past the Battlefield
    there = put_unit(state, me, "hedge-knight", "B")
    assert moves(state, there) == {f"S{me}", f"F{me}"}
    zones.destroy_unit(state, enemy)
    assert moves(state, there) == {f"S{me}", f"F{me}", f"S{them}"}


def test_own_units_do_not_block():
    state, me = my_turn()
    rider = put_unit(state, me, "hedge-knight", f"S{me}")
    put_unit(state, me, "sellsword", "B")
    assert f"S{1 - me}" in moves(state, rider)


def test_no_unit_enters_another_players_fortress_zone():
    # ruling K10
    state, me = my_turn()
    rider = put_unit(state, me, "hedge-knight", f"S{1 - me}")
    assert f"F{1 - me}" not in moves(state, rider)
    assert moves(state, rider) == {"B", f"S{me}"}


def test_moving_exhausts_the_unit():
    state, me = my_turn()
    unit = put_unit(state, me, "sellsword", f"F{me}")
    act(state, {"type": "move", "unit": unit, "to": f"S{me}"})
    assert state["units"][unit]["zone"] == f"S{me}"
    assert state["units"][unit]["exhausted"]
    assert moves(state, unit) == set()


def test_units_entering_their_structures_zone_go_inside_a_free_structure_then_stand_in_the_open():
    # ruling K20: a structure holds one unit
    state, me = my_turn()
    farm = put_structure(state, me, "trading-post")
    first = put_unit(state, me, "sellsword", f"F{me}")
    second = put_unit(state, me, "sellsword", f"F{me}")
    act(state, {"type": "move", "unit": first, "to": f"S{me}"})
    act(state, {"type": "move", "unit": second, "to": f"S{me}"})
    assert state["units"][first]["in"] == farm
    assert state["units"][second]["in"] is None
    # an opponent's unit in this zone never enters the structures
    raider = put_unit(state, 1 - me, "sellsword", f"S{me}")
    assert state["units"][raider]["in"] is None


def test_a_unit_travels_between_the_structures_of_its_structures_zone():
    # ruling K20, "Move: travel between different structures or zones"
    state, me = my_turn()
    farm = put_structure(state, me, "ironhold-farmstead")
    tower = put_structure(state, me, "stone-watchtower")  # the unit inside gets +1 armor
    guard = put_unit(state, me, "sellsword", f"S{me}")
    assert state["units"][guard]["in"] == farm
    travel = {"type": "move", "unit": guard, "to": f"S{me}", "into": tower}
    assert travel in legal(state)
    act(state, travel)
    assert state["units"][guard]["in"] == tower
    assert state["units"][guard]["exhausted"]
    assert fight.stat(state, guard, "armor") == 2
    # with no free structure left there is nowhere to travel to
    other = put_unit(state, me, "sellsword", f"S{me}")
    put_unit(state, me, "sellsword", f"S{me}")
    assert state["units"][other]["in"] == farm
    assert not [a for a in legal(state) if a["type"] == "move" and "into" in a]


def test_retreat_goes_one_zone_toward_home_unless_trapped_or_at_the_fortress():
    state, me = my_turn()
    them = 1 - me
    out_front = put_unit(state, them, "sellsword", "B")
    deep = put_unit(state, them, "sellsword", f"S{me}")
    home = put_unit(state, them, "sellsword", f"F{them}")
    assert zones.retreat_zone(state, out_front) == f"S{them}"
    assert zones.retreat_zone(state, deep) == "B"
    assert zones.retreat_zone(state, home) is None
    # trapped: an opposing unit holds the Structures Zone behind it
    put_unit(state, me, "sellsword", f"S{them}")
    assert zones.retreat_zone(state, out_front) is None


def test_playing_a_unit_pays_its_cost_and_it_arrives_exhausted_at_the_fortress():
    state, me = my_turn()
    player = state["players"][str(me)]
    cid = to_hand(state, me, "sellsword")
    player["gold"] = 5
    act(state, {"type": "play", "card": cid})
    assert player["gold"] == 3
    assert state["units"][cid]["zone"] == f"F{me}"
    assert state["units"][cid]["exhausted"]
    assert cid not in player["hand"]


def test_playing_a_structure_puts_it_in_the_structures_zone_producing_from_next_turn():
    state, me = my_turn()
    player = state["players"][str(me)]
    cid = to_hand(state, me, "free-company-guildhall")
    player["gold"] = 4
    act(state, {"type": "play", "card": cid})
    assert player["structures"] == [cid]
    assert state["structures"][cid] == {"seat": me, "hp": 5}
    assert player["gold"] == 0
    act(state, {"type": "combat"})
    act(state, {"type": "end"})
    act(state, {"type": "combat"})
    act(state, {"type": "end"})
    assert player["gold"] == player["fortress"]["gold_per_turn"] + 2


def test_only_affordable_cards_are_offered():
    state, me = my_turn()
    player = state["players"][str(me)]
    player["gold"] = 0
    assert not [a for a in legal(state) if a["type"] == "play"]
    player["gold"] = 99
    put_unit(state, me, "sellsword", f"F{me}")  # a target for tricks, abilities, equipment
    hand = {state["cards"][c] for c in player["hand"]}
    offered = {state["cards"][a["card"]] for a in legal(state) if a["type"] == "play"}
    assert offered == {k for k in hand if k != "ambush"}
    player["gold"] = 1
    for action in legal(state):
        if action["type"] == "play":
            assert economy.cost(state, me, action["card"]) <= 1
    costly = to_hand(state, me, "cinder-ogre")
    assert KC.why_illegal(state, me, {"type": "play", "card": costly}) == (
        "Cinder Ogre costs 5 gold; you have 1."
    )


# --- more than two players: every road meets at the one Battlefield (K9, K10, K21) ----------


def test_with_three_players_a_third_seats_unit_on_the_battlefield_blocks_passing_it():
    # "You cannot move your units past the Battlefield if an opponent has a unit stationed
    # there": any other seat is an opponent, so seat b's unit stops me going on to seat a
    state, me = my_turn(seats=3)
    a, b = (me + 1) % 3, (me + 2) % 3
    rider = put_unit(state, me, "hedge-knight", f"S{me}")
    foot = put_unit(state, me, "sellsword", "B")
    assert moves(state, rider) == {f"F{me}", "B", f"S{a}", f"S{b}"}
    assert moves(state, foot) == {f"S{me}", f"S{a}", f"S{b}"}
    put_unit(state, b, "sellsword", "B")
    # into the Battlefield beside it (neutral ground), but not through it nor on past it
    assert moves(state, rider) == {f"F{me}", "B"}
    assert moves(state, foot) == {f"S{me}"}
    # seat a's units on the Battlefield are held back by it just the same
    theirs = put_unit(state, a, "hedge-knight", "B")
    assert economy.move_destinations(state, theirs) == [f"F{a}", f"S{a}"]


def test_with_four_players_a_mounted_unit_reaches_every_structures_zone_but_no_other_fortress():
    state, me = my_turn(seats=4)
    others = [(me + step) % 4 for step in (1, 2, 3)]
    rider = put_unit(state, me, "hedge-knight", f"S{me}")
    assert moves(state, rider) == {f"F{me}", "B", *(f"S{o}" for o in others)}
    # one opposing unit in one Structures Zone closes only that zone
    put_unit(state, others[1], "sellsword", f"S{others[1]}")
    assert moves(state, rider) == {f"F{me}", "B", f"S{others[0]}", f"S{others[2]}"}


def test_with_three_players_retreat_goes_home_unless_any_other_seat_holds_the_way_back():
    # K21 and "Trapped: if your Structure Zone is occupied by an opponent's unit"
    state, me = my_turn(seats=3)
    a, b = (me + 1) % 3, (me + 2) % 3
    post = put_structure(state, a, "trading-post")
    out_front = put_unit(state, a, "sellsword", "B")
    deep = put_unit(state, a, "sellsword", f"S{b}")
    assert zones.retreat_zone(state, out_front) == f"S{a}"
    assert zones.retreat_zone(state, deep) == "B"
    # a raider falls back only to a Battlefield no other seat holds: a safe place (K21)
    watcher = put_unit(state, me, "sellsword", "B")
    assert zones.retreat_zone(state, deep) is None
    zones.destroy_unit(state, watcher)
    # a unit of seat b (not only of the attacker) in seat a's Structures Zone traps it
    raider = put_unit(state, b, "sellsword", f"S{a}")
    assert zones.retreat_zone(state, out_front) is None
    zones.destroy_unit(state, raider)
    # retreating from the Battlefield it goes into its own free structure
    ogre = put_unit(state, me, "cinder-ogre", f"S{me}")
    act(state, {"type": "combat"})
    act(state, {"type": "attack", "unit": ogre, "target": out_front})
    act(state, {"type": "commit"})
    act(state, {"type": "retreat", "unit": out_front})
    unit = state["units"][out_front]
    assert (unit["zone"], unit["in"], unit["exhausted"]) == (f"S{a}", post, True)
