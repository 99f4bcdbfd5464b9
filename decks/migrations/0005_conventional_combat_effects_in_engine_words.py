"""Conventional Combat cards' effects are written in the engine's words (issue 13: one effect
vocabulary per game). The translation the engine used to apply on every read is applied once,
here, to the cards already stored; effects already in the engine's words are left alone."""

from django.db import migrations

GAME = "conventional-combat"
OLD_OPS = {"attack", "defense", "skill", "element", "reroll", "cancel_support", "cancel_action"}
RENAMED_OPS = {"cancel_support": "negate_support", "cancel_action": "negate_action"}


def in_engine_words(effect):
    """One effect of the decks app's former Conventional Combat words, in the engine's."""
    if not isinstance(effect, dict) or "who" in effect or effect.get("op") not in OLD_OPS:
        return effect
    op = effect["op"]
    clean = {"op": RENAMED_OPS.get(op, op)}
    for key, value in effect.items():
        if key == "target":
            clean["who"] = value
        elif key == "if_kind":
            clean["types"] = [value]
        elif key == "if_opponent_kind":
            clean["if_opponent_types"] = [value]
        elif key == "element" and op in ("attack", "skill"):
            clean["if_element"] = value  # "if your Fighter attacks in Dark"
        elif key != "op":
            clean[key] = value
    clean.setdefault("who", "self")
    return clean


def forwards(apps, schema_editor):
    Card = apps.get_model("decks", "Card")
    cards = Card.objects.filter(card_set__games__slug=GAME).exclude(effects=[]).distinct()
    for card in cards.iterator():
        effects = [in_engine_words(effect) for effect in card.effects or []]
        if effects != card.effects:
            card.effects = effects
            card.save(update_fields=["effects"])


class Migration(migrations.Migration):
    dependencies = [("decks", "0004_card_set_visibility")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
