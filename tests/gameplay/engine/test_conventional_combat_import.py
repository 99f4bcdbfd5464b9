"""Cards imported through the decks app: a Conventional Combat effect the engine cannot play is
flagged (refused) at import, and every effect the import accepts (Conventional Combat and Rune
Duel) is one the engine plays: the import asks the engine (one vocabulary per game, issue 13)."""

from __future__ import annotations

import json
import re

import pytest
from django.core.management import CommandError, call_command
from hypothesis import given
from hypothesis import strategies as st

from decks.legality import card_problems as import_problems
from decks.legality.effects import engine_effects
from decks.models import CardSet
from gameplay.engine.conventional_combat.cards import (
    EFFECT_OPS,
    ELEMENTS,
    TYPES,
    WHO,
    card_problems,
    from_catalogue_card,
)

GAME = "conventional-combat"


def action_card(effects: list) -> dict:
    return {"name": "Test Move", "type": "action", "effects": effects, "text": "?"}


@pytest.mark.django_db
def test_a_card_whose_effect_is_outside_the_vocabulary_is_flagged_at_import(tmp_path, make_user):
    # given a set file whose second card deals damage (a Rune Duel effect, not a CC one)
    make_user(username="org")
    good = action_card([{"op": "attack", "who": "self", "amount": 1}])
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
    assert "unknown effect 'damage'" in str(raised.value)
    assert not CardSet.objects.filter(code="ZAP").exists()


def test_an_opponent_wide_target_is_flagged_too():
    card = action_card([{"op": "attack", "who": "all_creatures", "amount": 1}])
    assert import_problems(GAME, card) != []
    assert card_problems(card) != []


def test_the_former_decks_words_are_refused_now_that_there_is_one_vocabulary():
    card = action_card([{"op": "cancel_support", "target": "opponent"}])
    assert import_problems(GAME, card) != []
    assert card_problems(card) != []
    assert import_problems(GAME, action_card([{"op": "negate_support", "who": "opponent"}])) == []


amounts = st.integers(-8, 8)
type_lists = st.lists(st.sampled_from((*TYPES, "X")), min_size=0, max_size=3)
PARAMETERS = {
    "amount": amounts,
    "value": st.integers(0, 7),
    "who": st.sampled_from((*WHO, "player")),
    "element": st.sampled_from((*ELEMENTS, "air")),
    "if_element": st.sampled_from(ELEMENTS),
    "types": type_lists,
    "if_opponent_types": type_lists,
}


@st.composite
def cc_effects(draw) -> dict:
    """Effects in the engine's words, within and just outside what it plays."""
    op = draw(st.sampled_from(sorted(EFFECT_OPS)))
    effect = {"op": op}
    for name in EFFECT_OPS[op]:
        if draw(st.integers(0, 4)):  # mostly present; sometimes left out
            effect[name] = draw(PARAMETERS[name])
    return effect


@given(effect=cc_effects())
def test_the_import_accepts_exactly_the_effects_the_engine_plays(effect):
    card = action_card([effect])
    assert (import_problems(GAME, card) == []) == (card_problems(card) == [])
    if not import_problems(GAME, card):
        assert from_catalogue_card(card)["effect"] == [effect]


def test_the_rune_duel_import_accepts_exactly_the_effects_the_engine_plays():
    from gameplay.engine.rune_duel.cards import EFFECTS

    assert engine_effects("rune-duel") == EFFECTS
