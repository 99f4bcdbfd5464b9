"""Army (`army`): the rules of rulebooks/003_1140e0dfd694ea4f.txt on the engine.

The ruleset is in rules.py; rulings where the text is silent are in RULINGS.md beside it.
"""

from gameplay.engine.army.rules import ARMY, Army

__all__ = ["ARMY", "Army"]
