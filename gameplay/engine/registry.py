"""The registry of rulesets by slug.

Each game module calls `register(...)` when it is imported; the imports at the bottom of this
file (one line per game) make every game available as soon as the registry is imported.
"""

from __future__ import annotations

from gameplay.engine.core import EngineError, Ruleset, UnknownRuleset

_RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Make the ruleset available under its slug (re-registering the same slug replaces it)."""
    if not ruleset.slug:
        raise EngineError("A ruleset needs a slug.")
    _RULESETS[ruleset.slug] = ruleset
    return ruleset


def get(slug: str) -> Ruleset:
    """The ruleset registered under slug; UnknownRuleset if there is none."""
    try:
        return _RULESETS[slug]
    except KeyError:
        raise UnknownRuleset(f"There is no game called {slug!r}.") from None


def all_rulesets() -> list[Ruleset]:
    """Every registered ruleset, sorted by slug."""
    return [_RULESETS[slug] for slug in sorted(_RULESETS)]


# One line per game module (importing it registers its ruleset); plain imports so that
# isort keeps one line per game.
import gameplay.engine.army  # noqa: E402
import gameplay.engine.combat  # noqa: E402
import gameplay.engine.conventional_combat  # noqa: E402
import gameplay.engine.rune_duel  # noqa: E402, F401
