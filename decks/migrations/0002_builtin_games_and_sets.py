"""Load the five games and the built-in card sets (decks/data)."""

from django.db import migrations

from decks.catalog_loading import BUILTIN_SETS, load_builtin_sets

MODELS = ("Game", "CardSet", "Card", "Faction")


def load(apps, schema_editor):
    load_builtin_sets(models={name: apps.get_model("decks", name) for name in MODELS})


def unload(apps, schema_editor):
    CardSet = apps.get_model("decks", "CardSet")
    CardSet.objects.filter(code__in=list(BUILTIN_SETS), organizer__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [("decks", "0001_initial")]
    operations = [migrations.RunPython(load, unload)]
