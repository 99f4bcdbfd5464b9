"""Kingdom Combat fuzz bench: the 1,000,000 seeded random games of issue 16, run in chunks.

The checks are kingdom_combat/fuzzing.py's (the CI suite's): after every action the new events
name no hidden card; after every `--checks-every`-th action (default 1: every one) and at each
game's end card conservation, gold never negative, nothing in play at 0 HP and no HP rising
(lost HP permanent); every seat's and the spectator's whole view after every
`--views-every`-th action (default 50) in every `--views-games`-th game (default 4: seeds
divisible by 4); the JSON log replayed to the same state hash in every `--replay-every`-th game
(default 100). Players 2, 3, 4 in turn by seed (2 + seed % 3); the game's default 120-turn limit.

Resumable by seed range: `--ledger [FILE]` (FILE by default var/kingdom_combat_fuzz.jsonl, never
committed: the million's result is summarised in BENCHMARKS.md) appends one JSON line per
finished block of `--block` games (default 500) and at the end: seeds covered, games, violations
(the first few with seed and message), CPU seconds, the commit, the checks and the time. With
`--resume` the run starts at the first seed from --seed0 on that the ledger does not cover with
the same settings and the same rules (the Kingdom Combat ruleset version, recorded in each
block: a rule change starts the count again) and stops before the next covered seed, so the
million can be accumulated over several sessions, and by processes side by side started at
different --seed0 (`--summary` prints what the ledger covers and stops). A process that reaches
the next covered range stops: restart it at a fresh --seed0 (e.g. 2000000), not at its old one,
since the merged cover would send it on into the seeds another process is playing but has not
written yet, and both would play them.

`--ci` plays the CI suite's games instead (fuzzing.ci_settings: short turn limits, every 50th
game 120 turns, sampled views and replays) for 2, 3 and 4 players, --games each, and prints
the CPU per game of each player count (and what 10,000 of them cost).

`--per-count N --procs P` is the rules-version fuzz: the CI suite's games and checks, N games
per player count (2, 3, 4; the bar is 10,000) spread over P processes, one JSON line per player
count (games, violations with the first few, actions, CPU and wall time, the rules version),
each beside its baseline: the first 200 of those games played by the same uniform picks
through core.play with no check.

Usage:
  python bench/kingdom_combat_fuzz.py [--games N] [--seconds S] [--seed0 K] ...
  python bench/kingdom_combat_fuzz.py --ci --games 1000
  python bench/kingdom_combat_fuzz.py --per-count 10000 --procs 2
  nice -n 10 python bench/kingdom_combat_fuzz.py --games 1000000 --seconds 3000 \\
      --ledger --resume
Defaults: 5 games, no ledger (make bench stays quick). The last stdout line is the figure.
"""

from __future__ import annotations

import argparse
import datetime
import json
import multiprocessing
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import emit_row
from gameplay.engine import core
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import fuzzing

SETTINGS = ("max_turns", "checks_every", "views_every", "views_games", "replay_every")
# Blocks count toward the million only on the rules they ran: each ledger line names the
# Kingdom Combat ruleset version (`rules`); lines from before that field ran version "1".
LEDGER_DEFAULTS = {"rules": "1"}
# Raw outputs live under var/ (ignored by git): the ledger is the run's state, not a document.
VAR_LEDGER = Path(__file__).resolve().parent.parent / "var" / "kingdom_combat_fuzz.jsonl"


def commit() -> str:
    """The checked-out commit (with '+' when Python code differs from it: the ledger itself
    changes as runs go), or '?' outside git."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no", "--", "*.py"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return head + ("+" if dirty else "")


def now() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def play_one(seed: int, settings: dict) -> dict:
    """One game of the run with the run's checks (Violation if one fails)."""
    views = settings["views_games"] and seed % settings["views_games"] == 0
    replay = settings["replay_every"] and seed % settings["replay_every"] == 0
    return fuzzing.play_checked(
        seed,
        seats=2 + seed % 3,
        max_turns=settings["max_turns"],
        checks_every=settings["checks_every"],
        views_every=settings["views_every"] if views else 0,
        replay=bool(replay),
    )


def run(
    games: int,
    seconds: float | None,
    seed0: int,
    settings: dict,
    ledger: Path | None,
    block: int = 500,
) -> dict:
    """Play seeds seed0 .. seed0 + games - 1 (or until `seconds` of CPU time); one figure.
    Each block of `block` games is appended to the ledger as soon as it is done."""
    start = time.process_time()
    code = commit()  # the code this process loaded, whatever the tree becomes meanwhile
    totals = {"games": 0, "actions": 0, "violations": [], "ends": {}, "commit": code}
    part = _new_part(seed0)
    for seed in range(seed0, seed0 + games):
        if seconds is not None and time.process_time() - start > seconds:
            break
        try:
            state = play_one(seed, settings)
            part["actions"] += len(state["log"]["actions"])
            part["ends"][state["end"]] = part["ends"].get(state["end"], 0) + 1
        except fuzzing.Violation as exc:
            part["violations"].append(str(exc))
        part["games"] += 1
        part["last"] = seed
        if part["games"] == block:
            _close(part, totals, settings, ledger)
            part = _new_part(seed + 1)
    if part["games"]:
        _close(part, totals, settings, ledger)
    cpu = time.process_time() - start
    played = totals["games"]
    return {
        "figure": "kingdom-combat fuzz games, checks after every action (views sparse)",
        "value": played,
        "unit": "games",
        "seeds": [seed0, seed0 + played - 1],
        **settings,
        "actions": totals["actions"],
        "violations": len(totals["violations"]),
        "first_violations": totals["violations"][:5],
        "ends": totals["ends"],
        "cpu_s": round(cpu, 1),
        "games_per_cpu_s": round(played / cpu, 2) if cpu else None,
        "commit": code,
    }


def _new_part(first: int) -> dict:
    return {
        "first": first,
        "last": first - 1,
        "games": 0,
        "actions": 0,
        "violations": [],
        "ends": {},
        "cpu0": time.process_time(),
        "started": now(),
    }


def _close(part: dict, totals: dict, settings: dict, ledger: Path | None) -> None:
    """Add a finished block to the totals, the ledger and the progress on stderr."""
    totals["games"] += part["games"]
    totals["actions"] += part["actions"]
    totals["violations"] += part["violations"]
    for end, count in part["ends"].items():
        totals["ends"][end] = totals["ends"].get(end, 0) + count
    line = {
        "seeds": [part["first"], part["last"]],
        "games": part["games"],
        "actions": part["actions"],
        "violations": len(part["violations"]),
        "first_violations": part["violations"][:5],
        "ends": part["ends"],
        "cpu_s": round(time.process_time() - part["cpu0"], 1),
        "started": part["started"],
        "ended": now(),
        "commit": totals["commit"],
        **settings,
    }
    if ledger is not None:
        ledger.parent.mkdir(parents=True, exist_ok=True)
        with ledger.open("a") as out:
            out.write(json.dumps(line) + "\n")
    progress = {
        "games": totals["games"],
        "violations": len(totals["violations"]),
        "last_seed": part["last"],
        "cpu_s": line["cpu_s"],
    }
    print(json.dumps({"progress": progress}), file=sys.stderr, flush=True)


def covered(ledger: Path, settings: dict) -> dict:
    """What the ledger's blocks with these settings cover: games, violations, seed ranges
    (merged where they touch) and the commits they ran on."""
    ranges, games, violations, actions, commits = [], 0, 0, 0, set()
    if ledger.exists():
        for text in ledger.read_text().splitlines():
            line = json.loads(text)
            if all(
                line.get(key, LEDGER_DEFAULTS.get(key)) == value for key, value in settings.items()
            ):
                ranges.append(tuple(line["seeds"]))
                games += line["games"]
                violations += line["violations"]
                actions += line["actions"]
                commits.add(line["commit"])
    merged: list[list[int]] = []
    for first, last in sorted(ranges):
        if merged and first <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], last)
        else:
            merged.append([first, last])
    return {
        "games": games,
        "actions": actions,
        "violations": violations,
        "seeds": merged,
        "commits": sorted(commits),
        **settings,
    }


def ci_cost(games: int, seed0: int) -> list[dict]:
    """The CPU cost of the CI suite's games (fuzzing.ci_settings, seeds seed0 ..
    seed0 + games - 1 for each player count): one figure per player count."""
    figures = []
    for seats in (2, 3, 4):
        start, actions = time.process_time(), 0
        for seed in range(seed0, seed0 + games):
            state = fuzzing.play_checked(seed, seats=seats, **fuzzing.ci_settings(seed))
            actions += len(state["log"]["actions"])
        cpu = time.process_time() - start
        figures.append(
            {
                "figure": f"kingdom-combat CI fuzz game, {seats} players (CPU per game)",
                "value": round(cpu / games * 1000, 2),
                "unit": "ms",
                "games": games,
                "seeds": [seed0, seed0 + games - 1],
                "actions_per_game": round(actions / games, 1),
                "us_per_action": round(cpu / actions * 1e6, 1),
                "cpu_s_for_10000_games": round(cpu / games * 10_000, 1),
                "commit": commit(),
            }
        )
    return figures


def _ci_chunk(task: tuple[int, int, int]) -> dict:
    """Play the CI games of one player count over one seed range, counting violations."""
    seats, first, count = task
    start, actions, violations = time.process_time(), 0, []
    for seed in range(first, first + count):
        try:
            state = fuzzing.play_checked(seed, seats=seats, **fuzzing.ci_settings(seed))
            actions += len(state["log"]["actions"])
        except fuzzing.Violation as exc:
            violations.append(str(exc))
    return {
        "seats": seats,
        "games": count,
        "actions": actions,
        "violations": violations,
        "cpu_s": time.process_time() - start,
    }


def _bare_ms(seats: int, games: int) -> float:
    """Baseline: CPU ms per game of the same seeds and turn limits, uniform picks, no check."""
    start = time.process_time()
    for seed in range(games):
        options = {"max_turns": fuzzing.ci_settings(seed)["max_turns"]}
        state = core.new_game(fuzzing.SLUG, seats=seats, options=options, seed=seed)
        rng = random.Random(seed)
        while (decision := KC.decision(state)).kind != "terminal":
            seat = decision.seats[0]
            legal = KC.legal_actions(state, seat)
            core.play(state, seat, legal[rng.randrange(len(legal))])
    return (time.process_time() - start) / games * 1000


def per_count_fuzz(games: int, procs: int) -> list[dict]:
    """The CI games and checks, `games` per player count over `procs` processes."""
    size = max(1, games // (procs * 4))
    tasks = [(s, f, min(size, games - f)) for s in (2, 3, 4) for f in range(0, games, size)]
    wall = time.perf_counter()
    with multiprocessing.Pool(procs) as pool:
        parts = pool.map(_ci_chunk, tasks, chunksize=1)
    wall = time.perf_counter() - wall
    figures = []
    for seats in (2, 3, 4):
        mine = [p for p in parts if p["seats"] == seats]
        played, cpu = sum(p["games"] for p in mine), sum(p["cpu_s"] for p in mine)
        violations = [v for p in mine for v in p["violations"]]
        figures.append(
            {
                "figure": f"kingdom-combat fuzz, CI games and checks, {seats} players",
                "value": played,
                "unit": "games",
                "violations": len(violations),
                "first_violations": violations[:5],
                "actions": sum(p["actions"] for p in mine),
                "cpu_s": round(cpu, 1),
                "ms_per_game": round(cpu / played * 1000, 2),
                "baseline_bare_ms_per_game": round(_bare_ms(seats, min(200, games)), 2),
                "wall_s_all_counts": round(wall, 1),
                "procs": procs,
                "rules": KC.version,
                "commit": commit(),
            }
        )
    return figures


def next_gap(ranges: list[list[int]], seed0: int, games: int) -> tuple[int, int]:
    """(first seed, games) to play: from the first seed at or after seed0 that the merged,
    sorted `ranges` do not cover, up to the next covered range (so runs started at different
    seeds, in parallel or in later sessions, never play a seed twice)."""
    first = seed0
    for low, high in ranges:
        if low <= first <= high:
            first = high + 1
        elif low > first:
            return first, min(games, low - first)
    return first, games


def main() -> None:
    """Print the figure as one JSON line."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=None, help="CPU seconds, then stop")
    parser.add_argument("--seed0", type=int, default=0)
    parser.add_argument("--max-turns", type=int, default=120)
    parser.add_argument("--checks-every", type=int, default=1)
    parser.add_argument("--views-every", type=int, default=50)
    parser.add_argument("--views-games", type=int, default=4)
    parser.add_argument("--replay-every", type=int, default=100)
    parser.add_argument("--block", type=int, default=500)
    parser.add_argument(
        "--ledger", type=Path, nargs="?", const=VAR_LEDGER, help="var/kingdom_combat_fuzz.jsonl"
    )
    parser.add_argument("--resume", action="store_true", help="skip the seeds the ledger covers")
    parser.add_argument("--summary", action="store_true", help="print the ledger's cover")
    parser.add_argument(
        "--ci", action="store_true", help="the CI suite's games instead: CPU per game"
    )
    parser.add_argument("--per-count", type=int, default=0, help="CI games per player count")
    parser.add_argument("--procs", type=int, default=2)
    args = parser.parse_args()
    if args.per_count:
        for figure in per_count_fuzz(args.per_count, args.procs):
            emit_row(figure)  # with the machine, the date and the load
        return
    if args.ci:
        for figure in ci_cost(args.games, args.seed0):
            emit_row(figure)
        return
    settings = {key: getattr(args, key) for key in SETTINGS} | {"rules": fuzzing.KC.version}
    if args.summary or args.resume:
        if args.ledger is None:
            parser.error("--summary and --resume need --ledger")
        cover = covered(args.ledger, settings)
        if args.summary:
            print(json.dumps(cover))
            return
        args.seed0, args.games = next_gap(cover["seeds"], args.seed0, args.games)
    figure = run(args.games, args.seconds, args.seed0, settings, args.ledger, args.block)
    emit_row(figure)


if __name__ == "__main__":
    main()
