"""More formats (full match, limited Kingdom Combat, Rune Duel options) and properties."""

from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from decks.legality import (
    FormatError,
    builtin_catalog,
    format_deck_list,
    get_format,
    parse_deck_list,
)
from tests.decks.legality.helpers import KC, run, starter_decks

KC_LIMITS = {"gold": 1, "silver": 2, "black": 4}


def _names(game: str, kind: str) -> list[str]:
    catalog = builtin_catalog(game)
    return [c.name for c in catalog.cards.values() if c.type == kind and c.name != "Null"]


def test_full_match_is_ten_cards_three_and_three_with_null_added_not_counted():
    chars, acts = (
        _names("conventional-combat", "character"),
        _names("conventional-combat", "action"),
    )
    result = run("conventional-combat", "full-match", dict.fromkeys(chars[:5] + acts[:5], 1))
    assert result.valid
    assert result.summary["size"] == 10
    with_null = run(
        "conventional-combat", "full-match", dict.fromkeys(chars[:5] + acts[:4], 1) | {"Null": 1}
    )
    assert with_null.codes == {"reserved_card"}
    lopsided = run("conventional-combat", "full-match", dict.fromkeys(chars[:8] + acts[:2], 1))
    assert lopsided.codes == {"composition"}
    assert (lopsided.problems[0].count, lopsided.problems[0].limit) == (2, 3)


def test_combat_draft_from_the_drafted_pool_is_legal():
    pool = {"AS": 1, "2S": 1, "3S": 1, **{f"{r}H": 1 for r in range(2, 11)}}
    pool |= {f"{r}D": 1 for r in range(2, 11)} | {f"{r}C": 1 for r in range(2, 11)}
    assert sum(pool.values()) == 30
    assert run("combat", "draft", dict.fromkeys(pool, 1), pool=pool).valid


def _starter(name: str) -> dict:
    found = next(d for d in starter_decks(KC) if d["name"] == name)
    return {"fortresses": found["fortresses"], "cards": {n: c for c, n in found["cards"]}}


@pytest.mark.parametrize("fmt", ["sealed", "draft"])
def test_kingdom_combat_limited_decks_come_from_the_pool_counted_down(fmt):
    starter = _starter("Ironhold Vanguard")
    catalog = builtin_catalog(KC)
    cards = starter["cards"]
    pool = {catalog.resolve(name).key: count for name, count in cards.items()}
    fortresses = starter["fortresses"]
    assert run(KC, fmt, cards, fortresses, pool=pool).valid
    first = next(iter(cards))
    short = dict(pool) | {catalog.resolve(first).key: cards[first] - 1}
    result = run(KC, fmt, cards, fortresses, pool=short)
    assert result.codes == {"not_in_pool"}
    assert result.problems[0].card == first


def test_rune_duel_defaults_are_configurable_per_event():
    creatures = _names("rune-duel", "creature")
    cards = dict.fromkeys(creatures[:10], 3)
    assert run("rune-duel", "constructed", cards).valid
    bigger = run("rune-duel", "constructed", cards, options={"min_size": 40})
    assert bigger.codes == {"deck_too_small"}
    assert run("rune-duel", "constructed", cards, options={"copy_limit": 4}).valid
    with pytest.raises(FormatError):
        get_format("rune-duel", "constructed", {"min_size": 70})
    with pytest.raises(FormatError):
        get_format("kingdom-combat", "constructed", {"copy_limit": 9})


def test_rune_duel_warlords_at_most_one_copy():
    warlords = _names("rune-duel", "warlord")
    creatures = _names("rune-duel", "creature")
    cards = dict.fromkeys(creatures[:10], 3) | {warlords[0]: 2}
    result = run("rune-duel", "constructed", cards)
    assert "copy_limit" in result.codes
    assert any(p.card == warlords[0] and p.limit == 1 for p in result.problems)


KC_CATALOG = builtin_catalog(KC)
KC_CARDS = sorted(KC_CATALOG.cards.values(), key=lambda c: c.key)
KC_DECKABLE = [c for c in KC_CARDS if c.type != "fortress"]
KC_FORTRESSES = [c for c in KC_CARDS if c.type == "fortress"]


def _faction_cards(fortresses: list) -> list:
    allowed = {"mercenary"} | {f for fort in fortresses for f in fort.factions}
    return [c for c in KC_DECKABLE if allowed & set(c.factions)]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(KC_FORTRESSES), min_size=0, max_size=3), st.data())
def test_any_accepted_kingdom_combat_deck_satisfies_every_rule(fortresses, data):
    # mostly cards of the fortresses' factions (so many decks are legal), sometimes any card
    source = data.draw(st.sampled_from([_faction_cards(fortresses), KC_DECKABLE]))
    picks = st.lists(st.integers(0, len(source) - 1), min_size=5, max_size=30, unique=True)
    keys = [source[index] for index in data.draw(picks)]
    cards = {card.name: data.draw(st.integers(1, 5)) for card in keys}
    result = run(KC, "constructed", cards, [f.name for f in fortresses])
    event("valid" if result.valid else "invalid")
    if not result.valid:
        return
    assert sum(cards.values()) >= 30
    assert 1 <= len(fortresses) <= 2
    factions = [f for fort in fortresses for f in fort.factions]
    assert len(factions) == len(set(factions))
    for card in keys:
        assert card.border != "green"
        assert cards[card.name] <= KC_LIMITS[card.border]
        assert set(card.factions) & ({"mercenary"} | set(factions))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["Ironhold Vanguard", "Sylvan Arrows", "Ashen Raid"]), st.data())
def test_removing_a_card_from_a_thirty_card_starter_is_reported(name, data):
    starter = _starter(name)
    cards = dict(starter["cards"])
    while sum(cards.values()) > 30:  # trim to exactly the minimum, keeping the deck legal
        biggest = max(cards, key=lambda n: cards[n])
        cards[biggest] -= 1
    assert run(KC, "constructed", cards, starter["fortresses"]).valid
    victim = data.draw(st.sampled_from(sorted(cards)))
    cards[victim] -= 1
    result = run(KC, "constructed", {n: c for n, c in cards.items() if c}, starter["fortresses"])
    assert "deck_too_small" in result.codes


LINE_NAMES = (
    st.text(
        alphabet=st.characters(whitelist_categories=("L",), whitelist_characters=" '-"),
        min_size=1,
        max_size=20,
    )
    .map(str.strip)
    .filter(lambda s: s and not s.lower().startswith(("fortress", "sideboard", "sb")))
)


@settings(max_examples=100, deadline=None)
@given(
    st.dictionaries(LINE_NAMES, st.integers(1, 9), max_size=12),
    st.lists(LINE_NAMES, max_size=2, unique=True),
    st.dictionaries(LINE_NAMES, st.integers(1, 3), max_size=3),
)
def test_deck_lists_round_trip_through_text(main, fortresses, sideboard):
    text = format_deck_list(main.items(), fortresses, sideboard.items())
    parsed = parse_deck_list(text)
    assert dict(parsed.main) == main
    assert list(parsed.fortresses) == fortresses
    assert dict(parsed.sideboard) == sideboard
    assert parsed.unreadable == ()


CC_CARDS = sorted(builtin_catalog("conventional-combat").cards.values(), key=lambda c: c.key)
RD_CARDS = sorted(builtin_catalog("rune-duel").cards.values(), key=lambda c: c.key)
KEY = lambda card: card.key  # noqa: E731 (CardInfo holds a dict, so it is not hashable)
CC_SHAPE = {"quick-duel": (6, 2), "full-match": (10, 3)}  # size, minimum of each type


def _bump(cards: dict[str, int], data, extra: int) -> None:
    """Sometimes one card gets `extra` more copies (so some decks break a copy limit)."""
    if data.draw(st.booleans()):
        name = data.draw(st.sampled_from(sorted(cards)))
        cards[name] += extra


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["quick-duel", "full-match"]), st.data())
def test_any_accepted_conventional_or_rune_duel_deck_satisfies_every_rule(fmt, data):
    # Conventional Combat: an exact size, enough actions and characters, one of each, no Null
    size, minimum = CC_SHAPE[fmt]
    n = data.draw(st.integers(size - 1, size + 1))
    picks = data.draw(st.lists(st.sampled_from(CC_CARDS), min_size=n, max_size=n, unique_by=KEY))
    cards = dict.fromkeys((card.name for card in picks), 1)
    _bump(cards, data, 1)
    result = run("conventional-combat", fmt, cards)
    event(f"{fmt} {'valid' if result.valid else 'invalid'}")
    if result.valid:
        assert sum(cards.values()) == size
        assert all(count == 1 for count in cards.values())
        assert "Null" not in cards
        for kind in ("action", "character"):
            assert sum(1 for card in picks if card.type == kind) >= minimum
    # Rune Duel defaults: 30 to 60 cards, at most 3 of a card and 1 of each warlord
    picks = data.draw(st.lists(st.sampled_from(RD_CARDS), min_size=8, max_size=24, unique_by=KEY))
    cards = {
        card.name: 1 if card.type == "warlord" else data.draw(st.integers(1, 3)) for card in picks
    }
    _bump(cards, data, 1)
    result = run("rune-duel", "constructed", cards)
    event(f"rune-duel {'valid' if result.valid else 'invalid'}")
    if result.valid:
        assert 30 <= sum(cards.values()) <= 60
        for card in picks:
            assert cards[card.name] <= (1 if card.type == "warlord" else 3)
