"""Plain-text deck lists: parsing, formatting, round trips."""

from hypothesis import given, settings
from hypothesis import strategies as st

from decks.legality import format_deck_list, parse_deck_list

KC_LIST = """# my deck
Fortress: Ironhold Keep
Fortress: Moonwell Sanctum
4 Ironhold Footman
2x Iron Knight
Royal Mint

Sideboard:
1 Market Day
"""


def test_parse_kingdom_combat_list():
    deck = parse_deck_list(KC_LIST)
    assert deck.fortresses == ("Ironhold Keep", "Moonwell Sanctum")
    assert deck.main == (("Ironhold Footman", 4), ("Iron Knight", 2), ("Royal Mint", 1))
    assert deck.sideboard == (("Market Day", 1),)
    assert deck.unreadable == ()


def test_playing_card_codes():
    deck = parse_deck_list("AS\n10H\n1 QC\n2 JK\n")
    assert deck.main == (("AS", 1), ("10H", 1), ("QC", 1), ("JK", 2))


def test_unreadable_lines_keep_their_numbers():
    deck = parse_deck_list("4 Iron Knight\n0 Royal Mint\nFortress:\n3.5 Sellsword\n")
    assert deck.unreadable == ((2, "0 Royal Mint"), (3, "Fortress:"), (4, "3.5 Sellsword"))


names = (
    st.text(
        alphabet=st.characters(whitelist_categories=("L",), whitelist_characters=" '!-"),
        min_size=1,
        max_size=20,
    )
    .map(str.strip)
    .filter(lambda s: s and not s.lower().startswith(("fortress", "sideboard", "sb")))
)


@settings(max_examples=100)
@given(
    main=st.lists(st.tuples(names, st.integers(1, 99)), max_size=15),
    fortresses=st.lists(names, max_size=2),
    sideboard=st.lists(st.tuples(names, st.integers(1, 9)), max_size=3),
)
def test_round_trip(main, fortresses, sideboard):
    text = format_deck_list(main, fortresses, sideboard)
    deck = parse_deck_list(text)
    assert deck.main == tuple(main)
    assert deck.fortresses == tuple(fortresses)
    assert deck.sideboard == tuple(sideboard)
    assert deck.unreadable == ()
