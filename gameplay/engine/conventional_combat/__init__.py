"""Conventional Combat on the engine: the ruleset (rules.py), cards and effects (cards.py), duel
arithmetic (duel.py); rulings in RULINGS.md."""

from gameplay.engine.conventional_combat.cards import effect_problems, effect_supported
from gameplay.engine.conventional_combat.rules import CONVENTIONAL_COMBAT, ConventionalCombat

__all__ = ["CONVENTIONAL_COMBAT", "ConventionalCombat", "effect_problems", "effect_supported"]
