"""Starting the game (manual, "Starting the Game" 1-4, "Game Zones", "Fortress")."""

from __future__ import annotations

import pytest

from gameplay.engine import core
from gameplay.engine.kingdom_combat import KINGDOM_COMBAT as KC
from gameplay.engine.kingdom_combat import cards, setup, zones

from .helpers import ASH, IRON, act, deck, legal, new, skip_setup, to_hand, types


def test_fortress_starts_in_play_with_its_printed_stats():
    # given a fresh game with an Ironhold Keep and an Ashen Warcamp deck
    state = new()
    # then each fortress is in play with its HP and gold lines
    keep = state["players"]["0"]["fortress"]
    camp = state["players"]["1"]["fortress"]
    assert (keep["hp"], keep["starting_gold"], keep["gold_per_turn"]) == (30, 6, 3)
    assert (camp["hp"], camp["starting_gold"], camp["gold_per_turn"]) == (22, 5, 4)


def test_dual_faction_fortress_takes_top_hp_and_bottom_gold_lines_as_the_deck_rules_do():
    # given Ironhold Keep stacked on Moonwell Sanctum (the starter "Iron Forest Alliance")
    alliance = next(d for d in cards.starter_decks() if len(d["fortresses"]) == 2)
    state = new(decks=[alliance, ASH])
    fortress = state["players"]["0"]["fortress"]
    # then HP is the top card's (30), the gold lines the bottom card's (6 / 4)
    assert (fortress["hp"], fortress["starting_gold"], fortress["gold_per_turn"]) == (30, 6, 4)
    assert fortress["factions"] == ["ironhold", "sylvan"]


def test_cards_are_read_from_the_decks_apps_starter_set():
    # the engine's catalogue is the decks app's data (no copy): every card, same numbers
    from decks.legality import builtin_catalog

    catalogue = builtin_catalog("kingdom-combat")
    assert set(cards.catalogue()) == set(catalogue.cards)
    for key, info in catalogue.cards.items():
        assert cards.card(key)["cost"] == (info.cost or 0)
        assert cards.card(key)["stats"] == dict(info.stats)


def test_garrison_offers_only_units_of_cost_one_or_more_within_the_starting_gold():
    # given seat 1 hiring with Ironhold Keep's 6 starting gold
    state = new()
    offered = {a["card"] for a in legal(state) if a["type"] == "hire"}
    # then every offered card is a unit in the deck costing 1..6, and no structure or action
    assert offered == {"ironhold-footman", "shieldwall-sergeant", "iron-knight", "veteran-knight"}
    # when it hires a Veteran Knight (5): only 1 gold is left, so only the Footman (1) remains
    act(state, {"type": "hire", "card": "veteran-knight"})
    assert {a["card"] for a in legal(state) if a["type"] == "hire"} == {"ironhold-footman"}


def test_garrison_never_offers_a_zero_cost_unit(monkeypatch):
    # given a unit that costs 0 (no starter unit does: the card is patched)
    printed = dict(cards.card("ironhold-footman"), cost=0)
    original = cards.card
    monkeypatch.setattr(
        setup.cards, "card", lambda k: printed if k == "ironhold-footman" else original(k)
    )
    state = new()
    # then it is not offered for the Starting Garrison
    assert "ironhold-footman" not in {a.get("card") for a in legal(state)}


def test_hired_units_come_from_the_deck_face_down_and_are_hidden_from_opponents():
    # given seat 1 hires two units
    state = new()
    act(state, {"type": "hire", "card": "iron-knight"})
    act(state, {"type": "hire", "card": "ironhold-footman"})
    hired = list(state["units"])
    # then they left the deck and stand face down at the Fortress
    assert len(state["players"]["0"]["deck"]) == 20 - 2
    assert all(state["units"][u]["face_down"] for u in hired)
    assert {state["units"][u]["zone"] for u in hired} == {"F0"}
    # and the opponent and spectators see only how many there are, not which
    for viewer in (1, None):
        seen = KC.view(state, viewer)
        assert seen["face_down"] == {"0": 2}
        assert not set(hired) & set(core.to_json(seen).split('"'))
        assert "gold" not in seen["setup"]
    # while their owner sees them
    assert set(KC.view(state, 0)["units"]) == set(hired)


def test_unspent_starting_gold_is_lost():
    # given seat 1 hires nothing and everyone keeps
    state = skip_setup(new())
    first = state["first"]
    # then the first turn's gold is exactly the fortress income
    me = state["players"][str(first)]
    assert me["gold"] == me["fortress"]["gold_per_turn"]


def test_after_the_garrison_decks_are_shuffled_hands_of_seven_and_garrisons_flip_face_up():
    # given both seats hire
    state = new()
    act(state, {"type": "hire", "card": "iron-knight"}, 0)
    act(state, {"type": "done"}, 0)
    act(state, {"type": "hire", "card": "warg-rider"}, 1)
    act(state, {"type": "done"}, 1)
    # then the hands are dealt and the garrisons are face up, Active, at the Fortress
    assert state["phase"] == "mulligan"
    assert [len(state["players"][s]["hand"]) for s in "01"] == [7, 7]
    for unit in state["units"].values():
        assert not unit["face_down"]
        assert not unit["exhausted"]
        assert unit["zone"] == zones.fortress_zone(unit["seat"])
    labels = [e["chance"] for e in state["events"] if "chance" in e]
    assert labels[:2] == ["shuffle 0", "shuffle 1"]


@pytest.mark.parametrize(("mulligans", "first_turn_gold"), [(0, 3), (1, 3), (2, 2), (3, 1)])
def test_mulligan_ladder_first_free_then_one_gold_each(mulligans, first_turn_gold):
    # given Ironhold Keep (3 gold a turn) mulligans that many times, opponent keeps
    state = new()
    for seat in (0, 1):
        act(state, {"type": "done"}, seat)
    for _ in range(mulligans):
        act(state, {"type": "mulligan"}, 0)
        assert len(state["players"]["0"]["hand"]) == 7
    act(state, {"type": "keep"}, 0)
    act(state, {"type": "keep"}, 1)
    # then its first turn's fortress income is reduced by every mulligan after the first
    assert state["players"]["0"]["penalty"] == max(0, mulligans - 1)
    if state["turn"]["seat"] != 0:  # seat 2 went first: play to seat 1's first turn
        act(state, {"type": "combat"})
        act(state, {"type": "end"})
    assert state["players"]["0"]["gold"] == first_turn_gold


def test_no_more_mulligans_than_the_fortress_produces_gold():
    # given Ironhold Keep produces 3: after three mulligans the hand must be kept
    state = new()
    for seat in (0, 1):
        act(state, {"type": "done"}, seat)
    for _ in range(3):
        assert "mulligan" in types(legal(state))
        act(state, {"type": "mulligan"}, 0)
    assert types(legal(state)) == {"keep"}
    assert KC.why_illegal(state, 0, {"type": "mulligan"}).startswith("You cannot mulligan")


def test_first_player_is_a_seeded_coin_flip_after_the_mulligans():
    firsts = set()
    for seed in range(12):
        state = skip_setup(new(seed=seed))
        labels = [e.get("chance") or e.get("e") for e in state["events"]]
        # the coin is flipped after every keep
        assert labels.index("first player") > max(i for i, x in enumerate(labels) if x == "keep")
        firsts.add(state["first"])
        # and the same seed flips the same way
        assert skip_setup(new(seed=seed))["first"] == state["first"]
    assert firsts == {0, 1}


def test_first_player_skips_the_first_draw_the_others_draw():
    state = skip_setup(new(seed=3))
    first = state["first"]
    assert len(state["players"][str(first)]["hand"]) == 7
    act(state, {"type": "combat"})
    act(state, {"type": "end"})
    other = state["turn"]["seat"]
    assert other != first
    assert len(state["players"][str(other)]["hand"]) == 8


def test_three_players_hire_and_mulligan_in_seat_order():
    state = new(seats=3)
    assert KC.decision(state).seats == (0,)
    for seat in range(3):
        assert KC.decision(state).seats == (seat,)
        act(state, {"type": "done"}, seat)
    for seat in range(3):
        assert KC.decision(state).seats == (seat,)
        act(state, {"type": "keep"}, seat)
    assert state["phase"] == "turn"


def test_a_deck_without_a_fortress_is_refused_with_a_reason():
    bad = deck([], {"Ironhold Footman": 10})
    with pytest.raises(core.EngineError, match="needs one fortress"):
        new(decks=[bad, IRON])
    with pytest.raises(core.EngineError, match="cannot be in a main deck"):
        new(decks=[deck(["Ironhold Keep"], {"Levy Militia": 10}), IRON])


def test_no_card_is_played_before_the_first_turn():
    # a card from the opening hand (even a free one) waits for the first turn: refused with
    # a reason while the hands are kept
    state = new()
    for seat in (0, 1):
        act(state, {"type": "done"}, seat)
    market = to_hand(state, 0, "market-day")  # costs 0
    with pytest.raises(core.IllegalAction, match="on your own turn"):
        KC.apply(state, 0, {"type": "play", "card": market})


@pytest.mark.parametrize("version", ["2", "3"])
def test_a_log_replays_under_its_own_rules_version_and_version_1_is_refused_by_name(version):
    # given a game's log written by rules version 3 or 2, and the same log marked version 1
    state = core.new_game("kingdom-combat", seats=2, seed=3, version=version)
    for _ in range(12):
        seat = KC.decision(state).seats[0]
        core.play(state, seat, KC.legal_actions(state, seat)[0])
    log = core.game_log(state)
    # then it replays to the same state under its version, and version 1 is refused by name
    assert log["version"] == version
    assert core.state_hash(core.replay(log)) == core.state_hash(state)
    with pytest.raises(core.EngineError, match="version 1, the engine has version 3"):
        core.replay({**log, "version": "1"})
