"""Bot ladder for every engine game: search vs greedy, greedy vs random, search vs random.

Usage: python bench/bot_ladder.py [--games N] [--seed0 S] [--procs P] [--slugs ...] [--pairs ...]
Defaults: 10 games per pair (make bench's short run; BENCHMARKS.md's ladders are --games 1000),
every two-player engine game, the three pairs, one process.

Seats alternate: the first bot of a pair sits in seat 0 on even seeds and seat 1 on odd seeds
(who starts is drawn from the seed: Combat's first player, Rune Duel's flip; Army and
Conventional Combat have no first player, both seats choose in secret). Each game uses its own
seed for the deal and the bots' RNG, so a run splits over processes (--procs, or --seed0 in
separate runs) and the counts add up.

Prints one JSON line per pair: the wins of each bot and the draws, the score of the first bot
(draws count half), its one-sided 95 % Wilson lower bound, and games per CPU second
(time.process_time summed over the worker processes), the wall time, and the first bot's
decision times (`decision_ms`: wall median, 99th percentile and worst, under the run's load,
so read them beside it; and the 99th percentile of CPU time, the bot's own cost). Every 25 games
each worker prints its partial counts to stderr, so a run cut short still says what it played.

Sequential mode (--target T, e.g. 0.6): games are played in rounds of --round games over the
processes, and after each round the score's two-sided Wilson interval at z = 2.576 (99 % at
one look; the wider interval keeps the error of looking after every round near 5 %) is
compared with T, from --min-games games on (200: earlier looks can be decided by luck); the
ladder stops as soon as the interval excludes T ("decided": true, the verdict "above" or
"below"), or at --games games or --minutes of wall time (undecided). Its JSON line adds the
interval, the verdict, the machine, the date and the load average.

Duplicate mode (--duplicate, with --target): seeds 2k and 2k + 1 play the same deal (seed 2k's
cards and first player), the first bot in seat 0 and then in seat 1, as duplicate bridge does;
the score is the same (the mean over deals and seats), but the interval is taken over deals
(the normal interval of their mean score, by their sample variance, at the same z), so the luck
of a deal, which both bots get once, no longer widens it (Army and Rune Duel are mostly luck:
greedy beats random there only 0.6 of the time).
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import report
from gameplay.engine import bots

GAMES = ("army", "combat", "conventional-combat", "rune-duel")
PAIRS = ("search:greedy", "greedy:random", "search:random")


def play_chunk(
    slug: str, first: str, second: str, seeds: range, duplicate: bool = False
) -> tuple[dict, float, list, dict]:
    """Games over a range of seeds: the outcome counts, the CPU seconds they took, the wall
    seconds of each of the first bot's decisions and the first bot's score by seed. Duplicate:
    seeds 2k and 2k + 1 play the same deal (seed 2k's), the first bot in either seat."""
    counts = {"first": 0, "second": 0, "draw": 0}
    scores: dict[int, float] = {}
    timings: list[tuple[float, float]] = []
    start = time.process_time()
    for done, seed in enumerate(seeds, 1):
        deal = seed - seed % 2 if duplicate else None
        outcome = bots.ladder_game(slug, first, second, seed, timings=timings, deal=deal)
        counts[outcome] += 1
        scores[seed] = SCORE[outcome]
        if done % 25 == 0 and done < len(seeds):  # partial counts, for runs cut short
            partial = {"slug": slug, "pair": f"{first}:{second}", "seeds": [seeds[0], seed]}
            partial.update(counts=counts, cpu_s=round(time.process_time() - start, 1))
            print(json.dumps({"progress": partial}), file=sys.stderr, flush=True)
    return counts, time.process_time() - start, timings, scores


SCORE = {"first": 1.0, "draw": 0.5, "second": 0.0}


def decision_ms(timings: list[tuple[float, float]]) -> dict:
    """The first bot's decision times in ms: wall (median, 99th percentile, worst) and the
    99th percentile of CPU time (the bot's own cost, whatever the load)."""
    if not timings:
        return {}
    wall = sorted(t[0] for t in timings)
    cpu = sorted(t[1] for t in timings)

    def at(ordered: list[float], share: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * share))], 1)

    return {
        "decisions": len(wall),
        "p50": at(wall, 0.5),
        "p99": at(wall, 0.99),
        "max": at(wall, 1.0),
        "cpu_p99": at(cpu, 0.99),
    }


def ladder(slug: str, pair: str, games: int, seed0: int = 0, procs: int = 1) -> dict:
    """Play one pair of bots `games` times and summarise it as one figure."""
    first, second = pair.split(":")
    wall = time.perf_counter()
    if procs > 1:
        step = math.ceil(games / procs)
        chunks = [
            range(seed0 + i, min(seed0 + games, seed0 + i + step)) for i in range(0, games, step)
        ]
        with ProcessPoolExecutor(procs) as pool:
            n = len(chunks)
            parts = list(pool.map(play_chunk, [slug] * n, [first] * n, [second] * n, chunks))
    else:
        parts = [play_chunk(slug, first, second, range(seed0, seed0 + games))]
    wall = time.perf_counter() - wall
    counts = {k: sum(p[0][k] for p in parts) for k in ("first", "second", "draw")}
    cpu = sum(p[1] for p in parts)
    figure = summary(slug, first, second, counts, seed0=seed0, cpu=cpu, wall=wall)
    figure["decision_ms"] = decision_ms([t for p in parts for t in p[2]])
    return figure


Z_SEQUENTIAL = 2.576  # two-sided 99 % at one look: about 5 % over a ladder's looks


def wilson_interval(score: float, games: int, z: float = Z_SEQUENTIAL) -> tuple[float, float]:
    """Two-sided Wilson score interval of a win rate (0..1) over `games` games."""
    if games == 0:
        return 0.0, 1.0
    centre = score + z * z / (2 * games)
    margin = z * math.sqrt(score * (1 - score) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - margin) / scale, (centre + margin) / scale


def paired_interval(scores: dict[int, float], z: float = Z_SEQUENTIAL) -> tuple[float, float]:
    """Two-sided normal interval of the mean score of a duplicate ladder, whose unit is the
    deal (seeds 2k and 2k + 1: the same cards, the first bot in either seat): the mean of the
    deals' scores and their sample variance, so that the luck of the deal cancels in a pair."""
    pairs = [(scores[k] + scores[k + 1]) / 2 for k in scores if k % 2 == 0 and k + 1 in scores]
    if len(pairs) < 2:
        return 0.0, 1.0
    mean = sum(pairs) / len(pairs)
    variance = sum((x - mean) ** 2 for x in pairs) / (len(pairs) - 1)
    margin = z * math.sqrt(variance / len(pairs))
    return max(0.0, mean - margin), min(1.0, mean + margin)


def verdict_of(low: float, high: float, target: float, games: int, min_games: int) -> str:
    """The verdict: "above" or "below" when the interval excludes the target, else
    "undecided"; never before min_games: a few dozen games, or pairs' sample variance, can
    look decided by luck (a first look at 40 games once stopped at 32 - 8)."""
    if games < min_games or low <= target <= high:
        return "undecided"
    return "above" if low > target else "below"


def sequential(slug: str, pair: str, target: float, args: argparse.Namespace) -> dict:
    """Play rounds of games until the score's interval excludes `target` (or the game or time
    limit is reached); one JSON figure saying what was decided."""
    first, second = pair.split(":")
    counts = {"first": 0, "second": 0, "draw": 0}
    wall, cpu, seed, verdict = time.perf_counter(), 0.0, args.seed0, "undecided"
    low, high = 0.0, 1.0
    timings: list[tuple[float, float]] = []
    scores: dict[int, float] = {}
    with ProcessPoolExecutor(args.procs) as pool:
        while seed - args.seed0 < args.games:
            size = min(args.round, args.games - (seed - args.seed0))
            # chunks of two games (one deal with --duplicate) keep every process busy until
            # the round's last few games; one chunk a process left one idle while the slower
            # finished its half of the round
            step = 2
            chunks = [
                range(seed + i, min(seed + size, seed + i + step)) for i in range(0, size, step)
            ]
            n = len(chunks)
            for part, seconds, times, played in pool.map(
                play_chunk, [slug] * n, [first] * n, [second] * n, chunks, [args.duplicate] * n
            ):
                counts = {k: counts[k] + part[k] for k in counts}
                cpu += seconds
                timings += times
                scores.update(played)
            seed += size
            games = seed - args.seed0
            if args.duplicate:
                low, high = paired_interval(scores)
            else:
                low, high = wilson_interval((counts["first"] + counts["draw"] / 2) / games, games)
            verdict = verdict_of(low, high, target, games, args.min_games)
            if verdict != "undecided":
                break
            if time.perf_counter() - wall > args.minutes * 60:
                break
    figure = summary(slug, first, second, counts, seed0=args.seed0, cpu=cpu)
    figure.update(
        target=target,
        interval_99=[round(low, 3), round(high, 3)],
        duplicate=args.duplicate,
        decided=verdict != "undecided",
        verdict=verdict,
        wall_s=round(time.perf_counter() - wall, 1),
        decision_ms=decision_ms(timings),
        procs=args.procs,
        machine=platform.processor() or platform.machine(),
        cpus=os.cpu_count(),
        date=datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        load=[round(x, 1) for x in os.getloadavg()],
    )
    return figure


def summary(slug, first, second, counts, *, seed0=0, cpu=None, wall=None) -> dict:
    """One JSON figure from outcome counts."""
    games = counts["first"] + counts["second"] + counts["draw"]
    score = (counts["first"] + counts["draw"] / 2) / games
    figure = {
        "figure": f"{slug} ladder {first} vs {second}",
        "games": games,
        "seeds": [seed0, seed0 + games - 1],
        "wins": {first: counts["first"], second: counts["second"], "draw": counts["draw"]},
        "value": round(score, 3),
        "unit": f"score of {first} (draws count half)",
        "wilson_lower_95": round(bots.wilson_lower(score, games), 3),
        "ordered": bots.wilson_lower(score, games) > 0.5,
    }
    if cpu is not None:
        figure["games_per_cpu_s"] = round(games / cpu, 2) if cpu else None
        figure["cpu_s"] = round(cpu, 1)
    if wall is not None:
        figure["wall_s"] = round(wall, 1)
    return figure


def main() -> None:
    """Run the requested ladders, one JSON line per pair and game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed0", type=int, default=0)
    parser.add_argument("--procs", type=int, default=1)
    parser.add_argument("--slugs", nargs="*", default=list(GAMES))
    parser.add_argument("--pairs", nargs="*", default=list(PAIRS))
    parser.add_argument("--target", type=float, help="sequential test against this score")
    parser.add_argument("--round", type=int, default=40, help="games between looks")
    parser.add_argument("--minutes", type=float, default=10.0, help="wall-time limit a ladder")
    parser.add_argument(
        "--min-games", type=int, default=200, help="games before a sequential verdict"
    )
    parser.add_argument(
        "--duplicate", action="store_true", help="each deal from either seat (even --seed0)"
    )
    args = parser.parse_args()
    if args.duplicate and (args.seed0 % 2 or args.round % 2 or args.target is None):
        parser.error("--duplicate needs --target, an even --seed0 and an even --round")
    for slug in args.slugs:
        for pair in args.pairs:
            if args.target is not None:
                report.emit_row(sequential(slug, pair, args.target, args))
                continue
            figure = ladder(slug, pair, args.games, seed0=args.seed0, procs=args.procs)
            report.emit_row(figure)


if __name__ == "__main__":
    main()
