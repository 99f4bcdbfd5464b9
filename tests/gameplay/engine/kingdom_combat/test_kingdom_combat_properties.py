"""Invariants of random Kingdom Combat games (hypothesis): every card in exactly one place, gold
never negative, fortress and unit HP never rise, nothing hidden in another seat's view, every
legal action applies, every game ends, and the log replays to the same state."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import core, fuzz
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from tests.gameplay.engine.kingdom_combat.helpers import SLUG

SEEDS = st.integers(min_value=0, max_value=2**32)
SEATS = st.integers(min_value=2, max_value=4)


@settings(max_examples=12)  # beside 1,500 fuzz games of every count (test_kingdom_combat_fuzz)
@given(seed=SEEDS, seats=SEATS)
def test_random_games_keep_every_invariant_hide_secrets_and_end(seed, seats):
    # fuzz.play_checked: invariants and every seat's view after every action, life never rises
    state = fuzz.play_checked(SLUG, seats=seats, options={"max_turns": 40}, seed=seed)
    assert state["phase"] == "over"
    assert KC.result(state) is not None
    assert fuzz.replay_matches(state)


@settings(max_examples=8)
@given(seed=SEEDS, seats=SEATS)
def test_every_legal_action_applies_and_lost_hp_never_returns(seed, seats):
    state = core.new_game(SLUG, seats=seats, options={"max_turns": 24}, seed=seed)
    rng = random.Random(seed)
    lowest: dict[str, int] = {}
    while KC.decision(state).kind != "terminal":
        seat = KC.decision(state).seats[0]
        legal = KC.legal_actions(state, seat)
        assert legal, "a seat to act always has an action"
        for action in legal:  # every offered action is accepted by the checked apply
            KC.apply(core.clone(state), seat, action)
        core.play(state, seat, legal[rng.randrange(len(legal))])
        for uid, unit in state["units"].items():
            assert unit["hp"] <= lowest.get(uid, unit["hp"]), f"{uid} regained HP"
            lowest[uid] = unit["hp"]
        for gone in set(lowest) - set(state["units"]):
            del lowest[gone]  # left play: a card that comes back is a new object


@settings(max_examples=10)
@given(seed=SEEDS)
def test_views_never_name_a_hidden_card_for_any_seat_or_spectator(seed):
    state = core.new_game(SLUG, seats=3, options={"max_turns": 12}, seed=seed)
    rng = random.Random(seed)
    while KC.decision(state).kind != "terminal":
        seat = KC.decision(state).seats[0]
        legal = KC.legal_actions(state, seat)
        core.play(state, seat, legal[rng.randrange(len(legal))])
        for viewer in (0, 1, 2, None):
            text = core.to_json(KC.view(state, viewer))
            leaked = [c for c in KC.hidden_cards(state, viewer) if f'"{c}"' in text]
            assert not leaked, f"seat {viewer} sees {leaked[:3]}"


def _near_misses(state: dict, seat: int, legal: list[dict], rng: random.Random) -> list:
    """Actions that look like legal ones but may not be: other units, cards, zones, targets,
    seats' cards, stray fields, wrong types."""
    ids = list(state["units"]) + list(state["cards"]) + list(state["structures"])
    zones_ = ["B", *(f"{k}{s}" for s in range(state["seats"]) for k in "FS")]
    out: list = [None, [], {}, {"type": "nope"}, {"type": "pass", "turn": False}]
    for action in legal:
        for field in ("card", "unit", "to", "target", "source"):
            if field in action:
                pool = zones_ if field == "to" else ids
                out.append({**action, field: pool[rng.randrange(len(pool))]})
                out.append({**action, field: [action[field]]})
        out.append({**action, "extra": 1})
        out.append({k: v for k, v in action.items() if k != "type"} | {"type": "move"})
    return out


@settings(max_examples=12)
@given(seed=SEEDS, seats=SEATS)
def test_the_quick_legality_check_agrees_with_the_list_of_legal_actions(seed, seats):
    # apply() and core.play check one action without listing them all (is_legal); it must
    # accept exactly the listed actions, for the seat to act and for every other seat
    state = core.new_game(SLUG, seats=seats, options={"max_turns": 16}, seed=seed)
    rng = random.Random(seed)
    while KC.decision(state).kind != "terminal":
        seat = KC.decision(state).seats[0]
        legal = KC.legal_actions(state, seat)
        for action in legal:
            assert KC.is_legal(state, seat, action), action
        for action in _near_misses(state, seat, legal, rng):
            assert KC.is_legal(state, seat, action) == (action in legal), action
        other = (seat + 1) % seats
        assert not any(
            KC.is_legal(state, other, a) for a in legal if a not in KC.legal_actions(state, other)
        )
        core.play(state, seat, legal[rng.randrange(len(legal))])
