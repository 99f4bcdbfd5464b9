"""Action cards, their timing and targets (manual, "Action Cards"), skills, and the starter
cards' effects as data."""

from __future__ import annotations

import pytest

from gameplay.engine.core import IllegalAction
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import cards, effects, fight

from .helpers import act, legal, put_structure, put_unit, started, to_hand


def board(seats: int = 2, seed: int = 4) -> tuple[dict, int, int]:
    state = started(seats=seats, seed=seed)
    me = state["turn"]["seat"]
    return state, me, (me + 1) % seats


def plays(state: dict, cid: str, seat: int | None = None) -> list[dict]:
    """Play actions for that card (or a copy of it: one copy of each name is offered)."""
    key = state["cards"][cid]
    return [
        a for a in legal(state, seat) if a["type"] == "play" and state["cards"][a["card"]] == key
    ]


def gold(state: dict, seat: int, amount: int) -> None:
    state["players"][str(seat)]["gold"] = amount


def finish_defence(state: dict) -> None:
    """Defenders with choices left say done (one with none is not asked)."""
    while state["turn"]["stage"] == "defend":
        act(state, {"type": "done"})


def attack_with(state: dict, unit: str, target: str) -> None:
    act(state, {"type": "combat"})
    act(state, {"type": "attack", "unit": unit, "target": target})
    act(state, {"type": "commit"})


# --- Events and Dirty Tricks ------------------------------------------------------------------


def test_an_event_resolves_then_goes_to_the_discard_pile():
    state, me, _ = board()
    market = to_hand(state, me, "market-day")
    gold(state, me, 0)
    act(state, {"type": "play", "card": market})
    assert state["players"][str(me)]["gold"] == 2
    assert market in state["players"][str(me)]["discard"]


def test_events_only_on_ones_own_turn_outside_combat():
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")
    victim = put_unit(state, them, "sellsword", "B")
    mine = to_hand(state, me, "blood-moon-rally")
    theirs = to_hand(state, them, "market-day")
    gold(state, me, 5)
    gold(state, them, 5)
    assert plays(state, mine)
    act(state, {"type": "combat"})
    assert not plays(state, mine)  # not in the Combat Stage
    act(state, {"type": "attack", "unit": ogre, "target": victim})
    act(state, {"type": "commit"})
    assert KC.decision(state).seats == (them,)
    assert not plays(state, theirs)  # not on another player's turn
    with pytest.raises(IllegalAction):
        KC.apply(state, them, {"type": "play", "card": theirs})


def test_a_dirty_trick_answers_an_attack_paid_with_gold_left_from_ones_own_turn():
    # ruling K30: the attacked player may play Dirty Tricks (and shoot) before damage
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")  # attack 4
    sergeant = put_unit(state, them, "shieldwall-sergeant", "B", exhausted=True)  # armor 2
    shields = to_hand(state, them, "raise-shields")
    gold(state, them, 1)
    attack_with(state, ogre, sergeant)
    act(state, {"type": "play", "card": shields, "target": sergeant}, them)
    assert state["players"][str(them)]["gold"] == 0
    finish_defence(state)
    # 4 damage against 4 armor: one HP, the sergeant's only one... so it falls
    assert sergeant not in state["units"]


def test_until_end_of_turn_armor_saves_a_unit_and_then_ends():
    state, me, them = board()
    raider = put_unit(state, me, "horde-raider", "B")  # attack 2
    knight = put_unit(state, them, "iron-knight", "B", exhausted=True)  # armor 3, 2 HP
    shields = to_hand(state, them, "raise-shields")
    gold(state, them, 1)
    attack_with(state, raider, knight)
    act(state, {"type": "play", "card": shields, "target": knight}, them)
    finish_defence(state)
    assert fight.stat(state, knight, "armor") == 5
    act(state, {"type": "end"})
    assert fight.stat(state, knight, "armor") == 3
    assert state["units"][knight]["hp"] == 2


def test_ambush_targets_only_an_attacking_unit():
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")
    bystander = put_unit(state, me, "sellsword", "B", exhausted=True)
    knight = put_unit(state, them, "veteran-knight", "B", exhausted=True)  # armor 2, 3 HP
    ambush = to_hand(state, them, "ambush")
    gold(state, them, 1)
    attack_with(state, ogre, knight)
    assert [a["target"] for a in plays(state, ambush, them)] == [ogre]
    assert bystander in state["units"]
    act(
        state, {"type": "play", "card": plays(state, ambush, them)[0]["card"], "target": ogre}, them
    )
    finish_defence(state)
    assert state["units"][knight]["hp"] == 2  # 4 - 2 = 2 damage: one armor's worth


def test_alert_units_cannot_be_targeted_by_an_opponents_dirty_tricks_but_by_their_own():
    state, me, them = board()
    sergeant = put_unit(state, them, "shieldwall-sergeant", f"F{them}")  # Alert
    footman = put_unit(state, them, "ironhold-footman", f"F{them}")
    mine = put_unit(state, me, "shieldwall-sergeant", f"F{me}")
    bribe = to_hand(state, me, "bribe-the-guard")
    gold(state, me, 3)
    targets = {a["target"] for a in plays(state, bribe)}
    assert sergeant not in targets
    assert {footman, mine} <= targets


def test_bribe_the_guard_exhausts_only_a_unit_costing_three_or_less():
    state, me, them = board()
    cheap = put_unit(state, them, "hedge-knight", f"F{them}")  # cost 3
    dear = put_unit(state, them, "cinder-ogre", f"F{them}")  # cost 5
    bribe = to_hand(state, me, "bribe-the-guard")
    gold(state, me, 3)
    assert {a["target"] for a in plays(state, bribe)} == {cheap}
    act(state, {"type": "play", "card": bribe, "target": cheap})
    assert state["units"][cheap]["exhausted"]
    assert not state["units"][dear]["exhausted"]


def test_a_units_cost_named_by_a_card_is_its_printed_cost():
    # ruling K52: Captain Varro (5) costs 3 to hire with two structures, but in play he is a
    # unit costing 5, out of Bribe the Guard's reach
    state, me, them = board()
    for _ in range(2):
        put_structure(state, them, "trading-post")
    varro = put_unit(state, them, "captain-varro-of-the-free-blades", f"F{them}")
    raider = put_unit(state, them, "horde-raider", f"F{them}")
    bribe = to_hand(state, me, "bribe-the-guard")
    gold(state, me, 3)
    assert {a["target"] for a in plays(state, bribe)} == {raider}
    assert varro in state["units"]


def test_vanishing_mist_prevents_all_damage_to_the_unit_this_turn():
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")
    scout = put_unit(state, them, "glade-scout", "B", exhausted=True)
    mist = to_hand(state, them, "vanishing-mist")
    gold(state, them, 1)
    attack_with(state, ogre, scout)
    act(state, {"type": "play", "card": mist, "target": scout}, them)
    finish_defence(state)
    assert state["units"][scout]["hp"] == 1


def test_muster_the_levy_puts_two_exhausted_tokens_at_the_fortress():
    state, me, _ = board()
    muster = to_hand(state, me, "muster-the-levy")
    gold(state, me, 2)
    act(state, {"type": "play", "card": muster})
    tokens = [u for u in state["units"] if u.startswith("t")]
    assert len(tokens) == 2
    for token in tokens:
        assert state["cards"][token] == "levy-militia"
        assert state["units"][token]["zone"] == f"F{me}"
        assert state["units"][token]["exhausted"]
    KC.check_invariants(state)


def test_blood_moon_rally_gives_every_own_unit_one_attack_this_turn():
    state, me, them = board()
    a = put_unit(state, me, "sellsword", "B")
    b = put_unit(state, me, "ironhold-footman", "B")
    theirs = put_unit(state, them, "sellsword", "B")
    rally = to_hand(state, me, "blood-moon-rally")
    gold(state, me, 2)
    act(state, {"type": "play", "card": rally})
    assert [fight.stat(state, u, "attack") for u in (a, b, theirs)] == [3, 2, 2]


def test_trading_post_gives_one_gold_when_it_enters_play():
    state, me, _ = board()
    post = to_hand(state, me, "trading-post")
    gold(state, me, 2)
    act(state, {"type": "play", "card": post})
    assert state["players"][str(me)]["gold"] == 1


# --- Abilities and Equipment --------------------------------------------------------------------


def test_an_ability_attaches_to_any_unit_and_goes_to_the_discard_pile_with_it():
    state, me, them = board()
    theirs = put_unit(state, them, "sellsword", "B")
    hex_ = to_hand(state, me, "cursed-hex")
    gold(state, me, 1)
    assert theirs in {a["target"] for a in plays(state, hex_)}
    act(state, {"type": "play", "card": hex_, "target": theirs})
    assert (fight.stat(state, theirs, "attack"), fight.stat(state, theirs, "defense")) == (1, 1)
    fight.damage_unit(state, theirs, 1)
    assert hex_ in state["players"][str(me)]["discard"]  # its owner's pile
    assert theirs in state["players"][str(them)]["discard"]
    assert state["attached"] == {}


def test_abilities_grant_skills():
    state, me, _ = board()
    footman = put_unit(state, me, "ironhold-footman", f"F{me}")
    oath = to_hand(state, me, "oath-of-steel")
    fury = to_hand(state, me, "battle-fury")
    gold(state, me, 4)
    act(state, {"type": "play", "card": oath, "target": footman})
    act(state, {"type": "play", "card": fury, "target": footman})
    assert {"Alert", "Charge"} <= set(effects.skills(state, footman))
    assert (fight.stat(state, footman, "attack"), fight.stat(state, footman, "armor")) == (3, 2)


def test_equipment_only_on_own_units_one_of_each_type():
    state, me, them = board()
    mine = put_unit(state, me, "sellsword", f"F{me}")
    theirs = put_unit(state, them, "sellsword", f"F{them}")
    buckler = to_hand(state, me, "iron-buckler")
    shield = to_hand(state, me, "tower-shield")
    gold(state, me, 5)
    assert {a["target"] for a in plays(state, buckler)} == {mine}
    assert theirs in state["units"]
    act(state, {"type": "play", "card": buckler, "target": mine})
    assert plays(state, shield) == []  # a second Shield


def test_abilities_equipment_and_events_on_ones_own_turn_before_or_after_combat_only():
    # Abilities, Equipment: "only on your turn, either before or after the Combat Stage";
    # Events: "only during your own turn", not "during the Combat Stage"
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")
    victim = put_unit(state, them, "sellsword", "B")
    mine = [to_hand(state, me, k) for k in ("battle-fury", "jagged-axe", "market-day")]
    theirs = [to_hand(state, them, k) for k in ("cursed-hex", "iron-buckler", "market-day")]
    gold(state, me, 10)
    gold(state, them, 10)
    assert all(plays(state, c) for c in mine)  # before combat
    act(state, {"type": "combat"})
    assert not any(plays(state, c) for c in mine)  # during the Combat Stage
    act(state, {"type": "attack", "unit": ogre, "target": victim})
    act(state, {"type": "commit"})
    assert KC.decision(state).seats == (them,)
    assert not any(plays(state, c, them) for c in theirs)  # on another player's turn
    finish_defence(state)
    assert state["turn"]["stage"] == "post"
    assert all(plays(state, c) for c in mine)  # after combat


@pytest.mark.parametrize(
    ("key", "unit", "changes", "skill"),
    [
        # card, worn by, (attack, defense, armor, range) from / to, skill it gives
        ("oath-of-steel", "sellsword", ((2, 2, 1, 0), (2, 2, 2, 0)), "Alert"),
        ("tower-shield", "sellsword", ((2, 2, 1, 0), (2, 2, 2, 0)), None),
        ("iron-buckler", "sellsword", ((2, 2, 1, 0), (2, 2, 2, 0)), None),
        ("steel-sword", "sellsword", ((2, 2, 1, 0), (3, 3, 1, 0)), None),
        ("jagged-axe", "sellsword", ((2, 2, 1, 0), (3, 2, 1, 0)), None),
        ("battle-fury", "sellsword", ((2, 2, 1, 0), (4, 2, 1, 0)), "Charge"),
        ("cursed-hex", "sellsword", ((2, 2, 1, 0), (1, 1, 1, 0)), None),
        ("elven-sight", "sellsword", ((2, 2, 1, 0), (2, 2, 1, 1)), "Ranged"),
        ("elven-sight", "thornbow-archer", ((1, 1, 1, 2), (1, 1, 1, 3)), None),
        ("heartwood-longbow", "sellsword", ((2, 2, 1, 0), (2, 2, 1, 1)), "Ranged"),
        ("heartwood-longbow", "thornbow-archer", ((1, 1, 1, 2), (1, 1, 1, 3)), None),
    ],
)
def test_each_starter_ability_and_equipment_does_what_its_text_says(key, unit, changes, skill):
    state, me, _ = board()
    wearer = put_unit(state, me, unit, f"F{me}")
    card = to_hand(state, me, key)
    gold(state, me, 2)

    def stats() -> tuple[int, ...]:
        names = ("attack", "defense", "armor")
        return (*(fight.stat(state, wearer, n) for n in names), effects.range_of(state, wearer))

    assert stats() == changes[0]
    assert skill is None or skill not in effects.skills(state, wearer)
    act(state, {"type": "play", "card": card, "target": wearer})
    assert stats() == changes[1]
    assert skill is None or skill in effects.skills(state, wearer)


def test_call_of_the_wild_puts_one_exhausted_spirit_wolf_at_the_fortress():
    state, me, _ = board()
    call = to_hand(state, me, "call-of-the-wild")
    gold(state, me, 2)
    act(state, {"type": "play", "card": call})
    wolves = [u for u in state["units"] if state["cards"][u] == "spirit-wolf"]
    assert len(wolves) == 1
    assert state["units"][wolves[0]]["zone"] == f"F{me}"
    assert state["units"][wolves[0]]["exhausted"]
    assert "Etherial" in effects.skills(state, wolves[0])
    assert call in state["players"][str(me)]["discard"]


def test_equipment_goes_to_the_discard_pile_with_its_defeated_unit():
    state, me, _ = board()
    sword = put_unit(state, me, "sellsword", f"F{me}")
    buckler = to_hand(state, me, "iron-buckler")
    gold(state, me, 1)
    act(state, {"type": "play", "card": buckler, "target": sword})
    assert fight.stat(state, sword, "armor") == 2
    fight.damage_unit(state, sword, 2)
    assert sword not in state["units"]
    assert {sword, buckler} <= set(state["players"][str(me)]["discard"])
    assert state["attached"] == {}


def test_one_weapon_or_two_with_dual_wield():
    # ruling K31
    state, me, _ = board()
    sellsword = put_unit(state, me, "sellsword", f"F{me}")
    dancer = put_unit(state, me, "moonblade-dancer", f"F{me}")  # Dual Wield
    gold(state, me, 20)
    swords = [to_hand(state, me, "steel-sword") for _ in range(3)]
    axe = to_hand(state, me, "jagged-axe")
    act(state, {"type": "play", "card": swords[0], "target": sellsword})
    assert sellsword not in {a["target"] for a in plays(state, axe)}
    act(state, {"type": "play", "card": swords[1], "target": dancer})
    act(state, {"type": "play", "card": axe, "target": dancer})
    assert {a["target"] for a in plays(state, swords[2])} == set()
    assert fight.stat(state, dancer, "attack") == 3 + 1 + 1


# --- Ranged, Deflect ------------------------------------------------------------------------------


def test_a_ranged_unit_exhausts_to_shoot_a_unit_up_to_one_zone_away():
    state, me, them = board()
    archer = put_unit(state, me, "thornbow-archer", f"S{me}")  # Ranged 2
    near = put_unit(state, them, "sellsword", "B")
    far = put_unit(state, them, "sellsword", f"S{them}")
    shots = {a["target"] for a in legal(state) if a["type"] == "shoot"}
    assert shots == {near}
    assert far in state["units"]
    act(state, {"type": "shoot", "unit": archer, "target": near})
    assert near not in state["units"]
    assert state["units"][archer]["exhausted"]


def test_deflect_units_are_not_offered_as_ranged_targets_and_etherial_takes_one_less():
    state, me, them = board()
    put_unit(state, me, "crossbow-warden", "B")  # Ranged 1
    warden = put_unit(state, them, "grove-warden", "B")  # Deflect
    monk = put_unit(state, them, "wandering-monk", "B")  # Etherial
    shots = {a["target"] for a in legal(state) if a["type"] == "shoot"}
    assert warden not in shots
    assert monk in shots
    shooter = next(a["unit"] for a in legal(state) if a["type"] == "shoot")
    act(state, {"type": "shoot", "unit": shooter, "target": monk})
    assert state["units"][monk]["hp"] == 1


def test_the_attacked_player_may_shoot_while_answering():
    state, me, them = board()
    ogre = put_unit(state, me, "cinder-ogre", "B")
    archer = put_unit(state, them, "thornbow-archer", f"S{them}")
    post = put_unit(state, them, "sellsword", "B")
    attack_with(state, ogre, post)
    assert {"type": "shoot", "unit": archer, "target": ogre} in legal(state, them)


def test_elven_sight_gives_ranged_one_to_a_unit_without_it():
    state, me, _ = board()
    footman = put_unit(state, me, "ironhold-footman", f"F{me}")
    sight = to_hand(state, me, "elven-sight")
    gold(state, me, 2)
    assert "Ranged" not in effects.skills(state, footman)
    act(state, {"type": "play", "card": sight, "target": footman})
    assert "Ranged" in effects.skills(state, footman)
    assert effects.range_of(state, footman) == 1


# --- cards as data ------------------------------------------------------------------------------


def test_every_starter_card_with_rules_text_has_effects_keywords_or_stats_that_say_it():
    reminders = ("Mounted", "Ranged", "Charge", "Deflect", "Etherial", "Dual Wield", "Alert")
    for key, printed in cards.catalogue().items():
        text = printed["text"]
        for skill in reminders:
            text = text.replace(skill, "")
        said = printed["effects"] or printed["skills"] or "gold" in printed["stats"]
        if printed["text"] and printed["type"] != "token" and key != "veteran-knight":
            assert said, f"{printed['name']} has text the engine cannot read"
