"""No import inside a function crosses an app boundary, and one inside an app says why
(CONTRIBUTING.md, "Apps that depend one way"; issue 13)."""

import ast
from pathlib import Path

from config.apps import PROJECT_PACKAGES

ROOT = Path(__file__).resolve().parents[2]
APPS = PROJECT_PACKAGES


def _function_level_imports(path: Path):
    """(line number, imported module) of every import inside a function of the file."""
    found = []

    def visit(node, in_function: bool):
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if in_function and isinstance(child, ast.Import):
                found.extend((child.lineno, alias.name) for alias in child.names)
            elif in_function and isinstance(child, ast.ImportFrom) and child.level == 0:
                found.append((child.lineno, child.module or ""))
            visit(child, inner)

    visit(ast.parse(path.read_text()), False)
    return found


def _explained(lines: list[str], lineno: int) -> bool:
    """A comment on the import's line or on the line just above it."""
    return "#" in lines[lineno - 1] or lines[lineno - 2].strip().startswith("#")


def _offences():
    crossing, unexplained = [], []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            lines = path.read_text().splitlines()
            for lineno, module in _function_level_imports(path):
                top = module.split(".")[0]
                if top not in APPS:
                    continue
                where = f"{path.relative_to(ROOT)}:{lineno} imports {module}"
                if top != app:
                    crossing.append(where)
                elif not _explained(lines, lineno):
                    unexplained.append(where)
    return crossing, unexplained


def test_no_function_level_import_crosses_an_app_boundary():
    crossing, _unexplained = _offences()
    assert crossing == [], "import these at the top of the module (or add a hook):\n" + "\n".join(
        crossing
    )


def test_a_function_level_import_inside_an_app_says_why():
    _crossing, unexplained = _offences()
    assert unexplained == [], "move these to the top, or say why in a comment:\n" + "\n".join(
        unexplained
    )


def test_the_check_finds_a_function_level_import(tmp_path):
    # given a module with one import inside a function and one at the top
    module = tmp_path / "m.py"
    module.write_text("import os\n\ndef f():\n    from tournaments import models\n    return 1\n")
    # then only the one inside the function is found
    assert _function_level_imports(module) == [(4, "tournaments")]
