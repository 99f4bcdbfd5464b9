"""Benchmark: the card list and a deck check stay as fast whatever another user imported.

Through the HTTP stack (Django's test client: URL routing, DRF, serializers, the database) on
PostgreSQL, in a throwaway test database: GET /api/cards/?game=kingdom-combat (first page) and
POST /api/decks/validate/ (a starter deck), each timed before and after another user imports
a 60,000-card private set, beside a bare baseline (GET /healthz?scope=web: one SELECT 1).
Usage: DATABASE_URL=postgres://... .venv/bin/python bench/card_catalogue.py
Prints one JSON line per figure (median milliseconds of REPEATS requests, and SQL queries).
"""

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402

from bench.report import emit  # noqa: E402

REPEATS = int(os.environ.get("BENCH_REPEATS", "30"))
OTHERS_CARDS = int(os.environ.get("BENCH_OTHERS_CARDS", "60000"))


def median_ms(request) -> tuple[float, int]:
    """Median wall time of REPEATS calls (after one warm-up) and the queries of one call."""
    request()
    queries = []

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    # (an execute wrapper: Django empties connection.queries at every request's start)
    with connection.execute_wrapper(count):
        request()
    times = []
    for _ in range(REPEATS):
        started = time.perf_counter()
        request()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000, len(queries)


def import_private_set(owner, cards: int) -> None:
    from decks.models import Card, CardSet, Game

    card_set = CardSet.objects.create(
        code="BIG", name="Big", organizer=owner, visibility=CardSet.Visibility.PRIVATE
    )
    card_set.games.add(Game.objects.get(slug="kingdom-combat"))
    Card.objects.bulk_create(
        (
            Card(card_set=card_set, key=f"big-{n}", name=f"Big {n}", type="unit", border="black")
            for n in range(cards)
        ),
        batch_size=5000,
    )


def main() -> None:
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    from decks.legality import load_builtin

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        client = APIClient()
        deck = load_builtin("kingdom-combat")["decks"][0]
        body = {
            "game": "kingdom-combat",
            "format": "constructed",
            "fortresses": deck.get("fortresses", []),
            "cards": [{"name": name, "count": count} for count, name in deck["cards"]],
        }

        def card_list():
            assert client.get("/api/cards/?game=kingdom-combat").status_code == 200

        def deck_check():
            assert client.post("/api/decks/validate/", body, format="json").status_code == 200

        def bare():
            assert client.get("/healthz?scope=web").status_code == 200

        for when in ("before", "after"):
            if when == "after":
                import_private_set(get_user_model().objects.create_user("importer"), OTHERS_CARDS)
            for name, request in (("card_list", card_list), ("deck_check", deck_check)):
                ms, queries = median_ms(request)
                emit(f"{name}_{when}_others_import", ms, "ms", queries=queries)
            emit(f"bare_view_{when}_others_import", median_ms(bare)[0], "ms")
        emit("others_private_cards", OTHERS_CARDS, "count")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
