"""Helpers shared by the drafting tests and the draft browser test."""

import importlib


def ensure_builtin_catalogue() -> None:
    """Reload the games and built-in card sets if an earlier transactional test flushed them
    (a flush empties every table, the data migration's rows included)."""
    from django.apps import apps

    from decks.models import Game

    if not Game.objects.filter(slug="combat").exists():
        migration = importlib.import_module("decks.migrations.0002_builtin_games_and_sets")
        migration.load(apps, None)
