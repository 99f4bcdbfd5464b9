"""The starter cards' static, triggered, activated and setup effects, card by card."""

from __future__ import annotations

from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import economy, effects, fight

from .helpers import act, deck, legal, new, put_structure, put_unit, started, to_hand


def board(seed: int = 4) -> tuple[dict, int, int]:
    state = started(seed=seed)
    me = state["turn"]["seat"]
    return state, me, 1 - me


def fortress(state: dict, seat: int, *keys: str) -> None:
    """Give the seat these fortress cards (their effects; the stats stay)."""
    state["players"][str(seat)]["fortress"]["cards"] = list(keys)


def attack(state: dict, *pairs) -> None:
    act(state, {"type": "combat"})
    for unit, target in pairs:
        act(state, {"type": "attack", "unit": unit, "target": target})
    act(state, {"type": "commit"})


def test_ironhold_keep_units_defending_at_the_fortress_get_one_armor():
    state, me, them = board()
    fortress(state, them, "ironhold-keep")
    ogre = put_unit(state, me, "cinder-ogre", f"S{them}")  # attack 4
    guard = put_unit(state, them, "veteran-knight", f"F{them}")  # armor 2 (+1), 3 HP
    hp = state["players"][str(them)]["fortress"]["hp"]
    attack(state, (ogre, fight.fortress_target(them)))
    act(state, {"type": "join", "unit": guard, "battle": 0}, them)
    while state["turn"]["stage"] == "defend":
        act(state, {"type": "done"})
    assert state["players"][str(them)]["fortress"]["hp"] == hp - 1  # 3 absorbed, 1 through
    assert state["units"][guard]["hp"] == 2
    assert fight.stat(state, guard, "armor") == 2  # only while defending there


def test_lord_commander_gives_other_own_units_in_his_zone_one_defense():
    state, me, them = board()
    aldric = put_unit(state, me, "lord-commander-aldric", "B")
    friend = put_unit(state, me, "sellsword", "B")
    away = put_unit(state, me, "sellsword", f"F{me}")
    foe = put_unit(state, them, "sellsword", "B")
    assert [fight.stat(state, u, "defense") for u in (aldric, friend, away, foe)] == [4, 3, 2, 2]


def test_stone_watchtower_gives_the_unit_inside_one_armor_archers_canopy_ranged_one():
    state, me, _ = board()
    tower = put_structure(state, me, "stone-watchtower")
    canopy = put_structure(state, me, "archers-canopy")
    a = put_unit(state, me, "sellsword", f"S{me}")
    b = put_unit(state, me, "sellsword", f"S{me}")
    assert (state["units"][a]["in"], state["units"][b]["in"]) == (tower, canopy)
    assert fight.stat(state, a, "armor") == 2
    assert effects.range_of(state, a) == 0
    assert effects.range_of(state, b) == 1
    assert "Ranged" in effects.skills(state, b)


def test_archers_canopy_gives_ranged_one_only_to_a_unit_without_ranged():
    # "A unit inside this structure gets Ranged 1 if it does not have Ranged": a unit that
    # has Ranged by a bow or an ability (K35: range stat plus bonuses) gets nothing from it
    state, me, _ = board()
    put_structure(state, me, "archers-canopy")
    sword = put_unit(state, me, "sellsword", f"S{me}")
    archer = put_unit(state, me, "thornbow-archer", f"S{me}")  # outside: the canopy is full
    bow = to_hand(state, me, "heartwood-longbow")
    state["players"][str(me)]["gold"] = 2
    assert effects.range_of(state, sword) == 1  # the canopy's Ranged 1
    act(state, {"type": "play", "card": bow, "target": sword})
    assert effects.range_of(state, sword) == 1  # the bow's Ranged 1: the canopy adds nothing
    assert effects.range_of(state, archer) == 2


def test_elder_sylvara_gives_other_own_archers_one_range():
    state, me, _ = board()
    sylvara = put_unit(state, me, "elder-sylvara", f"F{me}")
    archer = put_unit(state, me, "thornbow-archer", f"F{me}")
    shaman = put_unit(state, me, "ash-shaman", f"F{me}")  # a Shaman, not an Archer
    assert [effects.range_of(state, u) for u in (sylvara, archer, shaman)] == [3, 3, 2]


def test_sylvan_heartwood_ranged_units_deal_one_more_to_units_attacking_the_fortress():
    state, me, them = board()
    fortress(state, them, "sylvan-heartwood")
    ogre = put_unit(state, me, "cinder-ogre", f"S{them}")  # armor 3, 2 HP
    archer = put_unit(state, them, "thornbow-archer", f"F{them}")  # Ranged 2
    attack(state, (ogre, fight.fortress_target(them)))
    act(state, {"type": "shoot", "unit": archer, "target": ogre}, them)
    # 3 damage = one armor's worth: the shot cost the ogre an HP
    assert state["units"][ogre]["hp"] == 1


def test_ashen_warcamp_and_raider_camp_make_charge_units_cheaper_to_a_minimum_of_one():
    state, me, _ = board()
    fortress(state, me, "ashen-warcamp")
    rider, raider, sword = (
        to_hand(state, me, k) for k in ("warg-rider", "horde-raider", "sellsword")
    )
    assert [economy.cost(state, me, c) for c in (rider, raider, sword)] == [2, 1, 2]
    put_structure(state, me, "raider-camp")
    assert [economy.cost(state, me, c) for c in (rider, raider, sword)] == [1, 1, 2]


def test_captain_varro_costs_one_less_per_structure_to_a_minimum_of_three():
    state, me, _ = board()
    varro = to_hand(state, me, "captain-varro-of-the-free-blades")
    assert economy.cost(state, me, varro) == 5
    put_structure(state, me, "trading-post")
    assert economy.cost(state, me, varro) == 4
    for _ in range(3):
        put_structure(state, me, "trading-post")
    assert economy.cost(state, me, varro) == 3


def test_a_refused_play_names_the_cost_after_reductions():
    # the player is told what the card costs them now, not its printed cost
    state, me, them = board()
    varro = to_hand(state, me, "captain-varro-of-the-free-blades")  # 5, 3 with two structures
    for _ in range(2):
        put_structure(state, me, "trading-post")
    state["players"][str(me)]["gold"] = 2
    play = {"type": "play", "card": varro}
    assert KC.why_illegal(state, me, play) == (
        "Captain Varro of the Free Blades costs 3 gold; you have 2."
    )
    # affordable, but not during the Combat Stage: the reason is the timing, not the gold
    state["players"][str(me)]["gold"] = 4
    put_unit(state, me, "sellsword", "B")
    put_unit(state, them, "sellsword", "B")
    act(state, {"type": "combat"})
    assert state["turn"]["stage"] == "combat"
    assert "before or after combat" in KC.why_illegal(state, me, play)


def test_cinder_throne_gains_two_gold_when_its_unit_destroys_a_structure():
    state, me, them = board()
    fortress(state, me, "cinder-throne")
    ogre = put_unit(state, me, "cinder-ogre", "B")
    post = put_structure(state, them, "trading-post")
    state["players"][str(me)]["gold"] = 0
    attack(state, (ogre, post))
    assert post not in state["structures"]
    assert state["players"][str(me)]["gold"] == 2


def test_grakka_gives_other_attacking_units_one_attack_while_he_attacks():
    state, me, them = board()
    grakka = put_unit(state, me, "warchief-grakka", "B")
    raider = put_unit(state, me, "sellsword", "B")
    idle = put_unit(state, me, "sellsword", "B")
    foe = put_unit(state, them, "veteran-knight", "B", exhausted=True)
    act(state, {"type": "combat"})
    act(state, {"type": "attack", "unit": grakka, "target": foe})
    act(state, {"type": "attack", "unit": raider, "target": foe})
    assert [fight.stat(state, u, "attack") for u in (grakka, raider, idle)] == [6, 3, 2]


def test_moonwell_sanctum_once_a_turn_pays_one_gold_for_etherial_at_the_fortress():
    state, me, _ = board()
    fortress(state, me, "moonwell-sanctum")
    home = put_unit(state, me, "sellsword", f"F{me}")
    put_unit(state, me, "sellsword", "B")
    state["players"][str(me)]["gold"] = 3
    offered = [a for a in legal(state) if a["type"] == "activate"]
    assert offered == [{"type": "activate", "source": f"fortress-{me}", "target": home}]
    act(state, offered[0])
    assert "Etherial" in effects.skills(state, home)
    assert state["players"][str(me)]["gold"] == 2
    assert not [a for a in legal(state) if a["type"] == "activate"]  # once per turn


def test_ash_shaman_exhausts_to_make_an_ember_imp_token():
    state, me, _ = board()
    shaman = put_unit(state, me, "ash-shaman", f"S{me}")
    act(state, {"type": "activate", "source": shaman})
    assert state["units"][shaman]["exhausted"]
    imps = [u for u in state["units"] if state["cards"][u] == "ember-imp"]
    assert len(imps) == 1
    assert state["units"][imps[0]]["zone"] == f"F{me}"
    assert state["units"][imps[0]]["exhausted"]


def test_dawnwatch_citadel_one_knight_may_cost_up_to_two_more_than_the_starting_gold():
    # ruling K39: Dawnwatch Citadel's 8 gold hires a 9 or 10 gold... one Knight over budget
    citadel = deck(
        ["Dawnwatch Citadel"],
        {"Lord Commander Aldric": 1, "Veteran Knight": 2, "Sellsword": 8, "Ironhold Footman": 4},
    )
    state = new(decks=[citadel, citadel])
    state["setup"]["gold"] = 5  # as if 3 of the 8 were spent
    offered = {a["card"] for a in legal(state) if a["type"] == "hire"}
    assert "lord-commander-aldric" in offered  # 7 = 5 + 2
    act(state, {"type": "hire", "card": "lord-commander-aldric"})
    assert state["setup"]["gold"] == 0
    assert state["setup"]["stretched"]
    assert {a["type"] for a in legal(state)} == {"done"}


def test_free_company_guildhall_brings_a_hired_guard_token_when_it_enters_play():
    # ruling K48: the starter set's one token without a maker gets one
    state, me, _ = board()
    hall = to_hand(state, me, "free-company-guildhall")
    state["players"][str(me)]["gold"] = 4
    act(state, {"type": "play", "card": hall})
    guards = [u for u in state["units"] if state["cards"][u] == "hired-guard"]
    assert len(guards) == 1
    assert state["units"][guards[0]]["exhausted"]
    assert state["units"][guards[0]]["zone"] == f"F{me}"
