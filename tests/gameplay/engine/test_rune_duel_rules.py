"""Rune Duel, rulebook 004 section 2 clause by clause: setup, the Duel, summons, end of combat."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import core
from gameplay.engine.rune_duel import RUNE_DUEL as RD
from gameplay.engine.rune_duel.cards import normalize_card, trumps
from gameplay.engine.rune_duel.scenario import build, creature, ids, names


def play(state, seat, name):
    """Play the named card from the seat's hand (the first copy)."""
    for action in RD.legal_actions(state, seat):
        if action.get("name") == name:
            RD.apply(state, seat, action)
            return
    raise AssertionError(f"{name} is not playable by seat {seat}")


def card(rank, rune, name=None):
    return creature(name or f"C{rank}{rune}", rank, rune, 1, 1)


# ----- 2. Play sequence: life total, first player, shuffle, five cards -------------------------
@pytest.mark.parametrize("life", [20, 30, 40])
def test_players_start_with_the_agreed_life_total(life):
    # given / when a game with that life option
    state = core.new_game("rune-duel", seats=2, options={"life": life}, seed=1)
    # then both players start with it
    assert state["life"] == {"0": life, "1": life}


def test_other_life_totals_are_refused_and_20_is_the_default():
    assert core.validate_options(RD, {})["life"] == 20
    with pytest.raises(core.EngineError, match="life must be one of"):
        core.new_game("rune-duel", seats=2, options={"life": 25}, seed=1)


def test_the_first_player_of_the_first_duel_is_a_seeded_coin_flip():
    # given many seeds
    leaders = {core.new_game("rune-duel", seats=2, seed=s)["duel_first"] for s in range(20)}
    # then both seats get to play first, and the flip is a logged chance event
    assert leaders == {0, 1}
    events = core.new_game("rune-duel", seats=2, seed=3)["events"]
    assert any("coin flip" in e["chance"] for e in events)


def test_each_player_shuffles_a_deck_and_draws_five_cards():
    state = core.new_game("rune-duel", seats=2, seed=5)
    labels = [e["chance"] for e in state["events"]]
    assert "shuffle seat 0's deck" in labels
    assert "shuffle seat 1's deck" in labels
    for seat in ("0", "1"):
        assert len(state["zones"][seat]["hand"]) == 5
        assert len(state["zones"][seat]["deck"]) == 56 - 5


# ----- 2.1 The Duel ----------------------------------------------------------------------------
def test_a_higher_rank_trumps():
    assert trumps(_n(card(3, 1)), _n(card(2, 4)))
    assert not trumps(_n(card(2, 1)), _n(card(2, 4)))


@pytest.mark.parametrize(("beats", "beaten"), [(2, 1), (3, 2), (4, 3), (5, 4), (1, 5)])
def test_each_rune_trumps_the_one_before_it(beats, beaten):
    # given equal ranks, the next rune trumps (I beats V closes the cycle)
    assert trumps(_n(card(2, beats)), _n(card(2, beaten)))
    assert not trumps(_n(card(2, beaten)), _n(card(2, beats)))


def test_a_rune_two_steps_ahead_or_the_same_rune_does_not_trump():
    # ruling R4: only the next rune is "better"
    assert not trumps(_n(card(2, 3)), _n(card(2, 1)))
    assert not trumps(_n(card(2, 3)), _n(card(2, 3)))


@settings(max_examples=200)
@given(st.integers(0, 9), st.integers(1, 5), st.integers(0, 9), st.integers(1, 5))
def test_trump_is_exactly_higher_rank_or_next_rune(rank_a, rune_a, rank_b, rune_b):
    a, b = _n(card(rank_a, rune_a)), _n(card(rank_b, rune_b))
    assert trumps(a, b) == (rank_a > rank_b or rune_a == rune_b % 5 + 1)


def _n(raw):
    return normalize_card(raw)


def test_the_leader_may_lead_with_any_card():
    state = build(hands=[[card(1, 1), card(5, 3), card(2, 2)], [card(9, 1)]], leader=0)
    assert sorted(a["name"] for a in RD.legal_actions(state, 0)) == ["C11", "C22", "C53"]
    assert RD.legal_actions(state, 1) == []


def test_a_player_who_can_trump_must_play_a_trumping_card():
    # given seat 0 leads a 3-II and seat 1 holds a trump (4-I) and a non-trump (1-I)
    state = build(hands=[[card(3, 2), card(1, 5)], [card(4, 1), card(1, 1)]], leader=0)
    play(state, 0, "C32")
    # then only the trumping card is legal, and the other is refused with the reason
    assert [a["name"] for a in RD.legal_actions(state, 1)] == ["C41"]
    other = ids(state, 1)[1]
    with pytest.raises(core.IllegalAction, match=r"must play a card .* that trumps"):
        RD.apply(state, 1, {"type": "play", "card": other, "name": "C11"})


def test_the_duel_ends_when_a_player_cannot_trump_and_the_last_player_wins():
    # given seat 1 cannot answer a 5-I (no higher rank, no rune II)
    state = build(hands=[[card(5, 1), card(1, 1)], [card(1, 3), card(2, 4), card(1, 1)]])
    # when seat 0 leads it
    play(state, 0, "C51")
    # then seat 0 wins the duel and seat 1 takes one damage per card left (3)
    assert state["last_duel"] == {"winner": 0, "damage": 3}
    assert state["life"] == {"0": 20, "1": 17}
    assert state["first_damage"] == 0


def test_when_both_hands_are_empty_the_last_card_wins_and_no_damage_is_taken():
    # given one card each and seat 1's trumps seat 0's
    state = build(hands=[[card(1, 1)], [card(2, 1)]], leader=0)
    play(state, 0, "C11")
    play(state, 1, "C21")
    assert state["last_duel"] == {"winner": 1, "damage": 0}
    assert state["life"] == {"0": 20, "1": 20}
    assert state["first_damage"] is None


def test_a_duel_alternates_until_someone_cannot_trump():
    # given a chain 1-I, 2-I, 3-I, then seat 1 has nothing above 3-I and no rune II
    state = build(hands=[[card(1, 1), card(3, 1)], [card(2, 1), card(1, 3)]], leader=0)
    play(state, 0, "C11")
    play(state, 1, "C21")
    play(state, 0, "C31")
    assert state["last_duel"] == {"winner": 0, "damage": 1}


def test_the_winner_of_a_duel_plays_first_in_the_next_one():
    # given seat 1 wins round 1's duel
    state = build(
        hands=[[card(1, 1)], [card(2, 1), card(1, 3)]],
        decks=[[card(1, 2)] * 5, [card(1, 2)] * 5],
        leader=0,
    )
    play(state, 0, "C11")
    play(state, 1, "C21")
    # when the end of combat passes
    for seat in RD.decision(state).seats:
        RD.apply(state, seat, {"type": "keep"})
    # then seat 1 leads round 2
    assert state["round"] == 2
    assert state["duel_first"] == 1
    assert RD.decision(state).seats == (1,)


def test_a_leader_with_no_card_passes_the_lead_and_with_no_cards_at_all_there_is_no_duel():
    # ruling R3: seat 0 leads but holds nothing, so seat 1 leads
    state = build(hands=[[], [card(1, 1)]], leader=0)
    assert state["duel_first"] == 1
    assert RD.decision(state).seats == (1,)
    # ruling R3: nobody holds a card, the round still fights (the creature hits for 2)
    state = build(lines=[[creature("Ox", 1, 1, 2, 5)], []], life=30, round_limit=10)
    assert state["outcome"] is not None
    assert state["life"]["1"] == 30 - 2 * 10
    assert state["outcome"]["reason"] == "round_limit"


# ----- 2.3 The summons number ------------------------------------------------------------------
def test_the_summons_number_starts_at_3_and_rises_by_one_each_round():
    state = core.new_game("rune-duel", seats=2, seed=11)
    assert state["summons"] == 3
    seen = {state["round"]: state["summons"]}
    rng = __import__("random").Random(1)
    while state["outcome"] is None:
        for seat in RD.decision(state).seats:
            legal = RD.legal_actions(state, seat)
            RD.apply(state, seat, legal[rng.randrange(len(legal))])
        seen[state["round"]] = state["summons"]
    assert all(summons == round_ + 2 for round_, summons in seen.items())
    assert len(seen) >= 2


def test_cards_above_the_summons_number_are_discarded_and_others_go_to_the_line():
    # given summons 3: a rank-3 creature goes in, a rank-4 one is discarded
    state = build(hands=[[card(4, 1, "Big"), card(1, 5)], [card(3, 2, "Small")]], leader=0)
    play(state, 0, "Big")
    play(state, 1, "Small")
    assert state["phase"] == "discard"
    assert names(state, state["zones"]["0"]["discard"]) == ["Big"]
    assert [RD.view(state, 0)["players"]["1"]["line"][0]["card"]["name"]] == ["Small"]


# ----- End of Combat ---------------------------------------------------------------------------
def _to_end_of_combat():
    state = build(
        hands=[[card(5, 1), card(1, 1, "A"), card(1, 1, "B")], [card(1, 3), card(1, 3)]],
        decks=[[card(1, 4, "D0")] * 3, [card(1, 4, "D1")] * 3],
    )
    play(state, 0, "C51")
    return state


def test_after_combat_each_player_may_discard_one_card_secretly_and_at_once():
    # given the end of combat
    state = _to_end_of_combat()
    # then both players decide at the same time: keep, or discard one card of their hand
    decision = RD.decision(state)
    assert decision.kind == "simultaneous"
    assert decision.seats == (0, 1)
    assert len(RD.legal_actions(state, 0)) == 1 + 2
    # when seat 0 chooses, seat 1 cannot see what
    RD.apply(state, 0, RD.legal_actions(state, 0)[1])
    other = RD.view(state, 1)["players"]["0"]
    assert other["chosen"] is True
    assert "choice" not in other
    assert RD.decision(state).seats == (1,)


def test_the_discard_pile_is_shuffled_into_the_deck_and_hands_refill_to_five():
    state = _to_end_of_combat()
    discard = next(a for a in RD.legal_actions(state, 0) if a.get("name") == "A")
    RD.apply(state, 0, discard)
    RD.apply(state, 1, {"type": "keep"})
    zone = state["zones"]["0"]
    assert len(zone["hand"]) == 5
    assert zone["discard"] == []
    assert len(zone["deck"]) == 1
    # the kept B, the 3 deck cards and the 2 discarded ones (the 5-I and A), shuffled
    assert sorted(names(state, zone["hand"] + zone["deck"])) == sorted(
        ["A", "B", "C51", "D0", "D0", "D0"]
    )
    assert any("discard pile into the deck" in e["chance"] for e in state["events"])


def test_a_player_short_of_cards_draws_what_there_is():
    # ruling R21: no deck and no discard: the hand stays short
    state = build(hands=[[card(5, 1)], [card(1, 3)]])
    play(state, 0, "C51")
    RD.apply(state, 1, {"type": "keep"})
    assert len(state["zones"]["1"]["hand"]) == 1
    assert len(state["zones"]["0"]["hand"]) == 1  # the 5-I came back from the discard pile


# ----- the end of the game ---------------------------------------------------------------------
def test_the_game_ends_when_a_life_total_reaches_zero():
    state = build(hands=[[card(5, 1)], [card(1, 3)] * 4], life=20)
    state["life"]["1"] = 3
    state["damage_taken"]["1"] = 17
    play(state, 0, "C51")
    assert RD.decision(state).kind == "terminal"
    result = RD.result(state)
    assert result.winners == [0]
    assert result.life == {0: 20, 1: -1}
    assert result.first_damage == 0
    assert result.facts["reason"] == "life"


def test_at_the_round_limit_higher_life_wins_then_first_damage():
    # ruling R13, decided like the time rule
    state = build(hands=[[card(5, 1)], [card(1, 3)]], round_limit=10, summons=12)
    play(state, 0, "C51")  # seat 1 takes 1: seat 0 is ahead
    RD.apply(state, 1, {"type": "keep"})
    assert state["outcome"] == {"winners": [0], "reason": "round_limit"}


def test_time_facts_report_life_totals_and_first_damage_mid_game():
    state = build(hands=[[card(5, 1), card(1, 1)], [card(1, 3), card(1, 3)]])
    assert RD.time_facts(state) == {"life": {0: 20, 1: 20}, "first_damage": None}
    play(state, 0, "C51")
    assert RD.time_facts(state) == {"life": {0: 20, 1: 18}, "first_damage": 0}
