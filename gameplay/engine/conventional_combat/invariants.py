"""Rule-level invariants of a Conventional Combat state, checked after every fuzz-test action."""

from __future__ import annotations

from typing import Any

from gameplay.engine.conventional_combat.setup import DEFEATS_TO_SURRENDER, SEATS


def check_invariants(state: dict[str, Any]) -> None:
    """Every card in exactly one zone; forces of legal kinds in each slot; a reason to end."""
    for seat in SEATS:
        player = state["players"][seat]
        zones = list(player["hand"]) + player["discard"] + player["used"]
        zones += [player[k] for k in ("fighter", "supporter", "action") if player[k]]
        owned = sorted(c for c in state["cards"] if c.startswith(seat + "."))
        if sorted(zones) != owned:
            raise AssertionError(
                f"Conventional Combat: seat {seat}'s cards are not each in one zone."
            )
        for slot, kind in (
            ("fighter", "character"),
            ("supporter", "character"),
            ("action", "action"),
        ):
            if player[slot] and state["cards"][player[slot]]["kind"] != kind:
                raise AssertionError(f"Conventional Combat: seat {seat}'s {slot} is not a {kind}.")
        if any(state["cards"][c]["kind"] != "character" for c in player["discard"]):
            raise AssertionError(f"Conventional Combat: seat {seat} discarded a non-character.")
        if len(player["discard"]) > DEFEATS_TO_SURRENDER:
            raise AssertionError(f"Conventional Combat: seat {seat} lost too many characters.")
    if state["phase"] == "over" and (state["winner"] is None or state["end"] is None):
        raise AssertionError("Conventional Combat: the game is over without a winner.")
    if state["phase"] != "over" and not state["waiting"]:
        raise AssertionError("Conventional Combat: nobody is asked to choose.")
