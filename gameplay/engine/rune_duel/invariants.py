"""Rule-level invariants of a Rune Duel state, checked after every action in the fuzz tests."""

from __future__ import annotations

from typing import Any

from gameplay.engine.rune_duel.battle import card, stats
from gameplay.engine.rune_duel.cards import BODY_TYPES, trumps
from gameplay.engine.rune_duel.flow import FIRST_SUMMONS, HAND_SIZE


def check_invariants(state: dict[str, Any]) -> None:
    """Raise AssertionError saying why if the state breaks an invariant."""
    _check_cards(state)
    _check_life(state)
    _check_line(state)
    _check_duel(state)
    _check_deck_lists(state)
    assert state["summons"] == state["round"] + FIRST_SUMMONS - 1, "summons number off"
    assert (state["phase"] == "over") == (state["outcome"] is not None), "outcome vs phase"
    assert state["phase"] in ("duel", "choose", "discard", "over"), "no decision pending"
    assert (state["phase"] == "choose") == (state["choice"] is not None), "choice vs phase"


def _placed(state: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(seat, zone, card id) for every card in a zone, a task or on the line."""
    placed = []
    for seat, zone in state["zones"].items():
        for name in ("deck", "hand", "discard", "holding"):
            placed += [(seat, name, card_id) for card_id in zone[name]]
    placed += [(str(seat), "duel", card_id) for seat, card_id in state["duel"]]
    tasks = list(state["work"]) + ([state["choice"]["task"]] if state["choice"] else [])
    for task in tasks:
        if task["do"] in ("place", "discard"):
            placed.append((task["card"].partition("-")[0], "work", task["card"]))
    for seat, line in state["line"].items():
        for entry in line:
            if entry is not None:
                placed.append((seat, "line", entry["card"]))
                placed += [(seat, "artifact", a) for a in entry["artifacts"]]
    return placed


def _check_cards(state: dict[str, Any]) -> None:
    placed, cards = _placed(state), state["cards"]
    catalogue = state["catalogue"]
    if len(placed) != len(cards) or len({p[2] for p in placed}) != len(cards):
        raise AssertionError("a card is in no zone or in two zones")
    for seat, zone, card_id in placed:
        assert card_id.startswith(seat + "-"), f"card {card_id} sits in seat {seat}'s {zone}"
        kind = catalogue[cards[card_id]]["type"]
        if zone == "line":
            assert kind in BODY_TYPES, f"{card_id} ({kind}) on the line as a creature"
        elif zone == "artifact":
            assert kind == "artifact", f"{card_id} ({kind}) attached as an artifact"
        elif zone == "holding":
            assert kind in ("artifact", "spell"), f"{card_id} ({kind}) in the holding area"
    for seat, zone in state["zones"].items():
        assert len(zone["hand"]) <= HAND_SIZE, f"seat {seat} holds more than five cards"


def _check_life(state: dict[str, Any]) -> None:
    start = state["options"]["life"]
    for seat, life in state["life"].items():
        expected = start - state["damage_taken"][seat] + state["life_gained"][seat]
        assert life == expected, f"seat {seat}'s life changed other than by damage or gain"
        if state["phase"] != "over":
            assert life > 0, f"seat {seat} is at {life} life but the game goes on"


def _check_line(state: dict[str, Any]) -> None:
    for seat, line in state["line"].items():
        for entry in line:
            if entry is None:
                assert state["phase"] in ("choose", "over"), f"a gap in seat {seat}'s line"
                continue
            health = stats(state, entry)[1]
            assert 0 <= entry["damage"] < health, f"{entry['card']} should be dead or is healed"
            seeker = "carrot_seeker" in card(state, entry["card"])["keywords"]
            assert seeker or len(entry["artifacts"]) <= 1, f"{entry['card']} has two artifacts"


def _check_duel(state: dict[str, Any]) -> None:
    duel = state["duel"]
    for (seat, card_id), (prev_seat, prev_id) in zip(duel[1:], duel, strict=False):
        assert seat != prev_seat, "the same seat played twice in a row in the duel"
        assert trumps(card(state, card_id), card(state, prev_id)), f"{card_id} does not trump"
    if state["phase"] == "duel":
        assert state["turn"] is not None, "a duel with nobody to play"


def _check_deck_lists(state: dict[str, Any]) -> None:
    for seat, pairs in state["deck_lists"].items():
        owned = sum(1 for card_id in state["cards"] if card_id.startswith(seat + "-"))
        assert sum(count for _, count in pairs) == owned, f"seat {seat}'s deck list is off"
