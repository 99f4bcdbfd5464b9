"""How every bench prints a figure: one JSON line that says what was measured, the value and
its unit, and where and when (machine, date, load), so a figure read later, or beside its
baseline from the same run, carries the conditions it was taken in."""

from __future__ import annotations

import datetime
import json
import os
import platform
import sys
from typing import Any


def conditions() -> dict[str, Any]:
    """The machine, the UTC date and the load average (1, 5, 15 minutes) right now."""
    return {
        "machine": f"{platform.node()} {platform.machine()} {os.cpu_count()} cores",
        "python": platform.python_version(),
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "load": [round(x, 2) for x in os.getloadavg()],
    }


def emit(figure: str, value: Any, unit: str, *, digits: int = 6, **extra: Any) -> None:
    """Print one figure as a JSON line (`value` rounded to `digits` places when a float)."""
    if isinstance(value, float):
        value = round(value, digits)
    row = {"figure": figure, "value": value, "unit": unit, **extra, **conditions()}
    print(json.dumps(row), flush=True)


def emit_row(row: dict[str, Any], *, stream: Any = None) -> None:
    """Print a prepared row (progress, an error) with the conditions added."""
    print(json.dumps({**row, **conditions()}), file=stream or sys.stdout, flush=True)
