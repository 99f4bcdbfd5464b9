"""The Kingdom Combat starter set's cards get their machine-readable effects (issue 16), and
Free Company Guildhall its Hired Guard maker: existing databases loaded KC1 before these
fields were filled in decks/data/kingdom_combat_starter.json."""

import json

from django.db import migrations

from decks.catalog_loading import card_fields
from decks.legality.cardsets import DATA_DIR


def fill_effects(apps, schema_editor):
    Card = apps.get_model("decks", "Card")
    data = json.loads((DATA_DIR / "kingdom_combat_starter.json").read_text(encoding="utf-8"))
    for raw in data["cards"]:
        fields = card_fields(raw)
        Card.objects.filter(card_set__code="KC1", key=fields["key"]).update(
            effects=fields["effects"], text=fields["text"]
        )


class Migration(migrations.Migration):
    dependencies = [("decks", "0005_conventional_combat_effects_in_engine_words")]

    operations = [migrations.RunPython(fill_effects, migrations.RunPython.noop)]
