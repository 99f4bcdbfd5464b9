"""Rule-level invariants of a Rune Duel state, checked after every action in the fuzz tests."""

from __future__ import annotations

from gameplay.engine.rune_duel.battle import stats
from gameplay.engine.rune_duel.cards import BODY_TYPES, trumps
from gameplay.engine.rune_duel.flow import FIRST_SUMMONS, HAND_SIZE


def check_invariants(state: dict) -> None:
    """Raise AssertionError saying why if the state breaks an invariant."""
    _check_cards(state)
    _check_life(state)
    _check_line(state)
    _check_duel(state)
    assert state["summons"] == state["round"] + FIRST_SUMMONS - 1, "summons number off"
    assert (state["phase"] == "over") == (state["outcome"] is not None), "outcome vs phase"
    assert state["phase"] in ("duel", "choose", "discard", "over"), "no decision pending"
    assert (state["phase"] == "choose") == (state["choice"] is not None), "choice vs phase"


def _zones(state: dict):
    for seat, zone in state["zones"].items():
        for name in ("deck", "hand", "discard", "holding"):
            for card_id in zone[name]:
                yield seat, name, card_id
    for seat, card_id in state["duel"]:
        yield str(seat), "duel", card_id
    tasks = list(state["work"]) + ([state["choice"]["task"]] if state["choice"] else [])
    for task in tasks:
        if task["do"] in ("place", "discard"):
            yield task["card"].partition("-")[0], "work", task["card"]
    for seat, line in state["line"].items():
        for entry in line:
            if entry is not None:
                yield seat, "line", entry["card"]
                for artifact_id in entry["artifacts"]:
                    yield seat, "artifact", artifact_id


def _check_cards(state: dict) -> None:
    seen = {}
    for seat, zone, card_id in _zones(state):
        assert card_id not in seen, f"card {card_id} is in {seen[card_id]} and {zone}"
        assert card_id.startswith(seat + "-"), f"card {card_id} sits in seat {seat}'s {zone}"
        seen[card_id] = zone
        kind = state["cards"][card_id]["type"]
        if zone == "line":
            assert kind in BODY_TYPES, f"{card_id} ({kind}) on the line as a creature"
        if zone == "artifact":
            assert kind == "artifact", f"{card_id} ({kind}) attached as an artifact"
        if zone == "holding":
            assert kind in ("artifact", "spell"), f"{card_id} ({kind}) in the holding area"
    assert set(seen) == set(state["cards"]), "a card is in no zone"
    for seat, zone in state["zones"].items():
        assert len(zone["hand"]) <= HAND_SIZE, f"seat {seat} holds more than five cards"


def _check_life(state: dict) -> None:
    start = state["options"]["life"]
    for seat, life in state["life"].items():
        expected = start - state["damage_taken"][seat] + state["life_gained"][seat]
        assert life == expected, f"seat {seat}'s life changed other than by damage or gain"
        if state["phase"] != "over":
            assert life > 0, f"seat {seat} is at {life} life but the game goes on"


def _check_line(state: dict) -> None:
    for seat, line in state["line"].items():
        for entry in line:
            if entry is None:
                assert state["phase"] in ("choose", "over"), f"a gap in seat {seat}'s line"
                continue
            health = stats(state, entry)[1]
            assert 0 <= entry["damage"] < health, f"{entry['card']} should be dead or is healed"
            seeker = "carrot_seeker" in state["cards"][entry["card"]]["keywords"]
            assert seeker or len(entry["artifacts"]) <= 1, f"{entry['card']} has two artifacts"


def _check_duel(state: dict) -> None:
    duel, cards = state["duel"], state["cards"]
    for (seat, card_id), (prev_seat, prev_id) in zip(duel[1:], duel, strict=False):
        assert seat != prev_seat, "the same seat played twice in a row in the duel"
        assert trumps(cards[card_id], cards[prev_id]), f"{card_id} does not trump {prev_id}"
    if state["phase"] == "duel":
        assert state["turn"] is not None, "a duel with nobody to play"
