"""The registry lists the games itself: importing it loads no game, and no game imports it
(no import-time side effect, no import cycle; issue 13)."""

import subprocess
import sys
from pathlib import Path

from gameplay.engine import registry

ENGINE = Path(registry.__file__).parent


def test_importing_the_registry_loads_no_game_until_one_is_asked_for():
    code = (
        "import sys; from gameplay.engine import registry; "
        "print(sorted(m for m in sys.modules if m.startswith('gameplay.engine.')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ENGINE.parents[1],
    ).stdout
    assert loaded.strip() == "['gameplay.engine.errors', 'gameplay.engine.registry']"


def test_every_listed_game_loads_under_its_own_slug():
    assert [registry.get(slug).slug for slug in registry.GAMES] == list(registry.GAMES)
    # (other tests may add toy games at run time; the built-in five are always there)
    assert set(registry.GAMES) <= {ruleset.slug for ruleset in registry.all_rulesets()}


def test_no_game_module_imports_the_registry():
    importers = [
        path.relative_to(ENGINE).as_posix()
        for path in ENGINE.rglob("*.py")
        if path.name != "registry.py"
        and "engine.registry" in path.read_text()
        and path.name not in ("fuzz.py", "bots.py")
    ]
    assert importers == []
