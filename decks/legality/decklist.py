"""Plain-text deck lists: `N Card Name` per line, `Fortress:` lines, a `Sideboard:` section.

Accepted line shapes: `4 Iron Knight`, `4x Iron Knight`, `Iron Knight` (one copy),
`Fortress: Ironhold Keep`, `AS` (a playing-card code). Blank lines and lines starting with
`#` or `//` are ignored. Everything after a `Sideboard:` line is the sideboard.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from decks.legality.types import DeckList

_COUNTED = re.compile(r"^(\d+)[xX]?\s+(\S.*)$")  # "4x Name" or "4 Name"; "1 X A" names "X A"
_FORTRESS = re.compile(r"^fortress\s*:\s*(.*)$", re.IGNORECASE)
_SIDEBOARD = re.compile(r"^(sideboard|sb)\s*:?\s*$", re.IGNORECASE)
MAX_COUNT = 999


def parse_deck_list(text: str) -> DeckList:
    """Parse a plain-text list; lines that cannot be read are kept in `unreadable`."""
    main: list[tuple[str, int]] = []
    sideboard: list[tuple[str, int]] = []
    fortresses: list[str] = []
    unreadable: list[tuple[int, str]] = []
    section = main
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        if _SIDEBOARD.match(line):
            section = sideboard
            continue
        fortress = _FORTRESS.match(line)
        if fortress:
            name = fortress.group(1).strip()
            if name:
                fortresses.append(name)
            else:
                unreadable.append((number, line))
            continue
        parsed = _parse_card_line(line)
        if parsed is None:
            unreadable.append((number, line))
        else:
            section.append(parsed)
    return DeckList(
        main=tuple(main),
        fortresses=tuple(fortresses),
        sideboard=tuple(sideboard),
        unreadable=tuple(unreadable),
    )


def _parse_card_line(line: str) -> tuple[str, int] | None:
    counted = _COUNTED.match(line)
    if counted:
        count = int(counted.group(1))
        if not 1 <= count <= MAX_COUNT:
            return None
        return counted.group(2).strip(), count
    if line[0].isdigit() and " " in line:
        return None  # e.g. "0 Iron Knight" or "-1 ..." handled above; "3.5 X" is unreadable
    return line, 1


def format_deck_list(
    main: Iterable[tuple[str, int]],
    fortresses: Iterable[str] = (),
    sideboard: Iterable[tuple[str, int]] = (),
) -> str:
    """The plain-text list of (label, count) lines; labels are names, or codes for playing cards."""
    lines = [f"Fortress: {name}" for name in fortresses]
    lines.extend(f"{count} {label}" for label, count in main)
    extra = [f"{count} {label}" for label, count in sideboard]
    if extra:
        lines.extend(["", "Sideboard:", *extra])
    return "\n".join(lines) + "\n"
