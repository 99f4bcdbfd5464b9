"""Seeded random Kingdom Combat games in CI with every check after every action
(kingdom_combat/fuzzing.py): card conservation, gold never negative, no HP rising (lost HP is
permanent), no hidden card in any seat's or the spectator's view or in a new event, and every
log replayed to the same hash.

KC_FUZZ_GAMES games per player count (2, 3 and 4), default 150, cut into chunks so xdist spreads
them over both cores. Games are kept short (a turn limit of 12 to 40 turns, by seed) so the
suite fits its CPU budget (BENCHMARKS.md, "Kingdom Combat fuzz"); bench/kingdom_combat_fuzz.py
plays the long run.
"""

from __future__ import annotations

import os

import pytest

from gameplay.engine import core
from gameplay.engine.kingdom_combat import fuzzing
from gameplay.engine.kingdom_combat.invariants import check_invariants
from tests.gameplay.engine.ci_games import CHUNKS, chunk_seeds

GAMES = int(os.environ.get("KC_FUZZ_GAMES", "150"))


def turn_limit(seed: int) -> int:
    """12 to 40 turns: short games (random play rarely destroys a fortress that early: most
    end at the limit, which exercises setup, every stage, combat and the time-limit ending)."""
    return 12 + seed % 29


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant_after_every_action(seats, chunk):
    ends = set()
    for seed in chunk_seeds(GAMES, chunk):
        state = fuzzing.play_checked(seed, seats=seats, max_turns=turn_limit(seed))
        ends.add(state["end"])
    assert ends
    assert ends <= {"fortress", "time"}


def _game(seed: int = 3, seats: int = 2) -> dict:
    state = core.new_game(fuzzing.SLUG, seats=seats, options={"max_turns": 20}, seed=seed)
    while state["phase"] != "turn":
        seat = fuzzing.KC.decision(state).seats[0]
        core.play(state, seat, fuzzing.KC.legal_actions(state, seat)[0])  # hire, keep
    return state


def test_the_view_check_finds_a_hidden_card_in_a_view_or_a_new_event():
    state = _game()
    assert fuzzing.leaked(state, 0) is None
    secret = state["players"]["1"]["hand"][0]
    state["effects"].append({"unit": secret, "until": "end of turn"})  # shown to everyone
    assert "seat 0 can see hidden cards" in fuzzing.leaked(state, 0)
    state["effects"].pop()
    state["events"].append({"e": "draw", "card": secret})
    assert fuzzing.leaked(state, 0) is None  # an old event is history
    assert "seat 0 can see hidden cards" in fuzzing.leaked(state, 1)


def test_the_view_check_reads_strings_with_escaped_characters():
    assert fuzzing.strings_in({'a"b': ["0-01", "x\\y"]}) == {'a"b', "0-01", "x\\y"}


def test_hp_watch_refuses_any_hp_rising_and_forgets_what_left_play():
    state = _game()
    watch = fuzzing.HpWatch(state)
    uid = next(iter(state["units"]))
    state["units"][uid]["hp"] -= 1
    watch.check(state)
    state["units"][uid]["hp"] += 1
    with pytest.raises(AssertionError, match=f"{uid} went from"):
        watch.check(state)
    watch = fuzzing.HpWatch(state)
    state["players"]["0"]["fortress"]["hp"] += 1
    with pytest.raises(AssertionError, match="fortress-0 went from"):
        watch.check(state)


def test_card_conservation_catches_a_copied_or_lost_card():
    state = _game()
    check_invariants(state)
    hand = state["players"]["0"]["hand"]
    hand.append(hand[0])
    with pytest.raises(AssertionError, match="two places"):
        check_invariants(state)
    hand.pop()
    hand.pop()
    with pytest.raises(AssertionError, match="missing"):
        check_invariants(state)


def test_a_violation_names_the_seed_and_the_action(monkeypatch):
    def broken(state):
        if state["log"]["actions"]:
            raise AssertionError("gold below 0")

    monkeypatch.setattr(fuzzing, "check_invariants", broken)
    with pytest.raises(fuzzing.Violation, match="seed 5, 2 seats, after action 1: gold below 0"):
        fuzzing.play_checked(5, seats=2, max_turns=12)
