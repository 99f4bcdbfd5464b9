"""Combat: the game of the rulebook 000 (the ruleset in rules.py, rulings in RULINGS.md)."""

from gameplay.engine.combat.rules import COMBAT, Combat

__all__ = ["COMBAT", "Combat"]
