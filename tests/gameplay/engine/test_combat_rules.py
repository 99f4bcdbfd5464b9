"""Combat rules, clause by clause (rulebook 000). Ruling numbers refer to combat/RULINGS.md."""

from __future__ import annotations

import pytest

from gameplay.engine import core
from gameplay.engine.combat import COMBAT, cards

from .combat_helpers import (
    act,
    actor,
    blocked_attack,
    done,
    farms,
    hand,
    legal,
    new,
    soldiers,
    turn_of,
)

# --- 2. Starting a game ------------------------------------------------------------------


def test_setup_deals_seven_cards_from_one_deck_per_two_players():
    # given games of 2, 3 and 5 players
    for seats, decks in ((2, 1), (3, 2), (4, 2), (5, 3)):
        # when dealt
        state = core.new_game("combat", seats=seats, seed=4)
        # then there is one 54-card deck per two players and everyone holds 7 (or 8 after a draw)
        assert len(state["cards"]) == 54 * decks
        assert len(set(state["cards"])) == 54 * decks
        sizes = sorted(len(h) for h in state["hands"].values())
        assert sizes[0] == 7


def test_every_player_starts_with_20_life():
    # "Players start with 20 life" (teams "as one" share 30: test_combat_modes)
    for seats in (2, 3, 6):
        state = core.new_game("combat", seats=seats, seed=3)
        assert COMBAT.time_facts(state)["life"] == dict.fromkeys(range(seats), 20)


def test_first_player_is_random_and_skips_first_draw_in_two_player_games():
    # given many two-player games
    starters = set()
    for seed in range(20):
        state = core.new_game("combat", seats=2, seed=seed)
        first = state["units"][state["turn"]["unit"]][0]
        starters.add(first)
        # then the first player still has 7 cards at its first decision (no draw)
        assert len(state["hands"][str(first)]) == 7
        assert state["turn"]["number"] == 1
    assert starters == {0, 1}


def test_first_player_draws_in_three_player_games():
    # ruling R3: only a two-sided game skips the first draw
    state = core.new_game("combat", seats=3, seed=2)
    first = state["units"][state["turn"]["unit"]][0]
    assert len(state["hands"][str(first)]) == 8


def test_turns_pass_clockwise():
    # given a 3-player game where seat 1 ends its turn with nothing to do
    state = new(seats=3)
    hand(state, 1, "5H")
    turn_of(state, 1, "main")
    # when seat 1 ends its main step
    act(state, 1, {"type": "end"})
    # then seat 2 (to its left) has the turn
    assert state["units"][state["turn"]["unit"]] == [2]


def test_empty_draw_pile_takes_the_shuffled_discard_pile():
    # given an empty draw pile and three cards in the discard pile
    state = new()
    hand(state, 1, "5H")
    rest = list(state["draw"]["shared"])
    state["draw"]["shared"].clear()
    state["discard"]["shared"].extend(rest)
    # when seat 0's turn begins (draw step)
    turn_of(state, 1, "main")
    act(state, 1, {"type": "end"})
    # then seat 0 drew one card from the reshuffled discard pile and the shuffle is logged
    assert len(state["hands"]["0"]) == 1
    assert len(state["draw"]["shared"]) == len(rest) - 1
    assert state["discard"]["shared"] == []
    assert any(e.get("chance") == "reshuffle shared" for e in state["events"])


def test_nothing_to_draw_when_draw_and_discard_piles_are_empty():
    # ruling R9
    state = new()
    hand(state, 1, "5H")
    everything = list(state["draw"]["shared"])
    soldiers(state, 1, *everything, sideways=1)
    turn_of(state, 1, "main")
    act(state, 1, {"type": "soldier", "card": "5H"})
    assert state["hands"]["0"] == []
    COMBAT.check_invariants(state)


# --- 3. Turn steps -------------------------------------------------------------------------


def test_beginning_step_turns_soldiers_and_farms_right_side_up_then_draws():
    # given seat 0 has a sideways soldier and a used farm, and seat 1 ends its turn
    state = new()
    soldiers(state, 0, "5H", sideways=1)
    farms(state, 0, 1)
    state["farms"]["0"][0][1] = 1
    hand(state, 1, "6C")
    turn_of(state, 1, "main")
    # when seat 1 ends its turn
    act(state, 1, {"type": "end"})
    # then seat 0's cards are right side up and it drew a card, and it may attack
    assert state["soldiers"]["0"] == [["5H", 0]]
    assert state["farms"]["0"][0][1] == 0
    assert len(state["hands"]["0"]) == 1
    assert state["turn"]["step"] == "attack"


# --- 4. Card types -------------------------------------------------------------------------


def test_spot_cards_speed_is_their_number_ace_one_joker_zero_courts_ten():
    assert cards.speed_of("AS") == 1
    assert cards.speed_of("7D") == 7
    assert cards.speed_of("10C") == 10
    assert cards.speed_of("JH") == cards.speed_of("QH") == cards.speed_of("KH") == 10
    assert cards.speed_of("JK1") == 0


def test_strength_spot_and_joker_one_courts_two_three_four():
    # ruling R1
    assert [cards.strength_of(c) for c in ("AS", "9D", "JK2")] == [1, 1, 1]
    assert [cards.strength_of(c) for c in ("JH", "QH", "KH")] == [2, 3, 4]
    assert [cards.court_cost(c) for c in ("JH", "QH", "KH")] == [1, 2, 3]


def test_spot_cards_are_played_as_soldiers_for_free():
    state = new()
    hand(state, 0, "9S")
    turn_of(state, 0, "main")
    act(state, 0, {"type": "soldier", "card": "9S"})
    assert state["soldiers"]["0"] == [["9S", 0]]


def test_court_card_needs_a_soldier_of_its_suit_and_its_cost_in_farms():
    # given seat 0 holds a queen of hearts, has a 4 of spades in play and 2 farms
    state = new()
    hand(state, 0, "QH", "8D")
    soldiers(state, 0, "4S")
    farms(state, 0, 2)
    turn_of(state, 0, "main")
    # then the queen cannot be played without a heart soldier
    assert {"type": "court", "card": "QH"} not in legal(state)
    with pytest.raises(core.IllegalAction):
        act(state, 0, {"type": "court", "card": "QH"})
    # when a heart soldier is played
    hand(state, 0, "2H")
    act(state, 0, {"type": "soldier", "card": "2H"})
    # then the queen is playable, and paying turns two farms sideways
    act(state, 0, {"type": "court", "card": "QH"})
    assert ["QH", 0] in state["soldiers"]["0"]
    assert [f[1] for f in state["farms"]["0"]] == [1, 1]


def test_court_card_needs_enough_farms():
    state = new()
    hand(state, 0, "KH")
    soldiers(state, 0, "4H")
    farms(state, 0, 2)
    turn_of(state, 0, "main")
    assert {"type": "court", "card": "KH"} not in legal(state)


def test_joker_in_play_counts_as_every_suit():
    state = new()
    hand(state, 0, "JC")
    soldiers(state, 0, "JK1")
    farms(state, 0, 1)
    turn_of(state, 0, "main")
    assert {"type": "court", "card": "JC"} in legal(state)


# --- Farms ---------------------------------------------------------------------------------


def test_only_one_farm_per_turn():
    state = new()
    hand(state, 0, "5H", "6H")
    turn_of(state, 0, "main")
    act(state, 0, {"type": "farm", "card": "5H"})
    assert not [a for a in legal(state) if a["type"] == "farm"]


def test_a_farm_pays_once_per_turn():
    # given two farms and two jacks with a heart soldier
    state = new()
    hand(state, 0, "JH", "QH")
    soldiers(state, 0, "3H")
    farms(state, 0, 2)
    turn_of(state, 0, "main")
    # when the queen uses both farms
    act(state, 0, {"type": "court", "card": "QH"})
    # then the jack can no longer be paid this turn
    assert {"type": "court", "card": "JH"} not in legal(state)


def test_farm_card_is_hidden_from_opponents():
    state = new()
    hand(state, 0, "KS")
    turn_of(state, 0, "main")
    act(state, 0, {"type": "farm", "card": "KS"})
    view = COMBAT.view(state, 1)
    assert view["farms"]["0"] == [["?", 0]]
    assert "KS" not in core.to_json(view)
    assert COMBAT.view(state, 0)["farms"]["0"] == [["KS", 0]]


# --- 5. Special abilities ------------------------------------------------------------------


def test_ace_special_draws_two_and_goes_to_the_discard_pile():
    state = new()
    hand(state, 0, "AH")
    soldiers(state, 0, "7H")
    farms(state, 0, 2)
    turn_of(state, 0, "main")
    act(state, 0, {"type": "special", "card": "AH"})
    assert len(state["hands"]["0"]) == 2
    assert state["discard"]["shared"] == ["AH"]
    assert [f[1] for f in state["farms"]["0"]] == [1, 1]


def test_special_needs_a_soldier_of_the_same_suit_and_two_farms():
    state = new()
    hand(state, 0, "AH", "3S")
    soldiers(state, 0, "7D")
    soldiers(state, 1, "5C")
    farms(state, 0, 1)
    turn_of(state, 0, "main")
    assert not [a for a in legal(state) if a["type"] == "special"]
    farms(state, 0, 1)
    soldiers(state, 0, "7H")
    assert {"type": "special", "card": "AH"} in legal(state)
    assert not [a for a in legal(state) if a["type"] == "special" and a["card"] == "3S"]


def test_three_destroys_any_soldier():
    # ruling R6: any soldier, the caster's own included
    state = new()
    hand(state, 0, "3S")
    soldiers(state, 0, "7S")
    soldiers(state, 1, "KD")
    farms(state, 0, 2)
    turn_of(state, 0, "main")
    targets = {a["target"] for a in legal(state) if a["type"] == "special"}
    assert targets == {"7S", "KD"}
    act(state, 0, {"type": "special", "card": "3S", "target": "KD"})
    assert state["soldiers"]["1"] == []
    assert sorted(state["discard"]["shared"]) == ["3S", "KD"]


def test_two_lets_the_opponent_choose_which_two_soldiers_die():
    # ruling R4
    state = new()
    hand(state, 0, "2C", "8H")
    soldiers(state, 0, "9C")
    soldiers(state, 1, "KD", "4D", "5S")
    farms(state, 0, 2)
    turn_of(state, 0, "main")
    act(state, 0, {"type": "special", "card": "2C", "opponent": 1})
    # then seat 1 chooses, one soldier at a time
    assert actor(state) == 1
    assert {a["card"] for a in legal(state)} == {"KD", "4D", "5S"}
    act(state, 1, {"type": "destroy", "card": "4D"})
    act(state, 1, {"type": "destroy", "card": "5S"})
    assert state["soldiers"]["1"] == [["KD", 0]]
    assert actor(state) == 0


def test_two_destroys_all_when_the_opponent_has_two_or_fewer():
    state = new()
    hand(state, 0, "2C", "8H")
    soldiers(state, 0, "9C")
    soldiers(state, 1, "KD", "4D")
    farms(state, 0, 2)
    turn_of(state, 0, "main")
    act(state, 0, {"type": "special", "card": "2C", "opponent": 1})
    assert state["soldiers"]["1"] == []
    assert actor(state) == 0


def test_joker_special_takes_control_of_an_opponents_soldier_without_suit_requirement():
    # ruling R5: the caster picks the soldier
    state = new()
    hand(state, 0, "JK1")
    soldiers(state, 1, "KD", sideways=1)
    farms(state, 0, 2)
    turn_of(state, 0, "main")
    assert {"type": "special", "card": "JK1", "target": "KD"} in legal(state)
    act(state, 0, {"type": "special", "card": "JK1", "target": "KD"})
    assert state["soldiers"]["0"] == [["KD", 1]]  # ruling R21: it stays sideways
    assert state["soldiers"]["1"] == []
    assert "JK1" in state["discard"]["shared"]


def test_joker_can_be_played_as_a_soldier():
    state = new()
    hand(state, 0, "JK2")
    turn_of(state, 0, "main")
    act(state, 0, {"type": "soldier", "card": "JK2"})
    assert state["soldiers"]["0"] == [["JK2", 0]]


def test_a_soldier_cannot_attack_the_turn_it_is_played_but_attacks_next_turn():
    # given seat 0 plays a 9 in its main step (after its attack step), keeping a 4 in hand
    state = new()
    hand(state, 0, "9S", "4C")
    turn_of(state, 0, "main")
    act(state, 0, {"type": "soldier", "card": "9S"})
    # then nothing of this turn lets it attack: the turn only goes on to its end
    assert actor(state) == 0
    assert all(a["type"] != "attack" for a in legal(state))
    act(state, 0, {"type": "end"})
    assert actor(state) == 1
    # and on seat 0's next turn the 9 may attack
    while actor(state) == 1:
        done(state)
    assert {"type": "attack", "card": "9S", "target": 1} in legal(state)


# --- Attacking -----------------------------------------------------------------------------


def test_attacking_turns_the_soldier_sideways_and_unblocked_damage_hits_the_player():
    state = new()
    soldiers(state, 0, "KS")
    turn_of(state, 0, "attack")
    act(state, 0, {"type": "attack", "card": "KS", "target": 1})
    assert state["soldiers"]["0"] == [["KS", 1]]
    assert state["life"]["1"] == 16
    assert state["first_damage"] == 0
    assert state["turn"]["step"] in ("main", "attack")


def test_sideways_soldiers_cannot_attack_or_block():
    state = new()
    soldiers(state, 0, "KS")
    soldiers(state, 1, "5D", sideways=1)
    turn_of(state, 0, "attack")
    act(state, 0, {"type": "attack", "card": "KS", "target": 1})
    # seat 1's only soldier is sideways: no block was possible
    assert state["life"]["1"] == 16


def test_many_blockers_on_one_attacker_and_controller_assigns_each_point():
    # given a king (4) blocked by a 9 and a 4 of seat 1
    state = new()
    soldiers(state, 0, "KS")
    soldiers(state, 1, "9D", "4D")
    turn_of(state, 0, "attack")
    act(state, 0, {"type": "attack", "card": "KS", "target": 1})
    act(state, 1, {"type": "block", "card": "9D", "attacker": "KS"})
    act(state, 1, {"type": "block", "card": "4D", "attacker": "KS"})
    # then the king (speed 10) strikes first and its controller assigns point by point
    assert actor(state) == 0
    assert {a["target"] for a in legal(state)} == {"9D", "4D"}
    for target in ("9D", "4D", "4D", "4D"):
        act(state, 0, {"type": "damage", "card": "KS", "target": target})
    # both blockers were destroyed before striking; the king survives; no player damage
    assert state["soldiers"]["1"] == []
    assert state["soldiers"]["0"] == [["KS", 1]]
    assert state["life"]["1"] == 20


def test_faster_soldier_destroys_the_slower_one_before_it_strikes():
    # the rulebook's example: an ace attacks and is blocked by a 2
    state = new()
    blocked_attack(state, "AS", "2D")
    done(state)
    assert state["soldiers"]["0"] == []
    assert state["soldiers"]["1"] == [["2D", 0]]


def test_equal_speeds_deal_damage_simultaneously():
    state = new()
    blocked_attack(state, "5S", "5D")
    done(state)
    assert state["soldiers"]["0"] == state["soldiers"]["1"] == []
    assert sorted(state["discard"]["shared"]) == ["5D", "5S"]


def test_blocked_attacker_deals_no_player_damage_even_if_blockers_died_first():
    # ruling R2: a 10 blocked by a jack; both speed 10 -> simultaneous; the 9 behind it...
    state = new()
    blocked_attack(state, "3S", "9D")
    done(state)
    assert state["life"]["1"] == 20
    assert state["soldiers"]["0"] == []


def test_damage_is_removed_at_the_end_of_combat():
    # given a king (strength 4) blocked by a 5 (1 damage): the king survives with 1 damage
    state = new()
    blocked_attack(state, "5S", "KD")
    done(state)
    # then the combat is over and no damage stays marked
    assert state["combat"] is None
    assert state["soldiers"]["1"] == [["KD", 0]]


def test_blocking_does_not_turn_the_blocker_sideways_so_it_blocks_again_next_turn():
    # ruling R8 (the same soldier blocks over and over again)
    state = new(seats=3)
    soldiers(state, 0, "2S")
    soldiers(state, 2, "3C")
    soldiers(state, 1, "KD")
    turn_of(state, 0, "attack")
    act(state, 0, {"type": "attack", "card": "2S", "target": 1})
    act(state, 1, {"type": "block", "card": "KD", "attacker": "2S"})
    # then the king destroyed the 2 and is still right side up
    assert state["soldiers"]["1"] == [["KD", 0]]
    # when seat 2 attacks seat 1 on its own turn, the same king may block again
    turn_of(state, 2, "attack")
    act(state, 2, {"type": "attack", "card": "3C", "target": 1})
    assert {"type": "block", "card": "KD", "attacker": "3C"} in legal(state)


def test_each_attacker_chooses_which_player_it_attacks():
    state = new(seats=3)
    soldiers(state, 0, "KS", "QS")
    turn_of(state, 0, "attack")
    targets = {(a["card"], a["target"]) for a in legal(state) if a["type"] == "attack"}
    assert targets == {("KS", 1), ("KS", 2), ("QS", 1), ("QS", 2)}
    act(state, 0, {"type": "attack", "card": "KS", "target": 1})
    act(state, 0, {"type": "attack", "card": "QS", "target": 2})
    done(state)
    assert state["life"]["1"] == 16
    assert state["life"]["2"] == 17


# --- Win condition -------------------------------------------------------------------------


def test_a_player_at_zero_life_loses():
    state = new()
    state["life"]["1"] = 3
    state["damage_taken"]["1"] = 17
    soldiers(state, 0, "KS")
    turn_of(state, 0, "attack")
    act(state, 0, {"type": "attack", "card": "KS", "target": 1})
    result = COMBAT.result(state)
    assert result.winners == [0]
    assert result.life == {0: 20, 1: -1}
    assert result.first_damage == 0
    assert COMBAT.decision(state).kind == "terminal"


def test_knocked_out_player_leaves_and_the_others_play_on():
    # ruling R11
    state = new(seats=3)
    state["life"]["1"] = 1
    state["damage_taken"]["1"] = 19
    hand(state, 1, "7C")
    soldiers(state, 1, "8C")
    soldiers(state, 0, "KS")
    turn_of(state, 0, "attack")
    act(state, 0, {"type": "attack", "card": "KS", "target": 1})
    done(state)  # seat 1 does not block
    assert state["out"] == [False, True, False]
    assert state["hands"]["1"] == []
    assert state["soldiers"]["1"] == []
    assert {"7C", "8C"} <= set(state["discard"]["shared"])
    assert COMBAT.result(state) is None
    COMBAT.check_invariants(state)
