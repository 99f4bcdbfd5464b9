"""Double elimination in memory: build the bracket, then report every match, beside a bare
baseline and (with `--compare`) brackets-manager.js doing the same.

- `double_elimination_<n>`: `layout` (cold: its cache cleared) + `run_start` + one `run_report`
  per match, the upper entry winning every match (no reset is played), as the product's
  pure core does it (the services write the same routes to rows).
- `bare_baseline_<n>`: the least a bracket kept in a dict can do: one slot pair per match
  keyed by a tuple, one write per report; measured in the same run, so figures compare across
  loads, and its own growth shows what the memory of this machine adds past linear.
- `brackets_manager_<n>` (`--compare`, needs node and `npm install` in bench/node):
  brackets-manager.js 1.11.1 with brackets-memory-db, the same stage and results.

CPU seconds (`time.process_time`; node's own `process.cpuUsage`), best of a few runs; one
JSON line per figure with the machine, the date and the load.
"""

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import emit
from bench.timing import least_cpu_time
from tournaments.brackets import double_elimination as de

NODE_DIR = Path(__file__).resolve().parent / "node"
SIZES = (4096, 16384)


def whole_event(size: int) -> int:
    """Build and play a whole event; returns the matches reported."""
    de.layout.cache_clear()
    run = de.run_start(list(range(1, size + 1)), reset_allowed=True)
    reported = 0
    while run.became_ready:
        de.run_report(run, run.became_ready.pop(), 0)
        reported += 1
    assert run.champion == 1
    return reported


def bare(size: int) -> None:
    """The least a bracket kept in a dict can do: one slot pair per match keyed by a tuple
    (as the layout keys its spots), one write per report."""
    slots = {("m", i // 1024, i): [None, None] for i in range(2 * size)}
    for i in range(2 * size - 2):
        slots[("m", (i + 1) // 1024, i + 1)][1] = slots[("m", i // 1024, i)][0] = i


def brackets_manager(size: int) -> float:
    """brackets-manager.js's CPU seconds for the same event (node, one run)."""
    out = subprocess.run(
        ["node", str(NODE_DIR / "double_elimination.mjs"), str(size)],
        capture_output=True,
        text=True,
        check=True,
        cwd=NODE_DIR,
    )
    return float(json.loads(out.stdout.strip().splitlines()[-1])["cpu_s"])


def main() -> None:
    """Every figure; `--compare` adds brackets-manager.js."""
    compare = "--compare" in sys.argv
    ours, floor = {}, {}
    for size in SIZES:
        ours[size] = least_cpu_time(lambda size=size: whole_event(size), 3)
        emit(f"double_elimination_{size}", ours[size], "s")
        floor[size] = least_cpu_time(lambda size=size: bare(size), 3)
        emit(f"bare_baseline_{size}", floor[size], "s")
        if compare:
            theirs = brackets_manager(size)
            emit(f"brackets_manager_{size}", theirs, "s")
            emit(f"brackets_manager_over_ours_{size}", theirs / ours[size], "ratio")
    emit("double_elimination_growth_16384_over_4096", ours[16384] / ours[4096], "ratio")
    emit("bare_baseline_growth_16384_over_4096", floor[16384] / floor[4096], "ratio")


if __name__ == "__main__":
    main()
