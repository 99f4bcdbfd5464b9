"""Card effects: the shared vocabulary, and each game's engine asked what it plays.

Each effect is a dict with an `op`. Rune Duel's cards use the small shared vocabulary below (an
`op` and a `target`, plus the fields listed in OPS), and its engine says which (op, target)
pairs it carries out. Conventional Combat's engine has its own vocabulary (`who`, `if_element`,
`types`, `negate_support`, ... see gameplay/engine/conventional_combat/cards.py): its cards are
written in those words and the engine checks them itself, so there is one vocabulary per game
and no translation between two. Legality asks the engines rather than mirroring them: gameplay
registers what each engine plays here at start-up (GameplayConfig.ready); see decks/RULINGS.md
for the meaning of the shared ops.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import games
from decks.legality.kc_effects import kc_effect_problems

ELEMENTS = ("light", "dark", "fire", "water")
KINDS = ("H", "C", "M")
TARGETS = ("self", "opponent", "creature", "player", "all_own", "all_creatures")
# op -> (required int fields, optional int fields)
OPS: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "attack": (("amount",), ()),
    "defense": (("amount",), ()),
    "skill": (("amount",), ()),
    "element": ((), ()),
    "reroll": ((), ()),
    "cancel_support": ((), ()),
    "cancel_action": ((), ()),
    "damage": (("amount",), ()),
    "heal": (("amount",), ()),
    "buff": ((), ("attack", "life")),
}
CONDITIONS = ("element", "if_kind", "if_opponent_kind")


# Filled at start-up by gameplay (the app above decks that holds the engine), per game:
# a game whose engine has its own vocabulary: effects list -> what the engine cannot play;
def _own_vocabulary_problems(effects: list[Any]) -> list[str]:
    return [
        f"effect {number}: {problem}"
        for number, effect in enumerate(effects, start=1)
        for problem in kc_effect_problems(effect)
    ]


# A game whose effects depend on the kind of card (its declaration's `cards.kind_effects`:
# Kingdom Combat) is checked in the deck rules' own vocabulary (kc_effects), which its engine
# reads; the other engines register theirs at start-up (gameplay's AppConfig.ready).
_ENGINE_VOCABULARIES: dict[str, Callable[[list[Any]], list[str]]] = {
    game.slug: _own_vocabulary_problems for game in games.all_games() if game.cards.kind_effects
}
# a game using the shared vocabulary: the (op, target) pairs its engine carries out.
_ENGINE_EFFECTS: dict[str, frozenset[tuple[str, str]]] = {}


def engine_vocabulary_register(game: str, problems: Callable[[list[Any]], list[str]]) -> None:
    """The engine of `game` checks its cards' effects in its own words (registering again
    replaces)."""
    _ENGINE_VOCABULARIES[game] = problems


def engine_effects_register(game: str, pairs: Iterable[tuple[str, str]]) -> None:
    """The (op, target) pairs of the shared vocabulary that the engine of `game` plays."""
    _ENGINE_EFFECTS[game] = frozenset(pairs)


def engine_effects(game: str) -> frozenset[tuple[str, str]] | None:
    """What the engine of `game` plays of the shared vocabulary (None: not registered)."""
    return _ENGINE_EFFECTS.get(game)


def effect_problems(effects: Any, game: str | None = None) -> list[str]:
    """What is wrong with an effects list (empty when every effect is well formed and, given
    a game, one that game's engine plays)."""
    if not isinstance(effects, list):
        return ["effects must be a list"]
    if game in _ENGINE_VOCABULARIES:
        return _ENGINE_VOCABULARIES[game](effects)
    errors: list[str] = []
    for number, effect in enumerate(effects, start=1):
        problems = _one_effect_problems(effect) or _game_problems(effect, game)
        errors.extend(f"effect {number}: {e}" for e in problems)
    return errors


def _game_problems(effect: Mapping[str, Any], game: str | None) -> list[str]:
    pairs = _ENGINE_EFFECTS.get(game or "")
    if pairs is None:
        return []
    ops = sorted({op for op, _target in pairs})
    if effect["op"] not in ops:
        return [f"{effect['op']} is not a {game} effect; use one of {', '.join(ops)}"]
    targets = sorted(target for op, target in pairs if op == effect["op"])
    if effect.get("target", "self") not in targets:
        return [f"a {game} {effect['op']} effect targets {' or '.join(targets)}"]
    return []


def _one_effect_problems(effect: Any) -> list[str]:
    if not isinstance(effect, Mapping) or effect.get("op") not in OPS:
        return [f"op must be one of {', '.join(OPS)}"]
    required, optional = OPS[effect["op"]]
    errors = [f"{f} must be a whole number" for f in required if not _is_int(effect.get(f))]
    errors += [
        f"{f} must be a whole number" for f in optional if f in effect and not _is_int(effect[f])
    ]
    if effect.get("target", "self") not in TARGETS:
        errors.append(f"target must be one of {', '.join(TARGETS)}")
    if "element" in effect and effect["element"] not in ELEMENTS:
        errors.append(f"element must be one of {', '.join(ELEMENTS)}")
    if effect["op"] == "element" and "element" not in effect:
        errors.append("an element effect names the element")
    for key in ("if_kind", "if_opponent_kind"):
        if key in effect and effect[key] not in KINDS:
            errors.append(f"{key} must be H, C or M")
    known = {"op", "target", *required, *optional, *CONDITIONS}
    errors += [f"unknown field {key!r}" for key in effect if key not in known]
    return errors


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
