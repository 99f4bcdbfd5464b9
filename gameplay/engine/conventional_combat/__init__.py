"""Conventional Combat on the engine: cards and effects (cards.py), duel arithmetic (duel.py),
the ruleset (ruleset.py). Importing the package registers the ruleset."""

from gameplay.engine.conventional_combat.cards import effect_problems, effect_supported
from gameplay.engine.conventional_combat.ruleset import CONVENTIONAL_COMBAT, ConventionalCombat

__all__ = ["CONVENTIONAL_COMBAT", "ConventionalCombat", "effect_problems", "effect_supported"]
