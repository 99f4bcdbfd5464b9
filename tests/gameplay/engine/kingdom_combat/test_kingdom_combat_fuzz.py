"""Seeded random Kingdom Combat games (kingdom_combat/fuzzing.py): 500 per player count (2, 3
and 4) in the suite, 10,000 in `make bench` (ci_games.fuzz_games, bench/engine_fuzz.py).

In every game, after every action: card conservation (every card in exactly one place across
decks, hands, zones, attachments, the stack and discard piles), gold never negative, nothing
in play at 0 HP, no HP rising (lost HP is permanent), and no hidden card in the action's new
events. In every 10th game also every seat's and the spectator's whole view after every 10th
action; every 20th game's JSON log is replayed to the same hash (checkpoints verified).

Turn limits (option (d) of the brief, BENCHMARKS.md "The engine fuzz in the suite"): 49 games in
50 stop at 6 to 12 turns (random play attacks, shoots, casts, makes tokens and destroys units
that early in most games), and every 50th (seed % 50 == 25) plays the default 120 turns, where
fortresses are damaged and fall, defenders join and units retreat; so every rule the long game
reaches is reached, at about a tenth of the cost. Each player count runs in CHUNKS parametrized
tests so pytest-xdist spreads them over both workers; bench/kingdom_combat_fuzz.py plays the
1,000,000-game run.
"""

from __future__ import annotations

import pytest

from gameplay.engine import core
from gameplay.engine.kingdom_combat import fuzzing
from gameplay.engine.kingdom_combat.invariants import check_invariants
from tests.gameplay.engine.ci_games import CHUNKS, chunk_seeds, fuzz_games

GAMES = fuzz_games(500)  # per player count (10,000 in make bench)


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant_after_every_action(seats, chunk):
    ends = set()
    for seed in chunk_seeds(GAMES, chunk):
        state = fuzzing.play_checked(seed, seats=seats, **fuzzing.ci_settings(seed))
        ends.add(state["end"])
    assert ends <= {"fortress", "time"}


def test_ci_games_mix_short_and_full_length_games_and_sample_views_and_replays():
    settings = [fuzzing.ci_settings(seed) for seed in range(100)]
    assert sorted({s["max_turns"] for s in settings}) == [6, 7, 8, 9, 10, 11, 12, 120]
    assert sum(s["max_turns"] == 120 for s in settings) == 2
    assert sum(s["views_every"] > 0 for s in settings) == 10
    assert sum(s["replay"] for s in settings) == 5


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


def test_the_every_action_event_check_finds_any_viewers_hidden_card():
    state = _game()
    mine = state["players"]["0"]["hand"][0]  # hidden from seat 1 and the spectator
    state["events"].append({"e": "draw", "card": mine})
    assert "a new event names hidden cards" in fuzzing.event_leak(state, 1)
    assert fuzzing.event_leak(state, 0) is None  # an old event is history
    state["events"].append({"e": "shown", "cards": [{"id": state["players"]["1"]["deck"][0]}]})
    assert "a new event names hidden cards" in fuzzing.event_leak(state, 1)  # nested too
    state["events"].append({"e": "play", "card": next(iter(state["units"]))})
    assert fuzzing.event_leak(state, 1) is None  # a unit in play is public


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
    watch = fuzzing.HpWatch(state)
    del state["units"][uid]  # left play: its HP is forgotten
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


# --- each check fails a deliberately broken game, the sparse modes included ------------------


def _break_at(monkeypatch, action: int, breakage) -> None:
    """A broken engine: after its `action`-th applied action, `breakage(state)` runs (in this
    game only: the replay's applies come later and leave the state alone)."""
    real = fuzzing.KC.apply_trusted
    count = {"n": 0}

    def apply_trusted(state, seat, chosen):
        real(state, seat, chosen)
        count["n"] += 1
        if count["n"] == action:
            breakage(state)

    monkeypatch.setattr(fuzzing.KC, "apply_trusted", apply_trusted)


def _copy_a_card(state):
    hand = state["players"]["0"]["deck"]
    hand.append(hand[0])


def test_sparse_invariant_checks_still_catch_a_card_copied_mid_game(monkeypatch):
    _break_at(monkeypatch, 40, _copy_a_card)
    with pytest.raises(fuzzing.Violation, match="after action 50: a card is in two places"):
        fuzzing.play_checked(1, seats=2, max_turns=12, checks_every=50, views_every=0)


def test_a_card_copied_after_the_last_sparse_check_is_caught_at_the_end(monkeypatch):
    state = fuzzing.play_checked(1, seats=3, max_turns=12, views_every=0, replay=False)
    last = len(state["log"]["actions"])
    _break_at(monkeypatch, last - 1, _copy_a_card)
    with pytest.raises(fuzzing.Violation, match=f"after action {last}: a card is in two places"):
        fuzzing.play_checked(1, seats=3, max_turns=12, checks_every=1000, views_every=0)


def test_hp_rising_mid_game_is_caught_after_that_action(monkeypatch):
    def heal(state):
        state["players"]["1"]["fortress"]["hp"] += 1

    _break_at(monkeypatch, 30, heal)
    with pytest.raises(fuzzing.Violation, match="after action 30: fortress-1 went from"):
        fuzzing.play_checked(2, seats=2, max_turns=12, views_every=0)


def test_a_new_event_naming_a_hidden_card_is_caught_after_that_action(monkeypatch):
    def tell(state):
        state["events"].append({"e": "peek", "card": state["players"]["1"]["deck"][0]})

    _break_at(monkeypatch, 25, tell)
    with pytest.raises(fuzzing.Violation, match="after action 25: a new event names hidden"):
        fuzzing.play_checked(2, seats=2, max_turns=12, views_every=0)


def test_sparse_view_checks_catch_a_view_showing_a_hidden_card(monkeypatch):
    real = fuzzing.KC.view

    def view(state, seat):  # seat 0 sees seat 1's hand once the game is under way
        out = real(state, seat)
        if seat == 0 and len(state["log"]["actions"]) >= 20:
            out["peek"] = list(state["players"]["1"]["hand"])
        return out

    monkeypatch.setattr(fuzzing.KC, "view", view)
    fuzzing.play_checked(2, seats=2, max_turns=12, views_every=0)  # views never looked at
    with pytest.raises(fuzzing.Violation, match="after action 21: seat 0 can see hidden cards"):
        fuzzing.play_checked(2, seats=2, max_turns=12, views_every=7)


def test_a_game_its_log_does_not_replay_to_is_caught(monkeypatch):
    def gold(state):
        state["players"]["0"]["gold"] += 1  # not in the log: the replay differs

    _break_at(monkeypatch, 10, gold)
    with pytest.raises(fuzzing.Violation, match="the replay"):
        fuzzing.play_checked(4, seats=2, max_turns=8, views_every=0)
