"""Rune Duel, rulebook 004 section 2.3: the battle line, combat, post-combat, keywords, spells."""

from __future__ import annotations

from gameplay.engine.rune_duel import RUNE_DUEL as RD
from gameplay.engine.rune_duel import flow
from gameplay.engine.rune_duel.scenario import (
    artifact,
    build,
    creature,
    line_names,
    names,
    spell,
    warlord,
)

# A card seat 1 can never trump (rank 9 beats every test card; rune V needs rune I to answer).
BLOCKER = creature("Blocker", 9, 5, 0, 1)


def lead(card, *, lines=((), ()), holding=((), ()), seat1_hand=(), **kwargs):
    """Seat 0 leads `card` and wins the duel at once (seat 1 holds only cards that cannot trump)."""
    state = build(
        hands=[[card, BLOCKER], list(seat1_hand) or [creature("Dud", 0, 4, 0, 1)]],
        lines=lines,
        holding=holding,
        **kwargs,
    )
    RD.apply(state, 0, next(a for a in RD.legal_actions(state, 0) if a["name"] == card["name"]))
    return state


def entry(state, seat, slot):
    return state["line"][str(seat)][slot]


def nobody():
    """A card that never reaches play: its rank is above any summons number here."""
    return creature("Nobody", 15, 1, 0, 1)


# ----- placing the duel's cards -------------------------------------------------------------
def test_a_creature_goes_to_the_first_free_slot_of_the_player_who_played_it():
    state = lead(creature("New", 1, 1, 1, 5), lines=[[creature("Old", 1, 1, 1, 5)], []])
    assert line_names(state, 0) == ["Old", "New"]
    assert line_names(state, 1) == []


def test_a_warlord_is_placed_and_fights_like_a_creature():
    state = lead(warlord("Lord", 2, 1, 3, 4))
    assert line_names(state, 0) == ["Lord"]
    assert state["life"]["1"] == 20 - 1 - 3  # one card left in hand, then an unopposed hit


def test_eligible_cards_of_both_players_are_shuffled_together_by_chance():
    # given both players put a creature into the duel, over many seeds
    orders = set()
    for seed in range(12):
        state = build(
            hands=[
                [creature("A", 1, 1, 0, 5), creature("Z", 0, 3, 0, 1)],
                [creature("B", 2, 1, 0, 5)],
            ],
            seed=seed,
        )
        RD.apply(state, 0, RD.legal_actions(state, 0)[0])
        RD.apply(state, 1, RD.legal_actions(state, 1)[0])
        story = state["story"]
        orders.add(tuple(line.split()[0] for line in story if " enters slot" in line))
        assert any(e["chance"] == "shuffle the cards for the battle line" for e in state["events"])
    # then both placement orders occur
    assert orders == {("A", "B"), ("B", "A")}


def test_an_entering_creature_resolves_its_effect_before_the_next_card():
    shooter = creature(
        "Shooter", 1, 1, 0, 3, effects=[{"op": "damage", "target": "creature", "amount": 2}]
    )
    state = lead(shooter, lines=[[], [creature("Target", 1, 1, 0, 2)]])
    enters = next(i for i, line in enumerate(state["story"]) if line.startswith("Shooter enters"))
    assert "Shooter on Target" in state["story"][enters + 1]
    assert line_names(state, 1) == []  # Target died before combat


def test_an_entry_effect_without_a_target_is_lost_but_the_creature_enters():
    shooter = creature(
        "Shooter", 1, 1, 0, 3, effects=[{"op": "damage", "target": "creature", "amount": 2}]
    )
    state = lead(shooter)
    assert line_names(state, 0) == ["Shooter"]
    assert any("no target, the effect is lost" in line for line in state["story"])


def test_an_artifact_goes_on_the_first_creature_without_an_artifact():
    lines = [
        [
            (creature("A", 1, 1, 0, 9), artifact("Old", 1, 1, 1)),
            creature("B", 1, 1, 0, 9),
            creature("C", 1, 1, 0, 9),
        ],
        [],
    ]
    state = lead(artifact("Sword", 1, 2, 2, 1), lines=lines)
    assert names(state, entry(state, 0, 1)["artifacts"]) == ["Sword"]
    assert entry(state, 0, 2)["artifacts"] == []
    assert RD.view(state, 0)["players"]["0"]["line"][1]["attack"] == 2


def test_an_artifact_goes_only_on_its_owners_line():
    # "the first available creature ... on that player's battle line": an opposing creature
    # without an artifact is no target, so the artifact waits in the holding area
    state = lead(artifact("Sword", 1, 2, 2, 1), lines=[[], [creature("Theirs", 1, 1, 0, 9)]])
    assert entry(state, 1, 0)["artifacts"] == []
    assert names(state, state["zones"]["0"]["holding"]) == ["Sword"]


def test_an_artifact_with_no_creature_waits_in_the_holding_area_and_is_played_later():
    # given no creature: the artifact is held
    state = lead(artifact("Sword", 1, 2, 2, 1), decks=[[creature("Pup", 1, 1, 1, 3)] * 5, []])
    assert names(state, state["zones"]["0"]["holding"]) == ["Sword"]
    # when the end of combat passes, the held card is not reshuffled into the deck
    RD.apply(state, 0, {"type": "keep"})
    RD.apply(state, 1, {"type": "keep"})
    assert "Sword" not in names(state, state["zones"]["0"]["deck"] + state["zones"]["0"]["hand"])
    # and when a creature arrives in a later round, the held artifact follows it into play
    state["leader"] = 0
    RD.apply(state, 0, next(a for a in RD.legal_actions(state, 0) if a["name"] == "Pup"))
    while state["phase"] == "duel":
        seat = RD.decision(state).seats[0]
        RD.apply(state, seat, RD.legal_actions(state, seat)[0])
    assert state["zones"]["0"]["holding"] == []
    assert names(state, entry(state, 0, 0)["artifacts"]) == ["Sword"]


def test_a_card_sent_to_the_holding_area_this_round_waits_for_a_later_round():
    # given an artifact and a creature in one duel, in every order the shuffle gives
    outcomes = set()
    for seed in range(10):
        state = build(
            hands=[
                [artifact("Sword", 1, 1, 2, 0), creature("Pup", 2, 1, 1, 3)],
                [creature("Pawn", 1, 2, 0, 1)],
            ],
            seed=seed,
        )
        RD.apply(state, 0, RD.legal_actions(state, 0)[0])  # Sword (1-I)
        RD.apply(state, 1, RD.legal_actions(state, 1)[0])  # Pawn (1-II) trumps by rune
        RD.apply(state, 0, RD.legal_actions(state, 0)[0])  # Pup (2-I) trumps by rank
        on_pup = names(state, entry(state, 0, 0)["artifacts"])
        held = names(state, state["zones"]["0"]["holding"])
        # then either the Pup came first and wears the Sword, or the Sword found no creature
        # and waits "to be played on a later turn" (R9): never retried in the same round
        assert (on_pup, held) in ((["Sword"], []), ([], ["Sword"]))
        outcomes.add(tuple(held))
    assert outcomes == {(), ("Sword",)}, "both shuffle orders occur over these seeds"


def test_a_spell_with_no_valid_target_waits_in_the_holding_area():
    state = lead(spell("Spark", 1, 1, "damage", "creature", 2))
    assert names(state, state["zones"]["0"]["holding"]) == ["Spark"]


# ----- combat ----------------------------------------------------------------------------------
def test_creatures_fight_the_slot_across_simultaneously_and_unopposed_ones_hit_life():
    lines = [[creature("A", 1, 1, 2, 3), creature("C", 1, 1, 2, 5)], [creature("B", 1, 1, 1, 5)]]
    state = lead(nobody(), lines=lines)
    assert entry(state, 0, 0)["damage"] == 1
    assert entry(state, 1, 0)["damage"] == 2
    assert state["life"]["1"] == 20 - 1 - 2  # the duel's one card, then C unopposed


def test_combat_starts_with_slot_1():
    # given seat 0 takes no duel damage (seat 1 holds no card), then in combat seat 1's Boar
    # breaks through in slot 1 and seat 0's Hitter is unopposed in slot 2
    lines = [
        [creature("Pawn", 1, 1, 0, 1), creature("Hitter", 1, 1, 2, 9)],
        [creature("Boar", 1, 1, 5, 9, "Breakthrough")],
    ]
    state = build(hands=[[nobody()], []], lines=lines)
    RD.apply(state, 0, RD.legal_actions(state, 0)[0])
    # then slot 1 was fought first: seat 1 dealt the first damage (the time rule's tie-break)
    assert state["life"] == {"0": 20 - 4, "1": 20 - 2}
    assert state["first_damage"] == 1


def test_a_creature_at_zero_life_is_removed_with_its_artifacts_to_the_discard_pile():
    lines = [[creature("A", 1, 1, 3, 9)], [(creature("B", 1, 1, 1, 2), artifact("Helm", 1, 1))]]
    state = lead(nobody(), lines=lines)
    assert line_names(state, 1) == []
    assert sorted(names(state, state["zones"]["1"]["discard"])) == ["B", "Helm"]


def test_damage_to_creatures_persists_between_rounds():
    lines = [[creature("A", 1, 1, 1, 9)], [creature("B", 1, 1, 1, 9)]]
    state = lead(nobody(), lines=lines, decks=[[nobody()] * 5, [nobody()] * 5])
    assert entry(state, 0, 0)["damage"] == 1
    RD.apply(state, 0, {"type": "keep"})
    RD.apply(state, 1, {"type": "keep"})
    while state["phase"] == "duel":
        seat = RD.decision(state).seats[0]
        RD.apply(state, seat, RD.legal_actions(state, seat)[0])
    assert entry(state, 0, 0)["damage"] == 2
    assert entry(state, 1, 0)["damage"] == 2


def test_a_double_attack_comes_after_the_first_round_and_is_not_answered():
    lines = [[creature("Twin", 1, 1, 2, 3, "Twin Strike")], [creature("Wall", 1, 1, 1, 10)]]
    state = lead(nobody(), lines=lines)
    assert entry(state, 1, 0)["damage"] == 4  # two attacks
    assert entry(state, 0, 0)["damage"] == 1  # answered once (ruling R14)


def test_a_double_attacker_killed_in_the_first_round_does_not_attack_again():
    lines = [[creature("Twin", 1, 1, 2, 1, "Double Attack")], [creature("Wall", 1, 1, 1, 10)]]
    state = lead(nobody(), lines=lines)
    assert entry(state, 1, 0)["damage"] == 2
    assert line_names(state, 0) == []


def test_a_second_attack_into_an_emptied_slot_hits_life():
    # ruling R14: the first attack killed the opposing creature
    lines = [[creature("Twin", 1, 1, 2, 3, "Twin Strike")], [creature("Pawn", 1, 1, 0, 2)]]
    state = lead(nobody(), lines=lines)
    assert state["life"]["1"] == 20 - 1 - 2


def test_breakthrough_sends_the_excess_damage_to_the_opponent():
    lines = [[creature("Boar", 1, 1, 5, 5, "Breakthrough")], [creature("Pawn", 1, 1, 1, 2)]]
    state = lead(nobody(), lines=lines)
    assert state["life"]["1"] == 20 - 1 - 3


def test_an_artifact_can_grant_breakthrough():
    lines = [
        [(creature("Ox", 1, 1, 3, 5), artifact("Harness", 1, 1, 1, 1, "Breakthrough"))],
        [creature("Pawn", 1, 1, 1, 2)],
    ]
    state = lead(nobody(), lines=lines)
    assert state["life"]["1"] == 20 - 1 - 2


def test_regeneration_heals_after_combat_and_fade_discards_after_combat():
    lines = [
        [
            creature("Troll", 1, 1, 0, 9, "Regeneration", regeneration=2),
            creature("Ghost", 1, 1, 1, 5, "Fade"),
        ],
        [creature("Hitter", 1, 1, 3, 20), creature("Wall", 1, 1, 0, 20)],
    ]
    state = lead(nobody(), lines=lines)
    assert entry(state, 0, 0)["damage"] == 1  # 3 damage, healed 2
    assert line_names(state, 0) == ["Troll"]
    assert "Ghost" in names(state, state["zones"]["0"]["discard"])


def test_after_combat_creatures_shift_to_fill_the_gaps():
    lines = [
        [creature("Weak", 1, 1, 0, 1), creature("Strong", 1, 1, 0, 9)],
        [creature("Killer", 1, 1, 5, 9)],
    ]
    state = lead(nobody(), lines=lines)
    assert line_names(state, 0) == ["Strong"]
    assert state["line"]["0"][0] is not None


def test_both_players_can_fall_in_the_same_combat_and_higher_life_wins():
    # given seat 0 breaks through for 20 while seat 1's unopposed creature hits for 30
    lines = [
        [creature("Boar", 1, 1, 25, 1, "Breakthrough")],
        [creature("Wall", 1, 1, 0, 5), creature("Giant", 1, 1, 30, 1)],
    ]
    # when combat is fought
    state = lead(nobody(), lines=lines)
    # then both are at zero or below, and the higher life total wins (ruling R12)
    assert state["life"] == {"0": -10, "1": -1}
    assert state["outcome"] == {"winners": [1], "reason": "life"}


def test_equal_life_at_the_end_goes_to_the_first_seat_that_dealt_damage():
    # ruling R12: equal life, then first damage, else a draw
    state = build(hands=[[nobody()], [nobody()]])
    state["life"] = {"0": 0, "1": 0}
    state["first_damage"] = 1
    flow.end_game(state, "life")
    assert state["outcome"]["winners"] == [1]
    state["first_damage"] = None
    flow.end_game(state, "life")
    assert state["outcome"]["winners"] == []


# ----- keywords that change placement ----------------------------------------------------------
def test_charge_lets_the_owner_choose_any_empty_slot():
    lines = [
        [creature("Own", 1, 1, 0, 9)],
        [creature("P", 1, 1, 0, 9), creature("Q", 1, 1, 0, 9), creature("R", 1, 1, 0, 9)],
    ]
    state = lead(creature("Hound", 1, 1, 2, 2, "Charge"), lines=lines)
    # then seat 0 chooses among slots 2-4 (ruling R7: up to one past the longer line)
    assert state["phase"] == "choose"
    assert RD.legal_actions(state, 0) == [{"type": "slot", "slot": n} for n in (2, 3, 4)]
    assert RD.legal_actions(state, 1) == []
    RD.apply(state, 0, {"type": "slot", "slot": 4})
    # the Hound fought in slot 4, unopposed, then the line closed up
    assert state["life"]["1"] == 20 - 1 - 2
    assert line_names(state, 0) == ["Own", "Hound"]


def test_charge_with_one_empty_slot_asks_nothing():
    state = lead(creature("Hound", 1, 1, 2, 2, "Charge"))
    assert line_names(state, 0) == ["Hound"]


def test_carrot_seeker_takes_every_artifact_first():
    lines = [[creature("Plain", 1, 1, 0, 9), creature("Rabbit", 1, 1, 0, 9, "Carrot Seeker")], []]
    state = lead(
        artifact("Carrot", 1, 2, 1), lines=lines, holding=[[artifact("Turnip", 1, 2, 0, 1)], []]
    )
    assert names(state, entry(state, 0, 1)["artifacts"]) == ["Carrot", "Turnip"]
    assert entry(state, 0, 0)["artifacts"] == []


# ----- spells ----------------------------------------------------------------------------------
def test_a_spell_with_several_targets_lets_its_caster_choose():
    lines = [[], [creature("P", 1, 1, 0, 9), creature("Q", 1, 1, 0, 2)]]
    state = lead(spell("Spark", 1, 1, "damage", "creature", 2), lines=lines)
    assert RD.legal_actions(state, 0) == [
        {"type": "target", "seat": 1, "slot": 1},
        {"type": "target", "seat": 1, "slot": 2},
    ]
    RD.apply(state, 0, {"type": "target", "seat": 1, "slot": 2})
    assert line_names(state, 1) == ["P"]
    assert names(state, state["zones"]["0"]["discard"]) == ["Spark"]


def test_heal_needs_a_damaged_creature_of_the_caster():
    mend = spell("Mend", 1, 1, "heal", "creature", 3)
    state = lead(mend, lines=[[creature("Fresh", 1, 1, 0, 9)], []])
    assert names(state, state["zones"]["0"]["holding"]) == ["Mend"]
    hurt = [[creature("Hurt", 1, 1, 0, 9)], []]
    state = build(hands=[[mend, BLOCKER], [creature("Dud", 0, 4, 0, 1)]], lines=hurt)
    state["line"]["0"][0]["damage"] = 5
    RD.apply(state, 0, RD.legal_actions(state, 0)[0])
    assert entry(state, 0, 0)["damage"] == 2


def test_player_damage_spell_hits_life_and_counts_as_first_damage():
    state = build(
        hands=[[spell("Bolt", 1, 1, "damage", "player", 2), BLOCKER], [creature("Dud", 0, 4, 0, 1)]]
    )
    RD.apply(state, 0, RD.legal_actions(state, 0)[0])
    assert state["life"]["1"] == 20 - 1 - 2
    assert state["first_damage"] == 0


def test_area_damage_hits_every_creature_and_buffs_last():
    lines = [[creature("Mine", 1, 1, 0, 4)], [creature("Theirs", 1, 1, 0, 3)]]
    state = lead(spell("Quake", 1, 1, "damage", "all_creatures", 3), lines=lines)
    assert line_names(state, 1) == []
    assert entry(state, 0, 0)["damage"] == 3
    rally = spell("Rally", 1, 1, "buff", "all_own", attack=1, life=0)
    state = lead(rally, lines=[[creature("Pup", 1, 1, 1, 9)], []])
    assert entry(state, 0, 0)["buff"] == [1, 0]
    assert state["life"]["1"] == 20 - 1 - 2


def test_life_can_rise_above_its_starting_value():
    # ruling R1: "can be raised above its starting value"
    state = lead(spell("Vigor", 1, 1, "heal", "self", 3))
    assert state["life"]["0"] == 23
    assert state["life_gained"]["0"] == 3
