from hypothesis import given, settings
from hypothesis import strategies as st

from decks.drafting.rules import DraftCard, bot_pick, pick_sort_key, standard_deck


def cards(*codes: str) -> list[DraftCard]:
    return [DraftCard(key=i + 1, code=code) for i, code in enumerate(codes)]


def test_combat_bot_prefers_court_and_ability_cards_over_spot_cards():
    assert bot_pick("combat", cards("7H", "KD", "9S"), []).code == "KD"
    assert bot_pick("combat", cards("10C", "4S", "2H"), []).code == "2H"
    assert bot_pick("combat", cards("5C", "JK", "8D"), []).code == "JK"


def test_combat_bot_stays_in_its_suits():
    picks = cards("KH", "QH", "JH", "5H", "2S", "3S")
    # a queen in a main suit beats a king in a suit the bot has not picked
    assert bot_pick("combat", cards("KC", "QH"), picks).code == "QH"


def test_catalogue_bot_weighs_border_rarity_and_faction():
    elf_gold = DraftCard(key=1, code="g", border="gold", factions=("elves",))
    orc_black = DraftCard(key=2, code="b", border="black", factions=("orcs",))
    orc_silver = DraftCard(key=3, code="s", border="silver", factions=("orcs",))
    token = DraftCard(key=4, code="t", border="green", factions=("orcs",))
    assert bot_pick("kingdom-combat", [orc_black, elf_gold], []) == elf_gold
    orc_picks = [orc_black] * 8
    assert bot_pick("kingdom-combat", [elf_gold, orc_silver, token], orc_picks) == orc_silver


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(standard_deck(jokers=True)), min_size=1, max_size=15))
def test_bot_picks_a_card_of_the_pack_deterministically(codes):
    pack = cards(*codes)
    choice = bot_pick("combat", pack, [])
    assert choice in pack
    assert bot_pick("combat", list(pack), []) == choice


def test_picks_sort_by_suit_then_rank_with_jokers_last():
    picks = cards("KH", "JK", "2S", "AS", "10H")
    ordered = [c.code for c in sorted(picks, key=pick_sort_key)]
    assert ordered == ["AS", "2S", "10H", "KH", "JK"]
