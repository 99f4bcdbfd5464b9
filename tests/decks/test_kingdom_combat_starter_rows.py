"""The catalogue's Kingdom Combat starter rows carry the same effects and text as the set data
the engine plays (migration 0005 brings older databases up to date)."""

import pytest

from decks.legality import load_builtin
from decks.legality.cardsets import card_key
from decks.models import Card

pytestmark = [pytest.mark.django_db]


def test_every_starter_row_has_the_data_files_effects_and_text():
    rows = {c.key: c for c in Card.objects.filter(card_set__code="KC1")}
    for raw in load_builtin("kingdom-combat")["cards"]:
        row = rows[card_key(raw)]
        assert row.effects == raw.get("effects", []), raw["name"]
        assert row.text == raw["text"], raw["name"]
