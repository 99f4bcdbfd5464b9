"""Only `tournaments/fastpath/`, `decks/drafting/fastpath.py`, `ratings/fastpath.py` (and the
migrations) open a cursor or write SQL that names a table: every other read and write of
these apps goes through the ORM, and each shortcut stays in the one room that says what it
stands for and which bench justifies it (CONTRIBUTING.md)."""

import ast
import re
from pathlib import Path

import pytest
from django.apps import apps

BASE = Path(__file__).resolve().parents[2]
# each app scanned, and how many modules it has at least (the whole app, not an empty folder)
APPS = {"tournaments": 40, "decks": 30, "ratings": 10}

# what opens a cursor or hands SQL to the database past the ORM's query building
RAW_ATTRIBUTES = {"cursor", "raw", "extra", "db_table", "quote_name", "execute", "executemany"}
RAW_NAMES = {"RawSQL"}
SQL = re.compile(
    r"\b(SELECT|INSERT\s+INTO|UPDATE|DELETE\s+FROM)\b.*\b(FROM|SET|INTO|WHERE)\b", re.S
)


def table_names() -> set[str]:
    return {model._meta.db_table for model in apps.get_models(include_auto_created=True)}


def _docstrings(tree: ast.AST) -> set[int]:
    owners = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, owners)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def _texts(tree: ast.AST):
    """Each string of the source but docstrings, an f-string as one text ("{}" for its
    values), with its line."""
    docstrings = _docstrings(tree)
    parts = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts.update(id(value) for value in node.values)
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            yield node.lineno, text
    skipped = docstrings | parts
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skipped
        ):
            yield node.lineno, node.value


def shortcuts_in(source: str, tables: set[str]) -> list[str]:
    """What in `source` opens a cursor or names a table in SQL, one line each."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in RAW_ATTRIBUTES:
            found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in RAW_NAMES:
            found.append(f"line {node.lineno}: {node.id}")
        elif isinstance(node, ast.alias) and node.name in RAW_NAMES:
            found.append(f"import of {node.name}")
    for line, text in _texts(tree):
        if SQL.search(text) or set(re.findall(r"[a-z_]+", text)) & tables:
            found.append(f"line {line}: SQL {text[:40]!r}")
    return found


def _allowed(path: Path) -> bool:
    """A fastpath module or package, or a migration."""
    parts = path.relative_to(BASE).parts
    return "migrations" in parts or "fastpath" in parts or path.name == "fastpath.py"


@pytest.mark.parametrize(("app", "at_least"), APPS.items())
def test_only_fastpath_opens_a_cursor_or_names_a_table(app, at_least):
    # given every module of the app outside its fastpath and its migrations
    tables = table_names()
    modules = [path for path in (BASE / app).rglob("*.py") if not _allowed(path)]
    assert len(modules) > at_least
    # when each is read, then none opens a cursor or writes SQL naming a table
    offenders = {
        str(path.relative_to(BASE)): found
        for path in modules
        if (found := shortcuts_in(path.read_text(), tables))
    }
    assert offenders == {}


def test_the_scan_finds_a_cursor_raw_sql_and_a_table_name():
    # given sources that take each shortcut the rule keeps in fastpath/
    tables = table_names()
    cases = {
        "from django.db import connection\nconnection.cursor()\n": "cursor",
        "Match.objects.raw('x')\n": "raw",
        "Match.objects.extra(where=['1 = 1'])\n": "extra",
        "q = RawSQL('version + 1', [])\n": "RawSQL",
        "t = Match._meta.db_table\n": "db_table",
        "sql = 'SELECT version FROM t WHERE id = %s'\n": "SELECT",
        "sql = f'UPDATE {x} SET seed = 1'\n": "UPDATE",
        "name = 'tournaments_match'\n": "tournaments_match",
    }
    # when each is scanned, then the scan names it; a docstring or a plain word does not count
    for source, what in cases.items():
        assert any(what in line for line in shortcuts_in(source, tables)), source
    plain = '"""The UPDATE takes the row lock."""\nlabel = "Select a winner"\n'
    assert shortcuts_in(plain, tables) == []
