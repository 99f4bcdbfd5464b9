"""Tests of the rulings in gameplay/engine/combat/RULINGS.md not covered by the clause tests."""

from __future__ import annotations

from gameplay.engine import core
from gameplay.engine.combat import COMBAT

from . import combat_helpers
from .combat_helpers import act, actor, done, farms, hand, legal, new, soldiers, turn_of


def test_r2_attacker_whose_blockers_all_died_deals_no_player_damage():
    # given (as one) a king and a 5 attack; one king of diamonds blocks both
    state = new(seats=4, teams="as-one")
    soldiers(state, 0, "KS")
    soldiers(state, 2, "5S")
    soldiers(state, 3, "KD")
    turn_of(state, 0, "attack")
    act(state, 0, {"type": "attack", "card": "KS", "target": 1})
    act(state, 2, {"type": "attack", "card": "5S", "target": 1})
    act(state, 3, {"type": "block", "card": "KD", "attacker": "KS"})
    act(state, 3, {"type": "block", "card": "KD", "attacker": "5S"})
    # when the kings trade at speed 10 (all 4 points of the king of diamonds on the king)
    for _ in range(4):
        act(state, 3, {"type": "damage", "card": "KD", "target": "KS"})
    # then the 5, striking later, is still blocked: nothing reaches the team's life
    assert state["life"]["1"] == 30
    assert state["soldiers"]["0"] == []
    assert state["soldiers"]["2"] == [["5S", 1]]


def test_r3_two_as_one_teams_first_team_skips_its_first_draw():
    state = core.new_game("combat", seats=4, seed=3, options={"teams": "as-one"})
    first = state["units"][state["turn"]["unit"]]
    assert [len(state["hands"][str(s)]) for s in first] == [7, 7]


def test_r6_specials_need_a_target():
    state = new()
    hand(state, 0, "3S", "2S", "JK1", "8D")
    soldiers(state, 0, "4S")
    farms(state, 0, 2)
    turn_of(state, 0, "main")
    specials = [a for a in legal(state) if a["type"] == "special"]
    # only the caster's own 4 is in play: the 3 may target it; the 2 and the Joker have no target
    assert specials == [{"type": "special", "card": "3S", "target": "4S"}]


def test_r8_one_blocker_cannot_block_two_attackers_of_the_same_player():
    state = new()
    soldiers(state, 0, "KS", "QS")
    soldiers(state, 1, "9D")
    turn_of(state, 0, "attack")
    act(state, 0, {"type": "attack", "card": "KS", "target": 1})
    act(state, 0, {"type": "attack", "card": "QS", "target": 1})
    act(state, 1, {"type": "block", "card": "9D", "attacker": "KS"})
    # then the 9 blocked once and seat 1 had no other choice: damage was dealt
    assert state["life"]["1"] == 17


def test_r10_r13_first_damage_is_the_fastest_unblocked_attacker_on_a_player():
    state = new(seats=4, teams="as-one")
    soldiers(state, 0, "4S")
    soldiers(state, 2, "9S")
    turn_of(state, 0, "attack")
    act(state, 0, {"type": "attack", "card": "4S", "target": 1})
    act(state, 2, {"type": "attack", "card": "9S", "target": 1})
    assert state["first_damage"] == 2


def test_r13_damage_to_soldiers_is_not_first_damage():
    state = new()
    combat_helpers.blocked_attack(state, "5S", "KD")
    assert state["first_damage"] is None


def test_r16_defenders_choose_blockers_one_after_another_clockwise():
    state = new(seats=3)
    soldiers(state, 1, "KS", "QS")
    soldiers(state, 2, "9D")
    soldiers(state, 0, "8C")
    turn_of(state, 1, "attack")
    act(state, 1, {"type": "attack", "card": "KS", "target": 2})
    act(state, 1, {"type": "attack", "card": "QS", "target": 0})
    assert actor(state) == 2  # clockwise from the attacker: seat 2, then seat 0
    done(state)
    assert actor(state) == 0


def test_r22_no_hand_size_limit():
    state = new()
    hand(state, 1, *["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H"])
    hand(state, 0, "2C")
    turn_of(state, 0, "main")
    act(state, 0, {"type": "end"})
    assert len(state["hands"]["1"]) == 10


def test_r24_an_ace_draws_before_it_is_discarded():
    # given an empty draw pile and one card in the discard pile
    state = new()
    hand(state, 0, "AH")
    soldiers(state, 0, "7H")
    farms(state, 0, 2)
    rest = list(state["draw"]["shared"])
    soldiers(state, 1, *rest[:-1])
    state["draw"]["shared"].clear()
    state["discard"]["shared"].append(rest[-1])
    turn_of(state, 0, "main")
    act(state, 0, {"type": "special", "card": "AH"})
    # then the ace was not shuffled back to be drawn: it is alone in the discard pile
    assert state["discard"]["shared"] == ["AH"]
    assert state["hands"]["0"] == [rest[-1]]
    COMBAT.check_invariants(state)


def _end_at_the_turn_limit(state: dict) -> list[int]:
    """Seat 0 ends its main step on the last turn; the winners the turn limit names."""
    hand(state, 0, "5H")
    turn_of(state, 0, "main")
    act(state, 0, {"type": "end"})
    assert COMBAT.result(state).facts["reason"] == "turn limit"
    return COMBAT.result(state).winners


def test_r12_an_alliance_at_the_turn_limit_counts_the_life_of_its_members_still_in():
    # given an alliance game (seats 0+2 against 1+3) at its last turn
    state = new(seats=4, teams="alliance", max_turns=5)
    for seat, life in {0: 5, 1: 15, 2: 20, 3: 15}.items():
        state["life"][str(seat)] = life
        state["damage_taken"][str(seat)] = 20 - life
    # then the team totals decide (25 against 30), not the single highest player (seat 2)
    assert _end_at_the_turn_limit(state) == [1, 3]
    # given seat 1 already knocked out at -5: its team has only seat 3's 22 (not 17)
    state = new(seats=4, teams="alliance", max_turns=5)
    for seat, life in {0: 10, 1: -5, 2: 10, 3: 22}.items():
        state["life"][str(seat)] = life
        state["damage_taken"][str(seat)] = 20 - life
    state["out"][1] = True
    assert _end_at_the_turn_limit(state) == [1, 3]
