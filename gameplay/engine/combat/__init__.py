"""Combat: the game of the rulebook 000 (see rules.py, and COMBAT_RULINGS.md for rulings)."""

from gameplay.engine.combat.rules import Combat
from gameplay.engine.registry import register

COMBAT = register(Combat())

__all__ = ["COMBAT", "Combat"]
