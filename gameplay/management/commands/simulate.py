"""`manage.py simulate`: N bot games of a ruleset, or a whole bot tournament, with a progress bar.

manage.py simulate combat --games 1000 --bots greedy,random
manage.py simulate combat --tournament --entries 8 --best-of 3   (guests: greedy bots)
manage.py simulate kingdom-combat --tournament --entries 8   (each guest registers one of the
    game's starter decks where the event's format plays decks; the matches play those decks)
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from gameplay.engine import bots, core, registry
from gameplay.simulation import run_bot_tournament


class Command(BaseCommand):
    help = "Play bot games of a ruleset (pure engine), or a bot tournament through the services."

    def add_arguments(self, parser):
        parser.add_argument("ruleset", help="ruleset slug, e.g. combat")
        parser.add_argument("--games", type=int, default=100)
        parser.add_argument("--bots", default="random,random", help="bot per seat, comma separated")
        parser.add_argument("--seats", type=int, default=None, help="players (default: bots given)")
        parser.add_argument("--options", default="{}", help="engine options as JSON")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--tournament", action="store_true", help="run a bot tournament")
        parser.add_argument("--entries", type=int, default=8)
        parser.add_argument("--best-of", type=int, default=1, choices=(1, 3, 5))

    def handle(self, *args, **opts):
        try:
            registry.get(opts["ruleset"])
            names = [n.strip() for n in opts["bots"].split(",") if n.strip()]
            for name in names:
                bots.bot_for(name)
            options = json.loads(opts["options"])
        except (core.EngineError, json.JSONDecodeError) as exc:
            raise CommandError(str(exc)) from None
        if opts["tournament"]:
            self._tournament(opts)
        else:
            self._games(opts, names, options)

    def _games(self, opts, names: list[str], options: dict) -> None:
        seats = opts["seats"] or len(names)
        ruleset = registry.get(opts["ruleset"])
        wins: Counter = Counter()
        decisions = 0
        start = time.perf_counter()
        for n in tqdm(range(opts["games"]), desc="games", unit="game"):
            seed = opts["seed"] + n
            # seats rotate so that no bot always moves first
            seating = {s: names[(s + n) % len(names)] for s in range(seats)}
            try:
                state = core.new_game(ruleset.slug, seats=seats, options=options, seed=seed)
            except core.EngineError as exc:
                raise CommandError(str(exc)) from None
            players = {s: bots.bot_for(name) for s, name in seating.items()}
            bots.play_bot_game(state, players, seed=seed, budget_s=1.0)
            decisions += len(state["log"]["actions"])
            result = ruleset.result(state)
            winners = result.winners if result is not None else ()
            wins.update({seating[w] for w in winners} if winners else {"draw"})
        elapsed = time.perf_counter() - start
        self.stdout.write(json.dumps({"wins": dict(wins), "games": opts["games"]}))
        self.stdout.write(
            f"{opts['games'] / elapsed:.1f} games/s, {decisions / elapsed:.0f} decisions/s"
        )

    def _tournament(self, opts) -> None:
        """Guest entries, seated by the services and played by the greedy bot."""
        start = time.perf_counter()
        with tqdm(desc="games", unit="game") as bar:
            summary = run_bot_tournament(
                game=opts["ruleset"],
                entries=opts["entries"],
                best_of=opts["best_of"],
                progress=bar.update,
                rng=random.Random(opts["seed"]),
            )
        elapsed = time.perf_counter() - start
        self.stdout.write(json.dumps(summary))
        self.stdout.write(f"{summary['games'] / elapsed:.2f} games/s (through the database)")
