"""Conventional Combat: one test per clause of the rulebook text, plus the rulings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gameplay.engine import registry
from gameplay.engine.conventional_combat import duel
from gameplay.engine.conventional_combat.cards import (
    DEFAULT_FORCES,
    NULL_ACTION,
    STARTER_CARDS,
    action,
    card_problems,
    character,
    effect_problems,
    from_catalogue_card,
)
from gameplay.engine.core import EngineError, IllegalAction, new_game, play

RULES = registry.get("conventional-combat")
FLAT = (3, 3, 3, 3)
STARTER_SET = json.loads(
    (
        Path(__file__).resolve().parents[3] / "decks/data/conventional_combat_starter.json"
    ).read_text()
)


def quick_force(attack: int = 6, element: str = "fire") -> list[dict]:
    """A quick-duel force: three plain characters and three plain actions."""
    chars = [character(f"C{i}", "H", element, attack, FLAT, []) for i in range(3)]
    acts = [action(f"A{i}", []) for i in range(3)]
    return chars + acts


def full_force() -> list[dict]:
    """A full-match force: six plain characters and four plain actions."""
    chars = [character(f"C{i}", "H", "fire", 5 + i % 2, FLAT, []) for i in range(6)]
    return chars + [action(f"A{i}", []) for i in range(4)]


def choose(state: dict, seat: int, name: str) -> None:
    """The seat chooses the card with that name for the current step."""
    for option in RULES.legal_actions(state, seat):
        if option["name"] == name:
            play(state, seat, option)
            return
    raise AssertionError(f"{name} is not a legal choice for seat {seat}")


def duel_of(state: dict, picks0: tuple, picks1: tuple) -> None:
    """Both seats make their choices for each step still open in this duel."""
    for pick0, pick1 in zip(picks0, picks1, strict=True):
        choose(state, 0, pick0)
        choose(state, 1, pick1)


def game(mode: str = "quick-duel", force0=None, force1=None, seed: int = 1) -> dict:
    """A new game with the given forces (plain ones by default)."""
    make = quick_force if mode == "quick-duel" else full_force
    options = {"mode": mode, "force_0": force0 or make(), "force_1": force1 or make()}
    return new_game("conventional-combat", seats=2, seed=seed, options=options)


# ----- Quick Duel steps --------------------------------------------------------------------
def test_steps_are_fighter_then_supporter_then_action():
    state = game()
    assert state["phase"] == "fighter"
    assert {a["type"] for a in RULES.legal_actions(state, 0)} == {"fighter"}
    duel_of(state, ("C0",), ("C0",))
    assert state["phase"] == "supporter"
    duel_of(state, ("C1",), ("C1",))
    assert state["phase"] == "action"
    assert {a["name"] for a in RULES.legal_actions(state, 0)} == {"A0", "A1", "A2"}


def test_fighter_and_supporter_steps_offer_only_characters_and_action_only_actions():
    state = game()
    assert all(a["name"].startswith("C") for a in RULES.legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        play(state, 0, {"type": "fighter", "card": "0.3", "name": "A0"})


def test_choices_are_secret_until_both_have_chosen():
    # given seat 0 has chosen its Fighter
    state = game()
    choose(state, 0, "C2")
    # then seat 1 sees only that seat 0 has chosen, and nothing is on the table yet
    seen = RULES.view(state, 1)["players"]["0"]
    assert seen["chosen"] is True
    assert "choice" not in seen
    assert seen["fighter"] is None
    assert "0.2" in seen["hand"]
    assert RULES.view(state, 0)["players"]["0"]["choice"]["card"] == "0.2"
    assert "choice" not in RULES.view(state, None)["players"]["0"]
    # when seat 1 chooses, both are revealed together
    choose(state, 1, "C0")
    assert state["players"]["0"]["fighter"] == "0.2"
    assert state["players"]["1"]["fighter"] == "1.0"


def test_a_seat_cannot_choose_twice():
    state = game()
    choose(state, 0, "C0")
    assert RULES.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction, match="already chosen"):
        RULES.apply(state, 0, RULES.legal_actions(state, 1)[0])


def test_skill_is_attack_minus_the_opposing_defence_of_that_element():
    # given Fire 6 against a Fighter whose Fire defence is 4 (the rulebook's example)
    mine = character("Mine", "H", "fire", 6, (3, 3, 3, 3), [])
    theirs = character("Theirs", "H", "water", 2, (1, 1, 4, 1), [])
    state = game(force0=[mine, *quick_force()[1:]], force1=[theirs, *quick_force()[1:]])
    duel_of(state, ("Mine",), ("Theirs",))
    # then the Skill is 2, and the other side's is water 2 - 3 = -1
    sides = duel.matchup(state)
    assert sides["0"]["skill"] == 2
    assert sides["1"]["skill"] == -1


def test_skill_includes_supporter_and_action_bonuses():
    mine = character("Mine", "H", "fire", 6, FLAT, [])
    helper = character(
        "Helper", "H", "fire", 1, FLAT, [{"op": "attack", "amount": 1, "who": "self"}]
    )
    strike = action("Strike", [{"op": "attack", "amount": 2, "who": "self"}])
    force0 = [mine, helper, quick_force()[2], strike, *quick_force()[4:]]
    state = game(force0=force0)
    duel_of(state, ("Mine", "Helper", "Strike"), ("C0", "C1", "A0"))
    assert state["last_duel"]["sides"]["0"]["attack"] == 9
    assert state["last_duel"]["sides"]["0"]["skill"] == 5  # 9 - 3 = 6, capped at 5


def test_the_fighters_own_support_ability_does_not_count():
    # "covering up the Support Ability portion of the Combatant card": only the Supporter's
    # ability counts; the Fighter uses only its attack and defence
    boss = character("Boss", "H", "fire", 6, FLAT, [{"op": "attack", "amount": 3, "who": "self"}])
    state = game(force0=[boss, *quick_force()[1:]])
    duel_of(state, ("Boss", "C1", "A0"), ("C0", "C1", "A0"))
    assert state["last_duel"]["sides"]["0"]["attack"] == 6
    assert state["last_duel"]["sides"]["0"]["skill"] == 3  # 6 - 3, not 9 - 3 capped at 5


def test_skill_is_never_higher_than_five():
    force0 = quick_force(attack=20)
    state = game(force0=force0)
    duel_of(state, ("C0", "C1", "A0"), ("C0", "C1", "A0"))
    assert state["last_duel"]["sides"]["0"]["skill"] == 5


def test_skill_below_one_has_no_adverse_effect():
    assert duel.raised([1, 6], -3) == [1, 6]
    assert duel.raised([2, 2], 0) == [2, 2]


def test_dice_lower_than_the_skill_are_raised_to_it():
    assert duel.raised([1, 4], 3) == [3, 4]


def test_two_dice_each_come_from_the_seeded_chance():
    state = game()
    duel_of(state, ("C0", "C1", "A0"), ("C0", "C1", "A0"))
    roll = state["last_duel"]["rolls"][0]
    assert len(roll["0"]["dice"]) == len(roll["1"]["dice"]) == 2
    assert any(e.get("chance") == "duel dice" for e in state["events"])


def test_the_higher_total_wins_and_ties_are_rerolled():
    # given equal plain forces, find seeds whose first roll tied
    tied = 0
    for seed in range(60):
        state = game(seed=seed)
        duel_of(state, ("C0", "C1", "A0"), ("C0", "C1", "A0"))
        rolls = state["last_duel"]["rolls"]
        # then every roll but the last tied, and the last one's higher total won
        assert all(r["0"]["total"] == r["1"]["total"] for r in rolls[:-1])
        last = rolls[-1]
        assert last["0"]["total"] != last["1"]["total"]
        assert state["winner"] == (0 if last["0"]["total"] > last["1"]["total"] else 1)
        tied += len(rolls) > 1
    assert tied > 0


def test_the_impossible_case_rerolls_ignoring_skill():
    # given both Fighters raise both dice to 6 (Perfect Form 6 floors): totals always 12
    floor = action("Floor", [{"op": "die_floor", "value": 6, "who": "self"}])
    force = [*quick_force()[:3], floor, *quick_force()[4:]]
    state = game(force0=force, force1=[dict(c) for c in force])
    duel_of(state, ("C0", "C1", "Floor"), ("C0", "C1", "Floor"))
    rolls = state["last_duel"]["rolls"]
    assert all(r["ignoring_skill"] for r in rolls)
    assert rolls[-1]["0"]["total"] != rolls[-1]["1"]["total"]
    assert duel.tie_is_certain(state["last_duel"]["sides"])


def test_a_quick_duel_ends_after_one_duel():
    state = game()
    duel_of(state, ("C0", "C1", "A0"), ("C0", "C1", "A0"))
    result = RULES.result(state)
    assert result.facts["end"] == "duel"
    assert len(result.winners) == 1


def test_all_means_both_sides():
    quake = action("Quake", [{"op": "defense", "amount": -2, "who": "all"}])
    force0 = [*quick_force()[:3], quake, *quick_force()[4:]]
    state = game(force0=force0)
    duel_of(state, ("C0", "C1", "Quake"), ("C0", "C1", "A0"))
    sides = state["last_duel"]["sides"]
    assert sides["0"]["skill"] == sides["1"]["skill"] == 5  # 6 - (3 - 2) = 5 for both


def test_support_abilities_that_do_something_happen_when_played():
    # given seat 0 used an action in duel 1, then plays a recovering Supporter in duel 2
    hound = character("Hound", "M", "dark", 5, FLAT, [{"op": "recover_action", "who": "self"}])
    force0 = [*full_force()[:5], hound, *full_force()[6:]]
    state = game("full-match", force0=force0)
    duel_of(state, ("C0", "C1", "A0"), ("C0", "C1", "A0"))
    assert "0.6" in state["players"]["0"]["used"]
    # when the Supporter is revealed
    duel_of(state, ("Hound",), ("C2",))
    # then the used action is back in hand before the Action step
    assert state["phase"] == "action"
    assert "0.6" in state["players"]["0"]["hand"]


# ----- Full Match --------------------------------------------------------------------------
def test_full_match_hands_hold_ten_cards_plus_null():
    state = game("full-match")
    hand = state["players"]["0"]["hand"]
    assert len(hand) == 11
    assert state["cards"][hand[-1]] == NULL_ACTION


def test_loser_fighter_is_discarded_and_winner_returns_to_hand():
    state = game("full-match")
    duel_of(state, ("C0", "C1", "A0"), ("C0", "C1", "A0"))
    winner = str(state["last_duel"]["winner"])
    loser = "1" if winner == "0" else "0"
    assert state["players"][loser]["discard"] == [f"{loser}.0"]
    assert f"{winner}.0" in state["players"][winner]["hand"]


def test_used_actions_are_discarded_but_null_returns_to_hand():
    state = game("full-match")
    duel_of(state, ("C0", "C1", "A0"), ("C0", "C1", "Null"))
    assert state["players"]["0"]["used"] == ["0.6"]
    assert state["players"]["1"]["used"] == []
    assert "1.10" in state["players"]["1"]["hand"]


def test_supporters_become_fighters_and_the_next_duel_starts_with_supporter():
    state = game("full-match")
    duel_of(state, ("C0", "C1", "A0"), ("C0", "C1", "A0"))
    assert state["players"]["0"]["fighter"] == "0.1"
    assert state["players"]["1"]["fighter"] == "1.1"
    assert state["phase"] == "supporter"
    assert state["duel"] == 2


def test_a_player_with_three_characters_in_the_discard_pile_surrenders():
    state = game("full-match", seed=3)
    while state["phase"] != "over":
        for seat in RULES.decision(state).seats:
            play(state, seat, RULES.legal_actions(state, seat)[0])
    loser = 1 - state["winner"]
    assert len(state["players"][str(loser)]["discard"]) == 3
    assert state["end"] == "surrender"
    assert RULES.result(state).life[loser] == 3  # six characters, three defeated


def test_no_supporter_left_means_fighting_without_support():
    # given seat 0's supporters raise its dice to 6 (it always wins) and seat 1 has 3 characters
    floor = [{"op": "die_floor", "value": 6, "who": "self"}]
    force0 = [character(f"C{i}", "H", "fire", 5, FLAT, floor) for i in range(6)]
    force0 += [action(f"A{i}", []) for i in range(4)]
    force1 = [character(f"K{i}", "H", "fire", 1, FLAT, []) for i in range(3)]
    force1 += [action(f"B{i}", []) for i in range(7)]
    state = game("full-match", force0=force0, force1=force1)
    duel_of(state, ("C0", "C1", "A0"), ("K0", "K1", "B0"))
    duel_of(state, ("C2", "A1"), ("K2", "B1"))
    # then seat 1 lost twice and, with no character left, only seat 0 picks a Supporter
    assert state["players"]["1"]["discard"] == ["1.0", "1.1"]
    assert state["phase"] == "supporter"
    assert RULES.decision(state).seats == (0,)
    choose(state, 0, "C3")
    assert state["players"]["1"]["supporter"] is None
    assert state["phase"] == "action"


def test_a_winner_without_a_supporter_chooses_a_new_fighter_then_the_duel_goes_on():
    # given seat 0 has three characters and seat 1 wins the first two duels with Floor actions
    floor = [{"op": "die_floor", "value": 6, "who": "self"}]
    force0 = [character(f"K{i}", "H", "fire", 1, FLAT, []) for i in range(3)]
    force0 += [action(f"B{i}", []) for i in range(6)] + [action("Floor0", floor)]
    force1 = [*full_force()[:6], action("Floor1", floor), action("Floor2", floor)]
    force1 += [action("A2", []), action("A3", [])]
    state = game("full-match", force0=force0, force1=force1)
    duel_of(state, ("K0", "K1", "B0"), ("C0", "C1", "Floor1"))
    duel_of(state, ("K2", "B1"), ("C2", "Floor2"))
    assert state["players"]["0"]["discard"] == ["0.0", "0.1"]
    # when seat 0, with no character left for a Supporter, wins the third duel
    choose(state, 1, "C3")
    assert state["players"]["0"]["supporter"] is None
    duel_of(state, ("Floor0",), ("A2",))
    assert state["last_duel"]["winner"] == 0
    # then it had no Supporter to become its Fighter: it alone chooses a new Fighter now
    assert state["phase"] == "fighter"
    assert RULES.decision(state).seats == (0,)
    assert [a["name"] for a in RULES.legal_actions(state, 0)] == ["K2"]
    choose(state, 0, "K2")
    # and the next duel goes on with the Supporter step (seat 1 only: seat 0 has no character)
    assert state["players"]["0"]["fighter"] == "0.2"
    assert state["players"]["1"]["fighter"] == "1.3"
    assert state["phase"] == "supporter"
    assert RULES.decision(state).seats == (1,)


def test_time_facts_count_characters_left_and_first_duel_winner():
    state = game("full-match")
    assert RULES.time_facts(state) == {"life": {0: 6, 1: 6}, "first_damage": None}
    duel_of(state, ("C0", "C1", "A0"), ("C0", "C1", "A0"))
    facts = RULES.time_facts(state)
    winner = state["last_duel"]["winner"]
    assert facts["first_damage"] == winner
    assert facts["life"][winner] == 6
    assert facts["life"][1 - winner] == 5


def test_effects_outside_the_vocabulary_are_flagged():
    assert effect_problems([{"op": "attack", "amount": 1, "who": "self"}]) == []
    assert effect_problems([{"op": "teleport"}])
    assert effect_problems("print('hi')")


# ----- rulings (conventional_combat/RULINGS.md) ----------------------------------------
def test_ruling_cc1_forces_are_open_but_choices_secret():
    state = game()
    choose(state, 0, "C1")
    seen = RULES.view(state, 1)
    assert seen["players"]["0"]["hand"] == state["players"]["0"]["hand"]
    assert "choice" not in seen["players"]["0"]


def test_ruling_cc2_identical_cards_are_one_choice():
    force = [character("Twin", "H", "fire", 6, FLAT, []) for _ in range(3)]
    force += [action("A0", []) for _ in range(3)]
    state = game(force0=force)
    assert [a["card"] for a in RULES.legal_actions(state, 0)] == ["0.0"]


def test_ruling_cc3_support_ability_that_does_something_ignores_silence():
    # given seat 1 silences seat 0's Supporter, which recovered an action when it was played
    hound = character("Hound", "M", "dark", 5, FLAT, [{"op": "recover_action", "who": "self"}])
    silence = action("Silence", [{"op": "negate_support", "who": "opponent"}])
    force0 = [*full_force()[:5], hound, *full_force()[6:]]
    force1 = [*full_force()[:6], silence, *full_force()[7:]]
    state = game("full-match", force0=force0, force1=force1)
    duel_of(state, ("C0", "C1", "A0"), ("C0", "C1", "A1"))
    duel_of(state, ("Hound", "A1"), ("C2", "Silence"))
    # then the recovered action stayed in hand (it happened as soon as Hound was played)
    assert "0.6" in state["players"]["0"]["hand"]
    assert "0.6" not in state["players"]["0"]["used"]


# ----- the starter set's card abilities (the decks app's vocabulary) ------------------------
def test_the_engine_plays_the_decks_starter_set_and_its_starter_decks():
    # the engine's starter cards are the decks app's set, translated card by card
    catalogue = [c for c in STARTER_SET["cards"] if c["name"] != "Null"]
    assert [from_catalogue_card(c) for c in catalogue] == STARTER_CARDS
    assert all(card_problems(c) == [] for c in catalogue)
    # and a side that brings no force plays the set's starter deck for the mode
    decks = {d["format"]: [name for _n, name in d["cards"]] for d in STARTER_SET["decks"]}
    assert decks == DEFAULT_FORCES
    state = new_game("conventional-combat", seats=2, seed=1)
    names = [state["cards"][c]["name"] for c in state["players"]["0"]["hand"]]
    assert names == [*decks["full-match"], "Null"]


def test_a_force_of_decks_app_cards_is_played():
    by_name = {c["name"]: c for c in STARTER_SET["cards"]}
    force = [by_name[n] for n in ("Sunblade Squire", "Ash Monk", "Clockwork Duelist")]
    force += [by_name[n] for n in ("Focus", "Second Wind", "Feint")]
    state = game(force0=force)
    duel_of(state, ("Sunblade Squire", "Ash Monk", "Focus"), ("C0", "C1", "A0"))
    assert state["phase"] == "over"
    # Sunblade Squire (Light 5) against a flat 3 defence: 2, plus Focus's +2 skill
    assert state["last_duel"]["sides"]["0"]["skill"] == 4


def test_skill_effects_add_to_the_skill_which_still_cannot_pass_five():
    focus = action("Focus", [{"op": "skill", "amount": 2, "who": "self"}])
    state = game(force0=[*quick_force(attack=7)[:3], focus, *quick_force()[4:]])
    duel_of(state, ("C0", "C1", "Focus"), ("C0", "C1", "A0"))
    assert state["last_duel"]["sides"]["0"]["skill"] == 5  # 7 - 3 + 2 = 6, capped


def test_conditional_bonuses_need_the_element_or_the_opposing_type():
    dark = {"op": "attack", "amount": 1, "who": "self", "if_element": "dark"}
    hunt = {"op": "attack", "amount": 3, "who": "self", "if_opponent_types": ["M"]}
    helper = character("Helper", "H", "fire", 1, FLAT, [dark])
    hunter = action("Hunt", [hunt])
    force0 = [quick_force()[0], helper, quick_force()[2], hunter, *quick_force()[4:]]
    # given a fire Fighter against a Humanoid: neither condition holds
    state = game(force0=force0)
    duel_of(state, ("C0", "Helper", "Hunt"), ("C0", "C1", "A0"))
    assert state["last_duel"]["sides"]["0"]["attack"] == 6
    # given a dark Fighter (Elemental change) against a Monster: both hold
    shift = character(
        "Shift", "H", "fire", 1, FLAT, [dark, {"op": "element", "element": "dark", "who": "self"}]
    )
    monster = character("Beast", "M", "fire", 6, FLAT, [])
    force0 = [quick_force()[0], shift, quick_force()[2], hunter, *quick_force()[4:]]
    force1 = [monster, *quick_force()[1:]]
    state = game(force0=force0, force1=force1)
    duel_of(state, ("C0", "Shift", "Hunt"), ("Beast", "C1", "A0"))
    assert state["last_duel"]["sides"]["0"]["attack"] == 10


def test_ruling_cc10_a_side_behind_rerolls_its_lower_die_once_per_reroll_card():
    wind = action("Wind", [{"op": "reroll", "who": "self"}])
    rerolled = 0
    for seed in range(40):
        state = game(force0=[*quick_force()[:3], wind, *quick_force()[4:]], seed=seed)
        duel_of(state, ("C0", "C1", "Wind"), ("C0", "C1", "A0"))
        rolls = state["last_duel"]["rolls"]
        uses = [r["0"].get("rerolled", 0) for r in rolls]
        # then seat 0 rerolled at most once in the whole duel, and only its lower die
        assert sum(uses) <= 1
        assert not any(r["1"].get("rerolled") for r in rolls)
        for roll in rolls:
            if roll["0"].get("rerolled"):
                before, after = roll["0"]["rolled"], roll["0"]["dice"]
                changed = [i for i in (0, 1) if before[i] != after[i]]
                assert all(before[i] == min(before) for i in changed)
                rerolled += 1
    assert rerolled > 0


def test_imported_cards_outside_the_vocabulary_are_flagged_not_played():
    bad = {
        "name": "Fireball",
        "type": "action",
        "effects": [{"op": "damage", "target": "creature", "amount": 2}],
    }
    [problem] = card_problems(bad)
    assert problem.startswith("Fireball: Effect 1: unknown effect 'damage'; known: attack,")
    with pytest.raises(EngineError, match="Fireball"):
        game(force0=[*quick_force()[:3], bad, *quick_force()[4:]])


@pytest.mark.parametrize(
    ("mode", "characters", "actions", "ok"),
    [
        ("quick-duel", 4, 2, True),
        ("quick-duel", 2, 4, True),
        ("quick-duel", 5, 1, False),  # fewer than two actions
        ("quick-duel", 1, 5, False),  # fewer than two characters
        ("quick-duel", 3, 4, False),  # seven cards
        ("full-match", 7, 3, True),
        ("full-match", 8, 2, False),  # fewer than three actions
        ("full-match", 2, 8, False),  # fewer than three characters
        ("full-match", 5, 4, False),  # nine cards
    ],
)
def test_a_combat_force_has_the_modes_size_and_mix(mode, characters, actions, ok):
    # Quick Duel: six cards, at least two actions and two characters; Full Match: ten cards,
    # at least three of each (Null is added by the engine, not part of the force)
    force = [character(f"C{i}", "H", "fire", 5, FLAT, []) for i in range(characters)]
    force += [action(f"A{i}", []) for i in range(actions)]
    options = {"mode": mode, "force_0": force}
    if ok:
        assert new_game("conventional-combat", seats=2, seed=1, options=options)
    else:
        with pytest.raises(EngineError, match="Seat 0's force cannot be used"):
            new_game("conventional-combat", seats=2, seed=1, options=options)


def test_the_view_gives_each_card_its_ability_in_words():
    view = RULES.view(new_game("conventional-combat", seats=2, seed=1), 0)
    texts = {card["name"]: card["text"] for card in view["cards"].values()}
    assert texts["Monster Hunt"] == "Your Fighter: +3 attack against a Monster."
    assert texts["Null"] == "No effect."
