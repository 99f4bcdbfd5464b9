"""Every game names the rule a refused action breaks, through the one refusal path the API
uses (core.play -> ruleset.why_illegal), instead of a generic "not allowed now"."""

import pytest

from gameplay.engine import core, registry
from gameplay.engine.core import IllegalAction

GENERIC = "That action is not allowed now"


def refusal(state: dict, seat: int, action) -> str:
    with pytest.raises(IllegalAction) as refused:
        core.play(state, seat, action)
    return str(refused.value)


def test_army_names_the_line_rule_then_the_hand_rule():
    state = core.new_game("army", seats=2, seed=3)
    reason = refusal(state, 0, {"type": "play", "card": "AS"})
    assert reason == "First put your army cards in order; fighting cards come after."
    reason = refusal(state, 0, {"type": "line", "order": ["nope"]})
    assert reason.startswith("Put your own army cards in an order: each of ")
    for seat in (0, 1):
        core.play(state, seat, registry.get("army").legal_actions(state, seat)[0])
    reason = refusal(state, 0, {"type": "play", "card": "ZZ"})
    assert reason == "ZZ is not in your hand. Play one fighting card from your hand."


def test_conventional_combat_names_the_card_it_wants():
    state = core.new_game("conventional-combat", seats=2, seed=3)
    rules = registry.get("conventional-combat")
    seat = rules.decision(state).seats[0]
    reason = refusal(state, seat, {"type": state["phase"], "card": "not-a-card", "name": "x"})
    assert reason.startswith("That card is not in your hand")
    assert GENERIC not in reason


def test_rune_duel_names_whose_turn_and_the_hand():
    state = core.new_game("rune-duel", seats=2, seed=3)
    rules = registry.get("rune-duel")
    mover = rules.decision(state).seats[0]
    other = 1 - mover
    assert refusal(state, other, {"type": "play", "card": "x"}) in (
        "It is not your turn to act.",
        "It is your opponent's turn to play in the duel.",
    )
    assert refusal(state, mover, {"type": "play", "card": "x", "name": "x"}) == (
        "That card is not in your hand."
    )


@pytest.mark.parametrize("slug", ["combat", "army", "conventional-combat", "rune-duel"])
def test_no_game_falls_back_to_the_generic_refusal(slug):
    state = core.new_game(slug, seats=2, seed=5)
    seat = registry.get(slug).decision(state).seats[0]
    assert GENERIC not in refusal(state, seat, {"type": "nothing-like-this"})
