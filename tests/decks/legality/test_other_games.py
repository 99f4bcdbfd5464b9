"""Combat, Conventional Combat, Army and Rune Duel formats, plus properties of any format."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from decks.legality import builtin_catalog, get_format, validate
from tests.decks.legality.helpers import deck, run

SUITS = "SHDC"
RANKS = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
PACK = [f"{rank}{suit}" for suit in SUITS for rank in RANKS]


def test_combat_constructed_is_exactly_forty_cards_from_one_pack():
    assert run("combat", "constructed", dict.fromkeys(PACK[:40], 1)).valid
    too_few = run("combat", "constructed", dict.fromkeys(PACK[:39], 1))
    assert too_few.codes == {"deck_too_small"}
    doubled = run("combat", "constructed", {**dict.fromkeys(PACK[:39], 1), "AS": 2})
    assert doubled.codes == {"copy_limit"}
    assert "holds only 1" in doubled.problems[0].message


def test_a_fortress_line_in_a_game_without_fortresses_is_reported():
    # given a legal Combat deck plus a 'Fortress:' line naming a playing card
    result = run("combat", "constructed", dict.fromkeys(PACK[:40], 1), ["KC"])
    # then the line is reported instead of being silently dropped
    assert [(p.code, p.card) for p in result.problems] == [("not_a_fortress", "King of Clubs")]
    assert "have no fortresses" in result.problems[0].message


def test_combat_jokers_only_when_the_event_allows_them():
    cards = {**dict.fromkeys(PACK[:39], 1), "JK": 1}
    assert not run("combat", "constructed", cards).valid
    assert run("combat", "constructed", cards, options={"jokers": True}).valid


def test_combat_sealed_is_thirty_cards_from_the_pool_counted_down():
    pool = dict.fromkeys(PACK[:30], 1)
    assert run("combat", "sealed", dict.fromkeys(PACK[:30], 1), pool=pool).valid
    outside = run("combat", "sealed", {**dict.fromkeys(PACK[:29], 1), "KC": 1}, pool=pool)
    assert "not_in_pool" in outside.codes
    assert "pool_required" in run("combat", "draft", dict.fromkeys(PACK[:30], 1)).codes


def test_off_the_top_and_army_use_no_deck():
    assert run("combat", "off-the-top", {}).valid
    assert not run("combat", "off-the-top", {"AS": 1}).valid
    assert run("army", "standard", {}).valid


def conventional(cards: dict[str, int]) -> set[str]:
    return run("conventional-combat", "quick-duel", cards).codes


def test_conventional_quick_duel_needs_two_actions_and_two_characters():
    catalog = builtin_catalog("conventional-combat")
    chars = [c.name for c in catalog.cards.values() if c.type == "character"]
    acts = [c.name for c in catalog.cards.values() if c.type == "action" and c.name != "Null"]
    assert conventional(dict.fromkeys(chars[:3] + acts[:3], 1)) == set()
    assert "composition" in conventional(dict.fromkeys(chars[:5] + acts[:1], 1))
    assert "deck_too_large" in conventional(dict.fromkeys(chars[:4] + acts[:3], 1))


def test_rune_duel_defaults_limit_copies_and_warlords():
    catalog = builtin_catalog("rune-duel")
    creatures = [c.name for c in catalog.cards.values() if c.type == "creature"]
    cards = dict.fromkeys(creatures[:10], 3)
    assert run("rune-duel", "constructed", cards).valid
    assert "copy_limit" in run("rune-duel", "constructed", {**cards, creatures[0]: 4}).codes


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(PACK), min_size=0, max_size=52, unique=True))
def test_any_accepted_combat_constructed_deck_satisfies_every_rule(codes):
    result = run("combat", "constructed", dict.fromkeys(codes, 1))
    if result.valid:
        assert len(codes) == 40
        assert len(set(codes)) == len(codes)


@settings(max_examples=40, deadline=None)
@given(st.permutations(PACK), st.integers(min_value=0, max_value=39))
def test_removing_a_card_from_a_minimum_legal_deck_is_reported(order, index):
    chosen = list(order[:40])
    fmt, catalog = get_format("combat", "constructed"), builtin_catalog("combat")
    assert validate(deck(dict.fromkeys(chosen, 1)), fmt, catalog).valid
    chosen.pop(index)
    result = validate(deck(dict.fromkeys(chosen, 1)), fmt, catalog)
    assert "deck_too_small" in result.codes


def test_combat_sealed_and_draft_decks_are_exactly_thirty_and_may_repeat_pool_copies():
    # rulebook 7: sealed and draft pools come from several decks shuffled together, and the
    # players "use those cards to make their own 30-card decks"
    # given a 52-card pool holding two aces of spades
    pool = {**dict.fromkeys(PACK[1:], 1), "AS": 2}
    for fmt in ("sealed", "draft"):
        # then 30 cards with both aces of spades are legal (no one-pack limit off a pool)
        assert run("combat", fmt, {**dict.fromkeys(PACK[1:29], 1), "AS": 2}, pool=pool).valid
        # but a third ace is not in the pool, and 29 or 31 cards are not a 30-card deck
        three = run("combat", fmt, {**dict.fromkeys(PACK[1:28], 1), "AS": 3}, pool=pool)
        assert three.codes == {"not_in_pool"}
        small = run("combat", fmt, {**dict.fromkeys(PACK[1:28], 1), "AS": 2}, pool=pool)
        assert small.codes == {"deck_too_small"}
        large = run("combat", fmt, {**dict.fromkeys(PACK[1:30], 1), "AS": 2}, pool=pool)
        assert large.codes == {"deck_too_large"}
