"""The documents stay references (issue 35): BENCHMARKS.md holds current figures, not a diary,
and ledgers and raw outputs are written under var/, never beside the benches."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_benchmarks_is_a_reference_of_at_most_500_lines():
    lines = (ROOT / "BENCHMARKS.md").read_text().splitlines()
    assert len(lines) <= 500, "replace old figures with current ones; history is git's"


def test_no_ledger_or_raw_output_lies_beside_the_benches():
    outputs = sorted(p.name for p in (ROOT / "bench").rglob("*") if p.suffix in {".jsonl", ".csv"})
    assert outputs == [], "write ledgers and raw outputs under var/ (gitignored)"
