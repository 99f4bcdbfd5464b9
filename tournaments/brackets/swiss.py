"""Pure Swiss rounds: standings with the usual tie-breakers, and the next round's pairings.

Plain data in, plain data out (no Django). The rulings (points, byes, drops, draws, the 33%
floor) are written in tournaments/RULINGS.md under "Swiss" (S1-S7); the numbers below cite them.
Pods of 3 and 4 (S8) are `swiss_pods.py`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import networkx as nx

from tournaments.brackets.errors import BracketError

WIN_POINTS, DRAW_POINTS = 3, 1  # S1: a match win is 3 points, a draw 1, a loss 0
BYE_GAME_WINS = 2  # S2: a bye is a match win with a 2-0 game score
PERCENT_FLOOR = Fraction(1, 3)  # S3: match- and game-win percentages count as at least 33%
CHUNK = 64  # players matched at once: keeps the matching fast (see pair_round)
WINDOW = 16  # each player may meet the next WINDOW players in the ranked order of a chunk


@dataclass(frozen=True)
class SwissResult:
    """One finished pairing: two entries, or one entry and a bye (`entries` of one)."""

    entries: tuple[int, ...]
    winner: int | None  # None: a draw (S4), or a bye's entry for a bye
    game_wins: dict[int, int] = field(default_factory=dict)
    game_draws: int = 0

    @property
    def is_bye(self) -> bool:
        return len(self.entries) == 1


def bye(entry: int) -> SwissResult:
    """The result a bye counts as (S2)."""
    return SwissResult(entries=(entry,), winner=entry, game_wins={entry: BYE_GAME_WINS})


@dataclass(frozen=True)
class Standing:
    """One entry's line in the standings; percentages are exact fractions."""

    entry: int
    rank: int
    match_points: int
    wins: int
    draws: int
    losses: int
    opponents_match_win: Fraction
    game_win: Fraction
    opponents_game_win: Fraction


@dataclass
class _Record:
    match_points: int = 0
    matches: int = 0
    wins: int = 0
    draws: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[int] = field(default_factory=list)

    def match_win(self) -> Fraction:
        if not self.matches:
            return PERCENT_FLOOR
        return max(PERCENT_FLOOR, Fraction(self.match_points, WIN_POINTS * self.matches))

    def game_win(self) -> Fraction:
        if not self.games:
            return PERCENT_FLOOR
        return max(PERCENT_FLOOR, Fraction(self.game_points, WIN_POINTS * self.games))


def _records(entries: Sequence[int], results: Iterable[SwissResult]) -> dict[int, _Record]:
    records = {entry: _Record() for entry in entries}
    for result in results:
        unknown = [entry for entry in result.entries if entry not in records]
        if unknown:
            raise BracketError(f"Entry {unknown[0]} is not in this event.")
        games = sum(result.game_wins.values()) + result.game_draws
        for entry in result.entries:
            record = records[entry]
            record.matches += 1
            if result.winner == entry:
                record.wins += 1
                record.match_points += WIN_POINTS
            elif result.winner is None:
                record.draws += 1
                record.match_points += DRAW_POINTS
            won = result.game_wins.get(entry, 0)
            record.game_points += WIN_POINTS * won + DRAW_POINTS * result.game_draws
            record.games += games
            # S2: a bye is nobody's opponent
            record.opponents += [other for other in result.entries if other != entry]
    return records


def _average(values: list[Fraction]) -> Fraction:
    """The exact mean, over one common denominator (adding Fractions one by one is slow)."""
    if not values:
        return PERCENT_FLOOR
    common = math.lcm(*(value.denominator for value in values))
    total = sum(value.numerator * (common // value.denominator) for value in values)
    return Fraction(total, common * len(values))


def standings(entries: Sequence[int], results: Iterable[SwissResult]) -> list[Standing]:
    """Every entry ranked by match points, then opponents' match-win %, game-win %, opponents'
    game-win % (S5); `entries` in seed order breaks what is still tied."""
    records = _records(entries, results)
    # each entry's percentages once (an entry is the opponent of many)
    match_win = {entry: record.match_win() for entry, record in records.items()}
    game_win = {entry: record.game_win() for entry, record in records.items()}
    rows = []
    for entry in entries:
        record = records[entry]
        rows.append(
            Standing(
                entry=entry,
                rank=0,
                match_points=record.match_points,
                wins=record.wins,
                draws=record.draws,
                losses=record.matches - record.wins - record.draws,
                opponents_match_win=_average([match_win[o] for o in record.opponents]),
                game_win=game_win[entry],
                opponents_game_win=_average([game_win[o] for o in record.opponents]),
            )
        )
    seed = {entry: index for index, entry in enumerate(entries)}
    rows.sort(key=lambda r: (*_tie_key(r), seed[r.entry]))
    ranked, previous = [], None
    for index, row in enumerate(rows, 1):
        rank = previous.rank if previous and _tie_key(previous) == _tie_key(row) else index
        previous = Standing(**{**row.__dict__, "rank": rank})
        ranked.append(previous)
    return ranked


def _tie_key(row: Standing) -> tuple[Any, ...]:
    return (-row.match_points, -row.opponents_match_win, -row.game_win, -row.opponents_game_win)


def rounds_for(entry_count: int) -> int:
    """The default number of Swiss rounds: ceil(log2(entries)), at least 1."""
    return max(1, math.ceil(math.log2(max(entry_count, 2))))


@dataclass(frozen=True)
class Pairings:
    """A round's tables (best-ranked first), the entry with the bye, and forced rematches."""

    tables: list[tuple[int, int]]
    bye: int | None
    rematches: int


def pair_round(
    ranked: Sequence[int],
    points: dict[int, int],
    played: set[frozenset[int]],
    had_bye: set[int],
    rng: random.Random,
) -> Pairings:
    """Pair the active entries (`ranked`: best first, dropped entries left out, S6).

    Entries with the same points meet (the order inside a points group is shuffled with `rng`,
    so the draw is reproducible from the event's seed); no rematch while any pairing avoids
    one; an odd count gives the bye to the lowest-ranked entry without one (S2).

    A maximum-weight matching (networkx) pairs each chunk of CHUNK consecutive entries: one
    matching over 4,096 entries takes seconds, while chunks of 64 take ~0.1 s in all, and a
    score group split by a chunk boundary still meets within each chunk. An entry a chunk
    cannot pair moves on to the next chunk; if one is left at the end, the whole round is
    matched at once over every pairing and, only if nothing else works, with rematches allowed
    (counted in `rematches`).
    """
    if len(set(ranked)) != len(ranked):
        raise BracketError("An entry is listed twice.")
    order = shuffle_within_points(ranked, points, rng)
    bye_entry = None
    if len(order) % 2:
        without = [entry for entry in reversed(ranked) if entry not in had_bye]
        bye_entry = without[0] if without else ranked[-1]
        order.remove(bye_entry)
    tables: list[tuple[int, int]] = []
    carried: list[int] = []
    for start in range(0, len(order), CHUNK):
        pairs, carried = _match(carried + order[start : start + CHUNK], points, played, WINDOW)
        tables += pairs
    rematches = 0
    if carried:  # rare: widen to every pairing, then (unavoidable) allow rematches
        tables, carried = _match(order, points, played, len(order))
        if carried:
            tables, _ = _match(order, points, played, len(order), allow_rematch=True)
            rematches = sum(frozenset(pair) in played for pair in tables)
    position = {entry: index for index, entry in enumerate(order)}
    tables.sort(key=lambda pair: min(position[pair[0]], position[pair[1]]))
    return Pairings(tables=tables, bye=bye_entry, rematches=rematches)


def shuffle_within_points(
    ranked: Sequence[int], points: dict[int, int], rng: random.Random
) -> list[int]:
    """The ranked entries, best points group first, each group shuffled with `rng` (S7, S8)."""
    groups: dict[int, list[int]] = {}
    for entry in ranked:
        groups.setdefault(points.get(entry, 0), []).append(entry)
    order = []
    for value in sorted(groups, reverse=True):
        group = groups[value]
        rng.shuffle(group)
        order += group
    return order


def _match(
    chunk: list[int],
    points: dict[int, int],
    played: set[frozenset[int]],
    window: int,
    *,
    allow_rematch: bool = False,
) -> tuple[list[tuple[int, int]], list[int]]:
    """Pairs of a chunk by maximum-weight matching, and the entries left unpaired.

    Every weight is positive; its penalties are ordered so that avoiding one rematch beats
    any points gap, and a smaller points gap beats any distance in the shuffled order."""
    size = len(chunk)
    spread = max((points.get(entry, 0) for entry in chunk), default=0) + 1
    gap_unit = size * size + 1  # more than all distances of a matching together
    rematch_unit = size * spread * spread * gap_unit + 1  # more than all gaps together
    base = rematch_unit + spread * spread * gap_unit + size + 1
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(size))
    for i, first in enumerate(chunk):
        for j in range(i + 1, min(size, i + 1 + window)):
            second = chunk[j]
            rematch = frozenset((first, second)) in played
            if rematch and not allow_rematch:
                continue
            gap = points.get(first, 0) - points.get(second, 0)
            penalty = rematch * rematch_unit + gap * gap * gap_unit + (j - i)
            graph.add_edge(i, j, weight=base - penalty)
    pairs: list[tuple[int, int]] = []
    paired: set[int] = set()
    for i, j in nx.max_weight_matching(graph, maxcardinality=True):
        i, j = min(i, j), max(i, j)
        pairs.append((chunk[i], chunk[j]))
        paired |= {i, j}
    return pairs, [entry for index, entry in enumerate(chunk) if index not in paired]
