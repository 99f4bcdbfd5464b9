"""Cards imported through the decks app: a Conventional Combat effect the engine cannot play is
flagged (refused) at import, and every effect the import accepts (Conventional Combat and Rune
Duel) is one the engine plays."""

from __future__ import annotations

import json
import re

import pytest
from django.core.management import CommandError, call_command
from hypothesis import given
from hypothesis import strategies as st

from decks.legality import card_problems as import_problems
from decks.legality.effects import ELEMENTS, GAME_OPS, KINDS
from decks.models import CardSet
from gameplay.engine.conventional_combat.cards import card_problems, from_catalogue_card

GAME = "conventional-combat"
OPS = GAME_OPS[GAME]


def action_card(effects: list) -> dict:
    return {"name": "Test Move", "type": "action", "effects": effects, "text": "?"}


@pytest.mark.django_db
def test_a_card_whose_effect_is_outside_the_vocabulary_is_flagged_at_import(tmp_path, make_user):
    # given a set file whose second card deals damage (a Rune Duel effect, not a CC one)
    make_user(username="org")
    good = action_card([{"op": "attack", "target": "self", "amount": 1}])
    bad = {**action_card([{"op": "damage", "target": "creature", "amount": 2}]), "name": "Zap"}
    path = tmp_path / "set.json"
    text = json.dumps({"factions": [], "cards": [good, bad]}, indent=2)
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    zap_first = lines.index('      "name": "Zap",')  # 1-based: the line after the card's "{"
    zap_last = next(n for n in range(zap_first, len(lines)) if lines[n] == "    }") + 1
    # when it is imported
    with pytest.raises(CommandError) as raised:
        call_command("import_cards", str(path), game=GAME, code="ZAP", name="Z", organizer="org")
    # then the card is flagged with its line and why, and nothing is imported
    reported = int(re.search(r"line (\d+)", str(raised.value)).group(1))
    assert zap_first <= reported <= zap_last
    assert "damage is not a conventional-combat effect" in str(raised.value)
    assert not CardSet.objects.filter(code="ZAP").exists()


def test_an_opponent_wide_target_is_flagged_too():
    card = action_card([{"op": "attack", "target": "all_creatures", "amount": 1}])
    assert import_problems(GAME, card) != []
    assert card_problems(card) != []


amounts = st.integers(-20, 20)
conditions = st.fixed_dictionaries(
    {},
    optional={
        "if_kind": st.sampled_from(KINDS),
        "if_opponent_kind": st.sampled_from(KINDS),
    },
)


@st.composite
def cc_effects(draw) -> dict:
    """Any effect the decks app's import accepts for a Conventional Combat card."""
    op = draw(st.sampled_from(sorted(OPS)))
    effect = {"op": op, "target": draw(st.sampled_from(("self", "opponent", "player")))}
    if op in ("attack", "defense", "skill"):
        effect["amount"] = draw(amounts)
        effect.update(draw(conditions))
        if draw(st.booleans()):
            effect["element"] = draw(st.sampled_from(ELEMENTS))
    elif op == "element":
        effect["element"] = draw(st.sampled_from(ELEMENTS))
    return effect


@given(effect=cc_effects())
def test_every_effect_the_import_accepts_is_one_the_engine_plays(effect):
    card = action_card([effect])
    if import_problems(GAME, card):
        assert effect["target"] not in OPS[effect["op"]] or effect.get("amount", 0) not in range(
            -5, 6
        )
        return  # refused at import: never reaches the engine
    assert card_problems(card) == []
    assert from_catalogue_card(card)["effect"][0]["op"] in (
        *OPS,
        "negate_support",
        "negate_action",
    )


def test_the_rune_duel_import_accepts_exactly_the_effects_the_engine_plays():
    from gameplay.engine.rune_duel.cards import EFFECTS

    accepted = {(op, target) for op, targets in GAME_OPS["rune-duel"].items() for target in targets}
    assert accepted == EFFECTS
