"""Load the five games and the built-in card sets (decks/data)."""

import json

from django.db import migrations

from decks.catalog_loading import BUILTIN_SETS, ensure_games, load_card_set
from decks.legality.cardsets import DATA_DIR


def load(apps, schema_editor):
    models = {name: apps.get_model("decks", name) for name in ("CardSet", "Card", "Faction")}
    games = ensure_games(apps.get_model("decks", "Game"))
    for code, (filename, slugs) in BUILTIN_SETS.items():
        if models["CardSet"].objects.filter(code=code).exists():
            continue
        data = json.loads((DATA_DIR / filename).read_text(encoding="utf-8"))
        load_card_set(data, games=[games[slug] for slug in slugs], models=models)


def unload(apps, schema_editor):
    CardSet = apps.get_model("decks", "CardSet")
    CardSet.objects.filter(code__in=list(BUILTIN_SETS), organizer__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [("decks", "0001_initial")]
    operations = [migrations.RunPython(load, unload)]
