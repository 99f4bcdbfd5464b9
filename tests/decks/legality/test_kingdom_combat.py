"""Kingdom Combat deck rules: fortresses, factions, border limits, tokens, advice."""

import pytest

from decks.legality import builtin_catalog, fortress_stats, get_format, parse_deck_list, validate
from tests.decks.legality.helpers import KC, run, starter_decks

IRONHOLD_30 = {
    "Ironhold Footman": 4,
    "Shieldwall Sergeant": 4,
    "Crossbow Warden": 4,
    "Ironhold Farmstead": 4,
    "Stone Watchtower": 4,
    "Raise Shields": 4,
    "Muster the Levy": 4,
    "Tower Shield": 2,
}


@pytest.mark.parametrize("precon", starter_decks(KC), ids=lambda d: d["name"])
def test_starter_decks_are_legal(precon):
    # given a preconstructed deck shipped with the starter set
    cards = {name: count for count, name in precon["cards"]}
    # when it is validated
    result = run(KC, precon["format"], cards, precon["fortresses"])
    # then it has no problems
    assert result.problems == ()


@pytest.mark.parametrize("faction", ["ironhold", "sylvan", "ashen"])
def test_every_faction_builds_a_legal_single_faction_deck(faction):
    # given every card of the faction and Mercenary, as many copies as the borders allow
    catalog = builtin_catalog(KC)
    limits = {"gold": 1, "silver": 2, "black": 4}
    fortress = next(
        c for c in catalog.cards.values() if c.type == "fortress" and faction in c.factions
    )
    cards = {
        c.name: limits[c.border]
        for c in catalog.cards.values()
        if c.type in ("unit", "structure", "action") and set(c.factions) & {faction, "mercenary"}
    }
    # when validated
    result = run(KC, "constructed", cards, [fortress.name])
    # then it is legal and at least 30 cards
    assert result.valid, result.problems
    assert sum(cards.values()) >= 30


def test_silver_border_copy_limit_message():
    # given three silver-border Iron Knights
    cards = {**IRONHOLD_30, "Iron Knight": 3}
    # when validated
    result = run(KC, "constructed", cards, ["Ironhold Keep"])
    # then exactly the copy limit is reported, as the issue words it
    (problem,) = result.problems
    assert problem.to_dict() == {
        "code": "copy_limit",
        "message": "Iron Knight (silver border) appears 3 times; at most 2 are allowed.",
        "card": "Iron Knight",
        "count": 3,
        "limit": 2,
    }


@pytest.mark.parametrize(
    ("name", "count", "limit"),
    [("Lord Commander Aldric", 2, 1), ("Royal Mint", 3, 2), ("Ironhold Footman", 5, 4)],
)
def test_border_limits_gold_silver_black(name, count, limit):
    # given one card over its border limit
    cards = {**IRONHOLD_30, name: count}
    # when validated
    result = run(KC, "constructed", cards, ["Ironhold Keep"])
    # then the limit of its border is reported
    assert [(p.code, p.card, p.count, p.limit) for p in result.problems] == [
        ("copy_limit", name, count, limit)
    ]


def test_green_tokens_never_in_a_deck():
    result = run(KC, "constructed", {**IRONHOLD_30, "Levy Militia": 1}, ["Ironhold Keep"])
    assert [(p.code, p.card, p.limit) for p in result.problems] == [
        ("token_in_deck", "Levy Militia", 0)
    ]


def test_fortress_required_and_not_counted():
    # given 29 cards plus a fortress line
    cards = {**IRONHOLD_30, "Tower Shield": 1}
    # when validated with and without the fortress
    with_fortress = run(KC, "constructed", cards, ["Ironhold Keep"])
    without = run(KC, "constructed", cards)
    # then the fortress does not count towards 30, and no fortress is a problem
    assert with_fortress.codes == {"deck_too_small"}
    assert without.codes == {"deck_too_small", "fortress_required"}


def test_fortress_rules_all_reported_at_once():
    # given three fortresses (two of one faction), a non-fortress, and a fortress in the deck
    fortresses = ["Ironhold Keep", "Dawnwatch Citadel", "Ashen Warcamp", "Iron Knight"]
    cards = {**IRONHOLD_30, "Sylvan Heartwood": 1, "Glade Scout": 2, "Horde Raider": 1}
    # when validated
    result = run(KC, "constructed", cards, fortresses)
    # then every problem is listed
    codes = [p.code for p in result.problems]
    assert codes.count("too_many_factions") == 1
    assert "fortress_same_faction" in codes
    assert "not_a_fortress" in codes
    assert "fortress_in_deck" in codes
    wrong = [p.card for p in result.problems if p.code == "wrong_faction"]
    assert wrong == ["Glade Scout"]  # Horde Raider is Ashen, whose fortress was chosen


def test_wrong_faction_names_the_allowed_factions():
    result = run(KC, "constructed", {**IRONHOLD_30, "Glade Scout": 1}, ["Ironhold Keep"])
    (problem,) = result.problems
    assert problem.code == "wrong_faction"
    assert problem.message == (
        "Glade Scout is a Sylvan Court card; this deck may only use Ironhold and Mercenary cards."
    )


def test_dual_faction_deck_allows_both_factions_and_mercenary():
    cards = {**IRONHOLD_30, "Glade Scout": 4, "Sellsword": 2}
    result = run(KC, "constructed", cards, ["Ironhold Keep", "Sylvan Heartwood"])
    assert result.valid


def test_dual_fortress_stats_top_line_from_top_bottom_lines_from_bottom():
    # given two fortresses stacked in both orders
    catalog = builtin_catalog(KC)
    keep, heartwood = catalog.by_name("Ironhold Keep"), catalog.by_name("Sylvan Heartwood")
    # when combined
    keep_on_top = fortress_stats([keep, heartwood])
    heartwood_on_top = fortress_stats([heartwood, keep])
    # then HP comes from the top card, gold from the bottom card
    assert (keep_on_top.hp, keep_on_top.starting_gold, keep_on_top.gold_per_turn) == (30, 7, 3)
    assert (heartwood_on_top.hp, heartwood_on_top.starting_gold) == (24, 6)
    assert keep_on_top.factions == ("ironhold", "sylvan")


def test_limited_formats_need_the_pool():
    catalog = builtin_catalog(KC)
    pool = {catalog.by_name(name).key: count for name, count in IRONHOLD_30.items()}
    pool[catalog.by_name("Tower Shield").key] = 1
    result = run(KC, "sealed", IRONHOLD_30, ["Ironhold Keep"], pool=pool)
    assert [(p.code, p.card, p.count, p.limit) for p in result.problems] == [
        ("not_in_pool", "Tower Shield", 2, 1)
    ]
    assert run(KC, "draft", IRONHOLD_30, ["Ironhold Keep"]).codes == {"pool_required"}


def test_advice_is_not_an_error():
    # given a legal deck with few units and no structures
    cards = {
        "Ironhold Footman": 4,
        "Shieldwall Sergeant": 4,
        "Raise Shields": 4,
        "Muster the Levy": 4,
        "Tower Shield": 4,
        "Market Day": 4,
        "Steel Sword": 4,
        "Iron Buckler": 4,
    }
    # when validated
    result = run(KC, "constructed", cards, ["Ironhold Keep"])
    # then it is valid but the builder gets advice about units, structures and size
    assert result.valid
    assert {a.code for a in result.advice} == {"few_units", "structure_share", "deck_size"}


def test_gold_curve_advice_for_expensive_decks():
    # given a fortress making 2 gold a turn, no structures and a third of the deck costing 3+
    cards = {
        "Iron Knight": 2,
        "Veteran Knight": 2,
        "Lord Commander Aldric": 1,
        "Hedge Knight": 4,
        "Captain Varro of the Free Blades": 1,
        "Sellsword": 4,
        "Ironhold Footman": 4,
        "Shieldwall Sergeant": 4,
        "Raise Shields": 4,
        "Muster the Levy": 4,
    }
    # when validated
    result = run(KC, "constructed", cards, ["Dawnwatch Citadel"])
    # then it is legal, with gold-curve advice
    assert result.valid
    assert "gold_curve" in {a.code for a in result.advice}


def test_summary_has_types_curve_and_fortress():
    result = run(KC, "constructed", IRONHOLD_30, ["Ironhold Keep"])
    assert result.summary["size"] == 30
    assert result.summary["types"] == {"unit": 12, "structure": 8, "action": 10}
    assert sum(result.summary["curve"]) == 30
    assert result.summary["fortress"]["hp"] == 30
    counts = {row["name"]: row["count"] for row in result.summary["cards"]}
    assert counts == IRONHOLD_30
    assert [row["type"] for row in result.summary["cards"]][:1] == ["action"], "sorted by type"


def test_unknown_cards_get_suggestions():
    result = run(KC, "constructed", {**IRONHOLD_30, "Iron Knigt": 1}, ["Ironhold Keep"])
    (problem,) = result.problems
    assert problem.code == "unknown_card"
    assert problem.suggestions[0] == "Iron Knight"
    assert "Did you mean Iron Knight" in problem.message


def test_kingdom_combat_has_three_formats():
    assert get_format(KC, "sealed").pool_restricted


BORDER_COPIES = {"gold": 1, "silver": 2, "black": 4}
ADVISED_SHAPE = {"unit": 13, "structure": 8, "action": 9}  # 30 cards, as the rulebook advises


def advised_deck(fortresses: list) -> dict[str, int]:
    """A 30-card deck of the fortresses' factions and Mercenary, cheapest cards first, taking
    turns between the factions so that each one is in the deck."""
    catalog = builtin_catalog(KC)
    groups = [f.factions[0] for f in fortresses] + ["mercenary"]
    cards: dict[str, int] = {}
    for kind, wanted in ADVISED_SHAPE.items():
        queues = [
            sorted(
                (c for c in catalog.cards.values() if c.type == kind and group in c.factions),
                key=lambda c: (c.cost or 0, c.name),
            )
            for group in groups
        ]
        taken = 0
        while taken < wanted:
            assert any(queues), f"not enough {kind} cards for {groups}"
            for queue in queues:
                if queue and taken < wanted:
                    card = queue.pop(0)
                    copies = min(BORDER_COPIES[card.border], wanted - taken)
                    cards[card.name] = copies
                    taken += copies
    return cards


def _fortress_choices() -> list[tuple[str, ...]]:
    fortresses = [c for c in builtin_catalog(KC).cards.values() if c.type == "fortress"]
    singles = [(f.name,) for f in fortresses]
    pairs = [
        (top.name, bottom.name)
        for top in fortresses
        for bottom in fortresses
        if top.factions[0] < bottom.factions[0]
    ]
    return singles + pairs


@pytest.mark.parametrize("names", _fortress_choices(), ids=" + ".join)
def test_the_starter_set_builds_an_advised_legal_deck_for_every_faction_and_pair(names):
    # given every fortress alone and every pair of fortresses of two factions
    catalog = builtin_catalog(KC)
    fortresses = [catalog.by_name(name) for name in names]
    # when a 30-card deck is built from their factions and Mercenary, as the rulebook advises
    cards = advised_deck(fortresses)
    result = run(KC, "constructed", cards, names)
    # then it is legal, follows the advice and plays with the combined fortress
    assert result.valid, result.problems
    assert sum(cards.values()) == 30
    assert {a.code for a in result.advice} == set(), result.advice
    used = {f for name in cards for f in catalog.by_name(name).factions}
    assert used == {*(f.factions[0] for f in fortresses), "mercenary"}
    fortress = result.summary["fortress"]
    assert fortress["hp"] == fortresses[0].stats["hp"]
    assert fortress["gold_per_turn"] == fortresses[-1].stats["gold_per_turn"]


def test_border_limit_counts_every_line_that_names_the_card():
    # "restrict how many of the same named card you can have in your deck": copies written
    # on two lines, once by name and once by identity key, are one card's copies
    lines = [f"{count} {name}" for name, count in IRONHOLD_30.items()]
    text = "Fortress: Ironhold Keep\n" + "\n".join([*lines, "2 Iron Knight", "1 iron-knight"])
    catalog = builtin_catalog(KC)
    result = validate(parse_deck_list(text), get_format(KC, "constructed"), catalog)
    assert [(p.code, p.card, p.count, p.limit) for p in result.problems] == [
        ("copy_limit", "Iron Knight", 3, 2)
    ]
