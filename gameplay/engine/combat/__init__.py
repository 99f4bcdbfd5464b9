"""Combat: the game of the rulebook 000 (see rules.py, and COMBAT_RULINGS.md for rulings)."""

from gameplay.engine.combat.rules import Combat

COMBAT = Combat()

__all__ = ["COMBAT", "Combat"]
