import contextlib
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decks.drafting.rules import (
    DraftCard,
    LayoutError,
    NotEnoughCards,
    deal_catalogue_draft,
    deal_catalogue_sealed,
    deal_combat_draft,
    deal_combat_sealed,
    generate_booster,
    parse_layout,
    rng_for,
    standard_deck,
)


def make_catalogue() -> list[DraftCard]:
    borders = ["gold"] * 4 + ["silver"] * 10 + ["black"] * 30 + ["green"] * 3
    return [
        DraftCard(key=i + 1, code=f"C{i + 1}", border=b, factions=("red",))
        for i, b in enumerate(borders)
    ]


@settings(max_examples=60, deadline=None)
@given(players=st.integers(1, 12), jokers=st.booleans(), seed=st.text(max_size=8))
def test_combat_sealed_deals_every_card_to_exactly_one_pool(players, jokers, seed):
    # given N standard decks
    deck = standard_deck(jokers=jokers)
    # when they are dealt as sealed pools
    pools = deal_combat_sealed(deck, players, rng_for(seed, "sealed"))
    # then each player gets one deck's worth, and together they are exactly the N decks
    assert [len(pool) for pool in pools] == [54 if jokers else 52] * players
    assert sum((Counter(pool) for pool in pools), Counter()) == Counter(deck * players)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(1, 12), jokers=st.booleans(), seed=st.text(max_size=8))
def test_combat_draft_gives_three_piles_of_fifteen_and_loses_nothing(players, jokers, seed):
    deck = standard_deck(jokers=jokers)
    deal = deal_combat_draft(deck, players, rng_for(seed, "draft"))
    assert len(deal.packs) == 3
    assert all(len(row) == players for row in deal.packs)
    assert all(len(pack) == 15 for row in deal.packs for pack in row)
    dealt = Counter(card for row in deal.packs for pack in row for card in pack)
    assert dealt + Counter(deal.undealt) == Counter(deck * players)


def test_same_seed_deals_the_same_cards_and_another_seed_does_not():
    deck = standard_deck(jokers=False)
    first = deal_combat_sealed(deck, 4, rng_for("s1", "sealed"))
    again = deal_combat_sealed(deck, 4, rng_for("s1", "sealed"))
    other = deal_combat_sealed(deck, 4, rng_for("s2", "sealed"))
    assert first == again
    assert first != other


def test_combat_draft_refuses_packs_bigger_than_the_stack():
    with pytest.raises(NotEnoughCards):
        deal_combat_draft(["AS", "2S"], 2, random.Random(1), pack_size=15)


def test_parse_layout_reads_slots_and_round_trips():
    layout = parse_layout("1 gold/silver, 3 silver/black, 11 black")
    assert layout.size == 15
    assert layout.slots[0].borders == ("gold", "silver")
    assert parse_layout(layout.as_text()) == layout


@pytest.mark.parametrize(
    "text",
    ["", "gold", "0 black", "2 purple", "3 ", "40000 black", "20 black, 11 gold", "\u00b2 gold"],
)
def test_parse_layout_rejects_malformed_text(text):
    with pytest.raises(LayoutError):
        parse_layout(text)


LAYOUT_PIECES = st.one_of(
    st.characters(categories=("Nd", "No")),  # any script's digits, superscripts, fractions
    st.sampled_from(["\u00b2", "\u2460", "\u0663"]),  # '2' superscript, circled, Arabic-Indic
    st.sampled_from([" ", ",", "/", "1", "gold", "black"]),
)


@settings(max_examples=200, deadline=None)
@given(text=st.one_of(st.text(), st.lists(LAYOUT_PIECES, max_size=12).map("".join)))
def test_parse_layout_reads_any_text_or_says_what_is_wrong(text):
    """Whatever is typed, the answer is a layout or a LayoutError (a 400), never a crash."""
    with contextlib.suppress(LayoutError):
        parse_layout(text)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_booster_follows_its_slot_layout_without_repeats(seed):
    layout = parse_layout("1 gold/silver, 3 silver/black, 11 black")
    booster = generate_booster(make_catalogue(), layout, random.Random(seed))
    assert len(booster) == 15
    assert booster[0].border in {"gold", "silver"}
    assert all(card.border in {"silver", "black"} for card in booster[1:4])
    assert all(card.border == "black" for card in booster[4:])
    assert len({card.key for card in booster}) == 15


def test_booster_from_a_tiny_set_repeats_cards_rather_than_failing():
    catalogue = [DraftCard(key=1, border="black"), DraftCard(key=2, border="black")]
    booster = generate_booster(catalogue, parse_layout("5 black"), random.Random(3))
    assert len(booster) == 5
    assert {card.key for card in booster} == {1, 2}


def test_booster_slot_with_no_matching_card_is_an_error():
    with pytest.raises(NotEnoughCards):
        generate_booster(make_catalogue()[4:], parse_layout("1 gold"), random.Random(1))


def test_catalogue_sealed_and_draft_are_seeded_and_sized():
    layout = parse_layout("1 gold/silver, 3 silver/black, 11 black")
    pools = deal_catalogue_sealed(make_catalogue(), layout, 3, 6, rng_for("x", "sealed"))
    again = deal_catalogue_sealed(make_catalogue(), layout, 3, 6, rng_for("x", "sealed"))
    assert pools == again
    assert [len(pool) for pool in pools] == [90, 90, 90]
    packs = deal_catalogue_draft(make_catalogue(), layout, 5, rng_for("x", "draft"))
    assert [len(row) for row in packs] == [5, 5, 5]
    assert all(len(pack) == 15 for row in packs for pack in row)
    assert all(card.border != "green" for pool in pools for card in pool)
