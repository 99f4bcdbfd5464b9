"""League points, pure: each event's results as points (per placement or per match win, as the
organizer set), and the season's leaderboard counting each player's best N events.

No Django here. The rulings are in leagues/RULINGS.md (L1-L6).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

PLACEMENT, MATCH_WINS = "placement", "match-wins"


class ScoringError(ValueError):
    """A league's scoring settings do not make sense."""


@dataclass(frozen=True)
class Scoring:
    """How a league scores: `by` placement (points[0] for 1st, points[1] for 2nd, ... and 0
    past the list) or per match win (`per_win` each); `best` events count (None: all)."""

    by: str = PLACEMENT
    points: tuple[int, ...] = (10, 8, 6, 5, 4, 3, 2, 1)
    per_win: int = 3
    best: int | None = None

    def __post_init__(self) -> None:
        if self.by not in (PLACEMENT, MATCH_WINS):
            raise ScoringError("Score by placement or by match wins.")
        if any(p < 0 for p in self.points) or self.per_win < 0:
            raise ScoringError("Points are 0 or more.")
        if self.best is not None and self.best < 1:
            raise ScoringError("Count at least one event.")


@dataclass(frozen=True)
class Result:
    """One player's result in one finished event."""

    event: int
    player: int
    placement: int | None
    match_wins: int


@dataclass
class Line:
    """A player's line of the leaderboard."""

    player: int
    rank: int = 0
    points: int = 0
    counted: list[int] = field(default_factory=list)  # event ids whose points count
    by_event: dict[int, int] = field(default_factory=dict)

    @property
    def events(self) -> int:
        return len(self.by_event)


def points_for(result: Result, scoring: Scoring) -> int:
    """The points one result earns (L2, L3)."""
    if scoring.by == MATCH_WINS:
        return result.match_wins * scoring.per_win
    if result.placement is None or not 1 <= result.placement <= len(scoring.points):
        return 0
    return scoring.points[result.placement - 1]


def leaderboard(results: Iterable[Result], scoring: Scoring, order: Sequence[int]) -> list[Line]:
    """Every player ranked by the points of their best `scoring.best` events (L4): ties by
    the most events counted with points, then the best single event, then the player id;
    equal lines share a rank. `order` lists the event ids oldest first: of equal scores the
    earlier event counts (a stable choice, L5)."""
    position = {event: n for n, event in enumerate(order)}
    lines: dict[int, Line] = defaultdict(lambda: Line(player=0))
    for result in results:
        line = lines[result.player]
        line.player = result.player
        line.by_event[result.event] = points_for(result, scoring)
    for line in lines.values():
        ranked = sorted(line.by_event, key=lambda e: (-line.by_event[e], position.get(e, 0)))
        line.counted = ranked[: scoring.best] if scoring.best else ranked
        line.points = sum(line.by_event[e] for e in line.counted)
    ordered = sorted(lines.values(), key=lambda line: (*_key(line), line.player))
    previous = None
    for index, line in enumerate(ordered, 1):
        line.rank = previous.rank if previous and _key(previous) == _key(line) else index
        previous = line
    return ordered


def _key(line: Line) -> tuple[Any, ...]:
    best_single = max(line.by_event.values(), default=0)
    scored = sum(1 for e in line.counted if line.by_event[e] > 0)
    return (-line.points, -scored, -best_single)
