"""Pure draft rules: complete 8-seat all-bot Combat drafts (360 picks) in memory, no database.

Prints one JSON line per figure."""

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from decks.drafting.rules import (
    DraftCard,
    DraftPod,
    deal_combat_draft,
    rng_for,
    run_all_bots,
    standard_deck,
)

DRAFTS = 20


def pod_for(seed: str) -> DraftPod:
    """A dealt 8-seat Combat pod with distinct card keys."""
    deal = deal_combat_draft(standard_deck(jokers=False), 8, rng_for(seed, "deal"))
    keys = iter(range(1, 10_000))
    packs = [[[DraftCard(next(keys), code) for code in pack] for pack in row] for row in deal.packs]
    return DraftPod(game_slug="combat", packs=packs)


def main() -> None:
    started = time.perf_counter()
    picks = 0
    for number in range(DRAFTS):
        picks += len(run_all_bots(pod_for(f"bench-{number}")).log)
    elapsed = time.perf_counter() - started
    figures = [
        ("draft_rules_all_bot_pod_seconds", elapsed / DRAFTS, "s"),
        ("draft_rules_picks_per_second", picks / elapsed, "picks/s"),
    ]
    for figure, value, unit in figures:
        print(json.dumps({"figure": figure, "value": round(value, 6), "unit": unit}))


if __name__ == "__main__":
    main()
