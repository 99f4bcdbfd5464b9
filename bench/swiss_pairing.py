"""Benchmark of Swiss pairing and standings (the pure code a Swiss round calls).

Prints one JSON line per figure: CPU seconds (time.process_time) to compute the standings and
pair one round of a 4,096-entry event, after 1 and after 7 rounds of random results, beside a
bare baseline in the same run (sorting the entries by points, what a greedy pairer starts from).
The same for pods of 3 and 4 (ruling S8) after 1, 7 and 11 rounds, with the pod pairing's own
time, the rematches it made and those the plain cut by record (the old S8) would have made.
"""

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from itertools import combinations

from bench import report
from tournaments.brackets.swiss import (
    SwissResult,
    bye,
    pair_round,
    shuffle_within_points,
    standings,
)
from tournaments.brackets.swiss_pods import pods_by_record

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


def pod_round(entries, results):
    """What the service reads before pairing pods: the standings, every earlier pair, the byes."""
    table = standings(entries, results)
    ranked = [row.entry for row in table]
    points = {row.entry: row.match_points for row in table}
    played = {frozenset(p) for r in results if not r.is_bye for p in combinations(r.entries, 2)}
    had_bye = {r.entries[0] for r in results if r.is_bye}
    return ranked, points, played, had_bye


def play_pod_rounds(entries, per_match, rounds, rng) -> list[SwissResult]:
    results: list[SwissResult] = []
    for number in range(rounds):
        ranked, points, played, had_bye = pod_round(entries, results)
        made = pods_by_record(
            ranked, points, per_match, had_bye, random.Random(number), played=played
        )
        for pod in made.pods:
            winner = rng.choice(pod)
            results.append(SwissResult(pod, winner, {winner: 1}))
        if made.bye is not None:
            results.append(bye(made.bye))
    return results


def plain_cut(ranked, points, per_match, rng) -> list[list[int]]:
    """The pods of the plain cut by record (the old S8: rematches not avoided)."""
    order = shuffle_within_points(ranked, points, rng)
    return [order[i : i + per_match] for i in range(0, len(order), per_match)]


def rematches_in(pods, played) -> int:
    return sum(frozenset(p) in played for pod in pods for p in combinations(pod, 2))


def mixed(pods, points) -> int:
    """Pods holding more than one record."""
    return sum(len({points[entry] for entry in pod}) > 1 for pod in pods)


def pod_figures_after(entries, per_match, rounds_played) -> dict:
    results = play_pod_rounds(entries, per_match, rounds_played, random.Random(1))
    ranked, points, played, had_bye = pod_round(entries, results)

    def pair():
        return pods_by_record(ranked, points, per_match, had_bye, random.Random(9), played=played)

    def whole_round():
        ranked, points, played, had_bye = pod_round(entries, results)
        pods_by_record(ranked, points, per_match, had_bye, random.Random(9), played=played)

    made = pair()
    cut = plain_cut([e for e in ranked if e != made.bye], points, per_match, random.Random(9))
    return {
        "pods_round_cpu_s": round(min(timed(whole_round) for _ in range(3)), 4),
        "pods_pairing_only_cpu_s": round(min(timed(pair) for _ in range(3)), 4),
        "rematches": made.rematches,
        "plain_cut_rematches": rematches_in(cut, played),
        "pods_with_mixed_records": mixed(made.pods, points),
        "plain_cut_pods_with_mixed_records": mixed(cut, points),
        "bare_sort_by_points_cpu_s": round(
            min(timed(lambda: sorted(entries, key=points.get)) for _ in range(3)), 4
        ),
    }


def main() -> None:
    entries = list(range(1, ENTRIES + 1))
    for rounds_played in (1, 7):
        found = figures_after(entries, rounds_played)
        line = {
            "figure": f"swiss_round_cpu_{ENTRIES}_after_{rounds_played}",
            "value": found["swiss_round_cpu_s"],
            "unit": "s",
            "entries": ENTRIES,
            "rounds_played": rounds_played,
        }
        report.emit_row(line | found | {"load_average": os.getloadavg()[0]})
    for per_match in (3, 4):
        for rounds_played in (1, 7, 11):
            found = pod_figures_after(entries, per_match, rounds_played)
            line = {
                "figure": f"swiss_pods_of_{per_match}_cpu_{ENTRIES}_after_{rounds_played}",
                "value": found["pods_round_cpu_s"],
                "unit": "s",
                "entries": ENTRIES,
                "per_match": per_match,
                "rounds_played": rounds_played,
            }
            report.emit_row(line | found | {"load_average": os.getloadavg()[0]})


if __name__ == "__main__":
    main()
