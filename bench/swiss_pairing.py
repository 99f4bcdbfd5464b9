"""Benchmark of Swiss pairing and standings (the pure code a Swiss round calls).

Prints one JSON line per figure: CPU seconds (time.process_time) to compute the standings and
pair one round of a 4,096-entry event, after 1 and after 7 rounds of random results, beside a
bare baseline in the same run (sorting the entries by points, what a greedy pairer starts from).
"""

import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.brackets.swiss import SwissResult, bye, pair_round, standings

ENTRIES = 4096


def play_rounds(entries: list[int], rounds: int, rng: random.Random) -> list[SwissResult]:
    """Random results for `rounds` Swiss rounds, paired by the code under test."""
    results: list[SwissResult] = []
    for number in range(rounds):
        pairings = next_round(entries, results, random.Random(number))[1]
        for a, b in pairings.tables:
            winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
            results.append(SwissResult((a, b), winner, {winner: 2, loser: rng.choice([0, 1])}))
        if pairings.bye is not None:
            results.append(bye(pairings.bye))
    return results


def next_round(entries, results, rng):
    """The standings, then the next round's pairings (what the service does each round)."""
    table = standings(entries, results)
    ranked = [row.entry for row in table]
    points = {row.entry: row.match_points for row in table}
    played = {frozenset(r.entries) for r in results if not r.is_bye}
    had_bye = {r.entries[0] for r in results if r.is_bye}
    return table, pair_round(ranked, points, played, had_bye, rng)


def timed(function) -> float:
    started = time.process_time()
    function()
    return time.process_time() - started


def figures_after(entries: list[int], rounds_played: int) -> dict:
    results = play_rounds(entries, rounds_played, random.Random(1))
    points = {entry: random.Random(entry).choice([0, 3, 6]) for entry in entries}
    swiss = min(timed(lambda: next_round(entries, results, random.Random(9))) for _ in range(3))
    bare = min(timed(lambda: sorted(entries, key=points.get)) for _ in range(3))
    return {"swiss_round_cpu_s": round(swiss, 4), "bare_sort_by_points_cpu_s": round(bare, 4)}


def main() -> None:
    entries = list(range(1, ENTRIES + 1))
    for rounds_played in (1, 7):
        line = {"bench": "swiss_pairing", "entries": ENTRIES, "rounds_played": rounds_played}
        line |= figures_after(entries, rounds_played)
        print(json.dumps(line | {"load_average": os.getloadavg()[0]}))


if __name__ == "__main__":
    main()
