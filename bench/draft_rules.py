"""Benchmark of the pure draft rules exactly as the pick services call them, no database.

Each figure names the functions and the service path that calls them
(`decks/drafting/services/picks.py`):
- `bot_pick`: the bot's choice (`_auto_card`), for every bot, timeout and forced pick, on
  a Combat pack of 15 down to 1 cards with the seat's picks so far.
- the queue rules of one pick: `check_pick` (a human's pick, `draft_pick_make`) or `head_pack`
  (an automatic one, `_auto_pick`), then `after_pick` (`_record_pick`), then what `settle`
  asks after it: `round_finished` and `last_card_seats` over the pod's seats.
The figures replay the picks of complete 8-seat all-bot Combat drafts (360 picks each, three
packs of 15 a seat), in the order the services make them. The whole service path (locks,
reads and writes) is measured by `bench/draft_pods.py`.

CPU time (`time.process_time`). Prints one JSON line per figure. `BENCH_DRAFTS` drafts
(default 20).
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import emit
from decks.drafting.rules import (
    DraftCard,
    PackPosition,
    after_pick,
    bot_pick,
    check_pick,
    deal_combat_draft,
    head_pack,
    last_card_seats,
    rng_for,
    round_finished,
    standard_deck,
)

DRAFTS = int(os.environ.get("BENCH_DRAFTS", "20"))
SEATS = 8


def draft(seed: str) -> tuple[float, float, int]:
    """One all-bot draft: (CPU in bot_pick, CPU in the queue rules, picks)."""
    deal = deal_combat_draft(standard_deck(jokers=False), SEATS, rng_for(seed, "deal"))
    keys = iter(range(1, 10_000))
    contents: dict[int, list[DraftCard]] = {}
    picks: list[list[DraftCard]] = [[] for _ in range(SEATS)]
    bot_cpu = queue_cpu = 0.0
    made = arrivals = 0
    for round_index, row in enumerate(deal.packs):
        number = round_index + 1
        positions = []
        for seat, codes in enumerate(row):
            pack_id = round_index * SEATS + seat + 1
            contents[pack_id] = [DraftCard(next(keys), code) for code in codes]
            positions.append(PackPosition(pack_id, number, seat, seat, 0, len(codes), 0))
        while not round_finished(positions, number):
            for seat in range(SEATS):
                started = time.process_time()
                head = head_pack(positions, seat, number)
                queue_cpu += time.process_time() - started
                if head is None:
                    continue
                started = time.process_time()
                card = bot_pick("combat", contents[head.id], picks[seat])
                bot_cpu += time.process_time() - started
                contents[head.id].remove(card)
                picks[seat].append(card)
                arrivals += 1
                started = time.process_time()
                check_pick(
                    positions,
                    seat=seat,
                    round_number=number,
                    pack_id=head.id,
                    pick_number=head.pick_number,
                )
                moved = after_pick(head, seats=SEATS, arrival=arrivals)
                positions[positions.index(head)] = moved
                round_finished(positions, number)
                last_card_seats(positions, range(SEATS), number)
                queue_cpu += time.process_time() - started
                made += 1
    return bot_cpu, queue_cpu, made


def main() -> None:
    bot_cpu = queue_cpu = 0.0
    picks = 0
    for number in range(DRAFTS):
        bot, queue, made = draft(f"bench-{number}")
        bot_cpu, queue_cpu, picks = bot_cpu + bot, queue_cpu + queue, picks + made
    assert picks == DRAFTS * SEATS * 45, picks
    figures = [
        ("draft_bot_pick_per_call", bot_cpu / picks * 1e6, "us"),
        ("draft_queue_rules_per_pick", queue_cpu / picks * 1e6, "us"),
        ("draft_pure_rules_per_8_seat_draft", (bot_cpu + queue_cpu) / DRAFTS, "s"),
    ]
    for figure, value, unit in figures:
        emit(figure, value, unit)


if __name__ == "__main__":
    main()
