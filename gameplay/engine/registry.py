"""The games the engine plays: one line each, loaded on first use.

The registry names the games; the game packages never import it, so there is no import cycle
and no import-time side effect (issue 13). A test or plugin may add a game at run time with
`register` (the toy games of the engine tests do).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from gameplay.engine.errors import EngineError, UnknownRuleset

if TYPE_CHECKING:
    # For the type checker only: core imports the registry at run time, never the other way.
    from gameplay.engine.core import Ruleset


# slug -> "module:attribute" of the game's ruleset instance, one line per game
GAMES = {
    "army": "gameplay.engine.army.rules:ARMY",
    "combat": "gameplay.engine.combat.rules:COMBAT",
    "conventional-combat": "gameplay.engine.conventional_combat.rules:CONVENTIONAL_COMBAT",
    "kingdom-combat": "gameplay.engine.kingdom_combat.rules:KINGDOM_COMBAT",
    "rune-duel": "gameplay.engine.rune_duel.rules:RUNE_DUEL",
}

# What an engine plays of its cards' effects, which card imports ask (gameplay's AppConfig):
# a game with a vocabulary of its own names its checker (effects -> what it cannot play), a
# game using the shared vocabulary (decks.legality.effects) the (op, target) pairs it plays.
EFFECT_VOCABULARIES = {
    "conventional-combat": "gameplay.engine.conventional_combat.cards:effect_problems",
}
SHARED_EFFECTS = {"rune-duel": "gameplay.engine.rune_duel.cards:EFFECTS"}

_LOADED: dict[str, Ruleset] = {}
_ADDED: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add a game at run time (re-adding a slug replaces it); the built-in games are GAMES."""
    if not ruleset.slug:
        raise EngineError("A ruleset needs a slug.")
    _ADDED[ruleset.slug] = ruleset
    return ruleset


def get(slug: str) -> Ruleset:
    """The ruleset of that game; UnknownRuleset if there is none."""
    if slug in _ADDED:
        return _ADDED[slug]
    if slug not in _LOADED:
        if slug not in GAMES:
            raise UnknownRuleset(f"There is no game called {slug!r}.")
        ruleset = _load(GAMES[slug])
        if ruleset.slug != slug:
            raise EngineError(f"{GAMES[slug]} is {ruleset.slug!r}, listed as {slug!r}.")
        _LOADED[slug] = ruleset
    return _LOADED[slug]


def _load(target: str) -> Any:
    """The object a "module:attribute" line names, imported on first use."""
    module, _colon, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def effect_vocabularies() -> dict[str, Callable[[list[Any]], list[str]]]:
    """{slug: the checker of its cards' effects} of the games with a vocabulary of their own."""
    return {slug: _load(target) for slug, target in EFFECT_VOCABULARIES.items()}


def shared_effects() -> dict[str, Iterable[tuple[str, str]]]:
    """{slug: the (op, target) pairs it plays} of the games using the shared vocabulary."""
    return {slug: _load(target) for slug, target in SHARED_EFFECTS.items()}


def all_rulesets() -> list[Ruleset]:
    """Every game, sorted by slug."""
    return [get(slug) for slug in sorted(set(GAMES) | set(_ADDED))]
