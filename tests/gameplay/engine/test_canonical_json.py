"""core.to_json and state hashes: the canonical text of a state never changes, because logs
keep the hashes of it (core.replay checks them). orjson writes it; the json module's text
(sorted keys, no spaces, UTF-8 unescaped) is the reference."""

from __future__ import annotations

import hashlib
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.engine import core, registry


def reference(value) -> str:
    """The canonical text as the engine wrote it before orjson."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.text()  # any character but a lone surrogate: quotes, backslashes, controls, emoji
)
JSON_DATA = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(JSON_DATA)
def test_to_json_writes_the_reference_text_for_any_json_data(value):
    assert core.to_json(value) == reference(value)


@pytest.mark.parametrize(
    "value",
    [
        {2: "b", 10: "a"},  # integer keys: the json module sorts them as numbers
        {"big": 2**70, "small": -(2**64)},  # beyond 64 bits
        {"text": 'tab\there "quoted" \\ \x00 \x1f \x7f é 🂡'},
    ],
)
def test_what_orjson_refuses_or_escapes_gives_the_reference_text_too(value):
    assert core.to_json(value) == reference(value)


@pytest.mark.parametrize("slug", ["combat", "army", "conventional-combat", "rune-duel",
                                  "kingdom-combat"])  # fmt: skip
def test_every_games_states_hash_as_their_reference_text(slug):
    # given random games of each engine game, looked at after every action
    ruleset = registry.get(slug)
    for seed in range(3):
        state = core.new_game(slug, seats=ruleset.game_type.min_players, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            decision = ruleset.decision(state)
            if decision.kind == "terminal":
                break
            seat = decision.seats[rng.randrange(len(decision.seats))]
            actions = ruleset.legal_actions(state, seat)
            core.play(state, seat, actions[rng.randrange(len(actions))])
            # then the hash is the sha256 of the reference text, the log left out
            without_log = {k: v for k, v in state.items() if k != "log"}
            expected = hashlib.sha256(reference(without_log).encode()).hexdigest()
            assert core.state_hash(state) == expected
