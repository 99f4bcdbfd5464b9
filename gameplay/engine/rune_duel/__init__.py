"""Rune Duel (`rune-duel`): the rules of rulebooks/004_f511bd26c49b0b64.txt on the engine.

Rulings where the text is silent: RUNE_DUEL_RULINGS.md beside this package.
"""

from gameplay.engine.rune_duel.ruleset import RuneDuel

RUNE_DUEL = RuneDuel()

__all__ = ["RUNE_DUEL", "RuneDuel"]
