"""The lasting effects of the cards in play: static auras and cost reductions, activated
abilities and "when a unit you control destroys a structure" triggers (ruling K37: both cards
of a stacked fortress pair), of living fortresses, structures and face-up units.

Listing legal actions asks for them at nearly every step, yet they only change when a card
enters or leaves play or a seat is out. So one scan is kept between calls while the same game
(the same `state["cards"]` table) has the same seats out and the same structures and units in
play, compared by their ids (an id names one physical card of a game, and a unit or structure
never changes controller). During the garrison hire units are face down and count for
nothing; the scan is kept only once the turns have begun, when no unit in play is face down.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

from gameplay.engine.kingdom_combat import cards

LASTING = ("static", "activated", "destroys_structure")
Item = tuple[str, int, dict[str, Any]]  # (source, controlling seat, effect)
Scan = dict[str, list[Item]]  # moment of LASTING -> its effects in play


def fortress_source(seat: int) -> str:
    """The id a fortress's effects act from (a fortress is not a card id in play)."""
    return f"fortress-{seat}"


class _Kept(threading.local):
    """The last scan: the game's card table (held, so its id is not reused), what was in play,
    the scan, and lists derived from it (by op, by stat)."""

    table: dict[str, str] | None = None
    in_play: tuple[Any, ...] = ()
    scan: Scan = {}
    derived: dict[tuple[str, str | None], list[Item]] = {}


_kept = _Kept()


def static_effects(state: dict[str, Any], op: str | None, when: str = "static") -> list[Item]:
    """(source, controlling seat, effect) of every card in play with an effect applying at
    that moment of LASTING, with that op (None: any). The list is shared: never change it."""
    derived = _kept_scan(state)
    found = derived.get((when, op))
    if found is None:
        found = _kept.scan[when]
        if op is not None:
            found = [item for item in found if item[2]["op"] == op]
        derived[(when, op)] = found
    return found


def auras(state: dict[str, Any], name: str) -> list[Item]:
    """The static "modify" effects in play that change that stat of the units they cover
    (not those that count only against fortress attackers). Shared: never change it."""
    derived = _kept_scan(state)
    found = derived.get(("aura", name))
    if found is None:
        modify = static_effects(state, "modify")
        found = [item for item in modify if name in item[2] and "against" not in item[2]]
        derived[("aura", name)] = found
    return found


def _kept_scan(state: dict[str, Any]) -> dict[tuple[str, str | None], list[Item]]:
    """Make _kept.scan the scan of the cards in play now; returns its derived lists."""
    table = state["cards"]
    in_play = (tuple(state["out"]), tuple(state["structures"]), tuple(state["units"]))
    kept = _kept
    if kept.table is not table or kept.in_play != in_play or state["phase"] != "turn":
        kept.table, kept.in_play, kept.derived = None, (), {}
        kept.scan = _scan(state)
        if state["phase"] == "turn":
            kept.table, kept.in_play = table, in_play
    return kept.derived


def _scan(state: dict[str, Any]) -> Scan:
    """Every moment of LASTING in one pass over the cards in play."""
    out: Scan = {"static": [], "activated": [], "destroys_structure": []}
    out_seats = state["out"]
    for key, me in state["players"].items():
        seat = int(key)
        if not out_seats[seat]:
            for when, item in _fortress_lasting(tuple(me["fortress"]["cards"]), seat):
                out[when].append(item)
    keys, wanted = state["cards"], cards.keys_with_any(LASTING)
    for group in (state["structures"], state["units"]):
        for cid in [cid for cid in group if keys[cid] in wanted]:
            thing = group[cid]
            if not thing.get("face_down"):
                for when, effect in _lasting_of(keys[cid]):
                    out[when].append((cid, thing["seat"], effect))
    return out


@lru_cache(maxsize=256)
def _fortress_lasting(forts: tuple[str, ...], seat: int) -> tuple[tuple[str, Item], ...]:
    source = fortress_source(seat)
    return tuple(
        (when, (source, seat, e))
        for when in LASTING
        for fort in forts
        for e in cards.effects_of(fort, when)
    )


@lru_cache(maxsize=4096)
def _lasting_of(key: str) -> tuple[tuple[str, dict[str, Any]], ...]:
    return tuple((when, e) for when in LASTING for e in cards.effects_of(key, when))
