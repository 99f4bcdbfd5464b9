"""Rune Duel (`rune-duel`): the rules of rulebooks/004_f511bd26c49b0b64.txt on the engine.

The ruleset is in rules.py; rulings where the text is silent are in RULINGS.md beside it.
"""

from gameplay.engine.rune_duel.rules import RUNE_DUEL, RuneDuel

__all__ = ["RUNE_DUEL", "RuneDuel"]
