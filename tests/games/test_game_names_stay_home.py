"""A game's name appears outside its own package only in the registries, migrations and tests.

Everything else reads what a game can do from its one declaration (`games`), its ruleset's
`game_type` or its presentation; a slug test (`if game == "kingdom-combat"`) would let a second,
hidden declaration grow. Scanned: every Python module of the project (string constants equal to
a slug, the slug constants such as `KINGDOM_COMBAT`, imports of a game's engine package) and the
templates and scripts (a quoted slug). Comments and prose that name a game for people are fine.
"""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import games
from gameplay.engine import registry

ROOT = Path(__file__).resolve().parents[2]
SKIPPED_DIRS = {".venv", "var", "tests", "migrations", "bench", "node_modules", ".git"}
# Where any game may be named: the declaration, the registries, each format's deck rules.
REGISTRIES = {
    "games/__init__.py",
    "games/declarations.py",
    "gameplay/engine/registry.py",
    "gameplay/presentation/registry.py",
    "decks/legality/formats.py",
}
# Words that are a slug by coincidence, not a game: (path, word).
NOT_A_GAME = {
    ("config/settings/base.py", "combat"),  # the project's cache key prefix
}
# Files another change is moving at the time of writing; where they land, the check applies
# (none now: the tournaments' pages moved to tournaments/web/, which reads games.default()).
MOVING: set[str] = set()
SLUGS = set(games.slugs())
CONSTANTS = {slug.replace("-", "_").upper() for slug in SLUGS}
PACKAGES = {
    target.split(":")[0].split(".")[2]: slug for slug, target in registry.GAMES.items()
}  # engine package -> slug: "kingdom_combat" -> "kingdom-combat"


def own_places(path: str) -> bool:
    """The files that belong to one game: its engine package, its presentation modules (the
    board and labels, and where a game has one, its click mapping `<package>_clicks.py`), its
    board template."""
    for package, slug in PACKAGES.items():
        if path.startswith(f"gameplay/engine/{package}/"):
            return True
        if path in (
            f"gameplay/presentation/{package}.py",
            f"gameplay/presentation/{package}_clicks.py",
            f"templates/gameplay/boards/{slug}.html",
        ):
            return True
    return False


def project_files(suffix: str):
    """(path from the root, path) of the project's files with that suffix, outside the skipped
    folders, the registries and the games' own files."""
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS)
        for file in sorted(files):
            path = Path(folder, file)
            name = path.relative_to(ROOT).as_posix()
            if file.endswith(suffix) and name not in REGISTRIES | MOVING and not own_places(name):
                yield name, path


def python_names(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, what) for every way a Python module can name a game."""
    found = []
    engine_modules = {f"gameplay.engine.{package}" for package in PACKAGES}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in SLUGS:
            found.append((node.lineno, repr(node.value)))
        elif isinstance(node, ast.Name) and node.id in CONSTANTS:
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute) and node.attr in CONSTANTS:
            found.append((node.lineno, f".{node.attr}"))
        elif isinstance(node, ast.alias) and node.name in CONSTANTS:
            found.append((node.lineno, f"import {node.name}"))
        elif isinstance(node, ast.ImportFrom | ast.Import):
            found += [
                (node.lineno, f"import {module}")
                for module in imported_modules(node)
                if any(module == m or module.startswith(f"{m}.") for m in engine_modules)
            ][:1]
    return found


def imported_modules(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import may name ("from a import b" may name a.b)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    module = node.module or ""
    return [module, *(f"{module}.{alias.name}" for alias in node.names)]


def test_no_module_outside_a_game_s_package_names_it():
    named = []
    for name, path in project_files(".py"):
        for line, what in python_names(ast.parse(path.read_text(encoding="utf-8"))):
            if (name, what.strip("'")) not in NOT_A_GAME:
                named.append(f"{name}:{line}: {what}")
    assert named == [], "read a capability from the game's declaration instead:\n" + "\n".join(
        sorted(set(named))
    )


QUOTED = re.compile("[\"'](" + "|".join(re.escape(s) for s in sorted(SLUGS)) + ")[\"']")


def test_no_template_or_script_outside_a_game_s_package_names_it():
    named = [
        f"{name}:{number}: {match.group(0)}"
        for suffix in (".html", ".js", ".txt")
        for name, path in project_files(suffix)
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        for match in QUOTED.finditer(text)
    ]
    assert named == [], "pass the capability in the page's context instead:\n" + "\n".join(named)


def test_the_files_being_moved_are_still_there():
    # once moved, the entry goes: the file's new home is checked like every other
    assert all((ROOT / name).exists() for name in MOVING)


def test_the_check_finds_a_slug_test_and_an_engine_import():
    tree = ast.parse(
        "from gameplay.engine.kingdom_combat import cards\n"
        "import gameplay.engine.army.rules\n"
        "from games import KINGDOM_COMBAT\n"
        "if game.slug == 'rune-duel' or slug == GameSlug.COMBAT: pass\n"
    )
    found = {what for _line, what in python_names(tree)}
    assert found >= {
        "import gameplay.engine.kingdom_combat",
        "import gameplay.engine.army.rules",
        "import KINGDOM_COMBAT",
        "'rune-duel'",
        ".COMBAT",
    }
    assert own_places("gameplay/engine/kingdom_combat/effects.py")
    assert own_places("templates/gameplay/boards/rune-duel.html")
    assert not own_places("decks/views.py")
