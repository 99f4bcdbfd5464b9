"""Every ruling in kingdom_combat/RULINGS.md names tests that exist."""

import importlib
import re
from pathlib import Path

RULINGS = (
    Path(__file__).resolve().parents[4] / "gameplay" / "engine" / "kingdom_combat" / "RULINGS.md"
)


def test_every_ruling_names_existing_tests():
    rows = [line for line in RULINGS.read_text().splitlines() if re.match(r"\| K\d+ ", line)]
    assert len(rows) >= 20
    numbers = [int(re.match(r"\| K(\d+) ", row).group(1)) for row in rows]
    assert len(numbers) == len(set(numbers)), "a ruling number is used twice"
    for row in rows:
        refs = re.findall(r"`(test_\w+)\.py::(test_\w+)`", row)
        assert refs, f"no test named in: {row[:40]}"
        for module, name in refs:
            tests = importlib.import_module(f"tests.gameplay.engine.kingdom_combat.{module}")
            assert hasattr(tests, name), f"{module}.{name} is missing ({row[:8]})"
