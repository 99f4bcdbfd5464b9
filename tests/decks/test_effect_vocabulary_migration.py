"""Migration decks/0005: Conventional Combat cards already stored get the engine's words."""

import importlib

from gameplay.engine.conventional_combat.cards import card_problems

migration = importlib.import_module(
    "decks.migrations.0005_conventional_combat_effects_in_engine_words"
)


def test_former_decks_words_become_the_engines_and_the_engine_plays_them():
    old = [
        {"op": "attack", "target": "self", "amount": 1, "element": "dark"},
        {"op": "attack", "target": "self", "amount": 2, "if_opponent_kind": "H"},
        {"op": "defense", "target": "self", "amount": 2, "if_kind": "C", "element": "fire"},
        {"op": "cancel_support", "target": "opponent"},
        {"op": "cancel_action", "target": "opponent"},
        {"op": "reroll", "target": "self"},
    ]
    new = [migration.in_engine_words(effect) for effect in old]
    assert new == [
        {"op": "attack", "who": "self", "amount": 1, "if_element": "dark"},
        {"op": "attack", "who": "self", "amount": 2, "if_opponent_types": ["H"]},
        {"op": "defense", "who": "self", "amount": 2, "types": ["C"], "element": "fire"},
        {"op": "negate_support", "who": "opponent"},
        {"op": "negate_action", "who": "opponent"},
        {"op": "reroll", "who": "self"},
    ]
    assert card_problems({"name": "Move", "type": "action", "effects": new}) == []
    # and running it again changes nothing
    assert [migration.in_engine_words(effect) for effect in new] == new
