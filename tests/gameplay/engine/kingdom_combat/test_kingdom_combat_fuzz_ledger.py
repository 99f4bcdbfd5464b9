"""bench/kingdom_combat_fuzz.py accumulates the million in chunks: its ledger of blocks, what
the ledger covers and where a resumed run starts."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

BENCH = Path(__file__).resolve().parents[4] / "bench" / "kingdom_combat_fuzz.py"
_spec = importlib.util.spec_from_file_location("kingdom_combat_fuzz_bench", BENCH)
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

SETTINGS = {"max_turns": 8, "checks_every": 1, "views_every": 50, "views_games": 4,
            "replay_every": 2}  # fmt: skip


def test_blocks_go_to_the_ledger_and_the_cover_merges_touching_ranges(tmp_path):
    ledger = tmp_path / "ledger.jsonl"
    figure = bench.run(3, None, 10, SETTINGS, ledger, block=2)
    assert (figure["value"], figure["seeds"], figure["violations"]) == (3, [10, 12], 0)
    lines = [json.loads(line) for line in ledger.read_text().splitlines()]
    assert [line["seeds"] for line in lines] == [[10, 11], [12, 12]]
    assert all(line["max_turns"] == 8 and line["commit"] for line in lines)
    bench.run(2, None, 20, SETTINGS, ledger, block=2)
    cover = bench.covered(ledger, SETTINGS)
    assert (cover["games"], cover["seeds"], cover["violations"]) == (5, [[10, 12], [20, 21]], 0)
    assert bench.covered(ledger, {**SETTINGS, "max_turns": 120})["games"] == 0


def test_a_resumed_run_skips_covered_seeds_and_stops_before_the_next_covered_range():
    ranges = [[0, 999], [500_000, 500_499]]
    assert bench.next_gap([], 0, 10) == (0, 10)
    assert bench.next_gap(ranges, 0, 1_000_000) == (1000, 499_000)
    assert bench.next_gap(ranges, 500_000, 1_000_000) == (500_500, 1_000_000)
    assert bench.next_gap(ranges, 400_000, 1_000_000) == (400_000, 100_000)
    assert bench.next_gap(ranges, 5, 3) == (1000, 3)


def test_blocks_count_only_for_the_rules_they_ran(tmp_path):
    # given a ledger with a block from before the rules field (version 1) and one of version 2
    ledger = tmp_path / "ledger.jsonl"
    bench.run(2, None, 0, SETTINGS, ledger, block=2)
    bench.run(2, None, 10, {**SETTINGS, "rules": "2"}, ledger, block=2)
    # then each version's cover holds only its own games
    assert bench.covered(ledger, {**SETTINGS, "rules": "1"})["seeds"] == [[0, 1]]
    assert bench.covered(ledger, {**SETTINGS, "rules": "2"})["seeds"] == [[10, 11]]
