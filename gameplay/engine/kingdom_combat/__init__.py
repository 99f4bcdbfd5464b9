"""Kingdom Combat (`kingdom-combat`): rulebooks/001 on the engine (entry point: rules.py).

Rulings where the manual is silent or contradicts itself: RULINGS.md beside this package.
"""

from gameplay.engine.kingdom_combat.rules import KINGDOM_COMBAT, KingdomCombat

__all__ = ["KINGDOM_COMBAT", "KingdomCombat"]
