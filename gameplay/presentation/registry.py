"""The games' presentations: one line each, loaded on first use (as gameplay.engine.registry).

A game without a line is drawn generically (gameplay.presentation.base.GENERIC).
"""

from __future__ import annotations

import importlib

from gameplay.presentation.base import GENERIC, Presentation

# slug -> "module:attribute" of the game's Presentation, one line per game
PRESENTATIONS = {
    "army": "gameplay.presentation.army:PRESENTATION",
    "combat": "gameplay.presentation.combat:PRESENTATION",
    "conventional-combat": "gameplay.presentation.conventional_combat:PRESENTATION",
    "kingdom-combat": "gameplay.presentation.kingdom_combat:PRESENTATION",
    "rune-duel": "gameplay.presentation.rune_duel:PRESENTATION",
}

_LOADED: dict[str, Presentation] = {}


def get(slug: str) -> Presentation:
    """The presentation of that game (the generic one for a game without a line)."""
    if slug not in _LOADED:
        if slug not in PRESENTATIONS:
            return GENERIC
        module, _colon, attribute = PRESENTATIONS[slug].partition(":")
        _LOADED[slug] = getattr(importlib.import_module(module), attribute)
    return _LOADED[slug]
