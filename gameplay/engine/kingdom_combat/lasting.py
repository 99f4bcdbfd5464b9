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


class InPlay:
    """One scan of the cards in play, and lists derived from it as they are asked for."""

    __slots__ = ("derived", "ranges", "scan")

    def __init__(self, scan: Scan):
        self.scan = scan
        self.derived: dict[tuple[str, str | None], list[Item]] = {}
        self.ranges: tuple[Given | None, tuple[Any, ...]] = (None, ())

    def range_sources(self, given: Given) -> tuple[Any, ...]:
        """What changes units' printed ranges, with what `given` gives: (what this turn's
        effects and attachments add per unit, the auras, the "gets Ranged N" floors), or ()
        when nothing does; kept for the last `given` asked with."""
        kept, sources = self.ranges
        if kept is not given:
            adds = given.adds("range")
            auras = self.auras("range")
            grants = self.effects("static", "grant_range")
            sources = (adds, auras, grants) if adds or auras or grants else ()
            self.ranges = (given, sources)
        return sources

    def effects(self, when: str, op: str | None) -> list[Item]:
        """(source, controlling seat, effect) of every card in play with an effect applying at
        that moment of LASTING, with that op (None: any). Shared: never change it."""
        found = self.derived.get((when, op))
        if found is None:
            found = self.scan[when]
            if op is not None:
                found = [item for item in found if item[2]["op"] == op]
            self.derived[(when, op)] = found
        return found

    def auras(self, name: str) -> list[Item]:
        """The static "modify" effects that change that stat of the units they cover (not
        those that count only against fortress attackers). Shared: never change it."""
        found = self.derived.get(("aura", name))
        if found is None:
            modify = self.effects("static", "modify")
            found = [item for item in modify if name in item[2] and "against" not in item[2]]
            self.derived[("aura", name)] = found
        return found


class _Kept(threading.local):
    """The last scan, with the game's card table (held, so its id is not reused) and what
    was in play."""

    table: dict[str, str] | None = None
    in_play: tuple[Any, ...] = ()
    scan: InPlay | None = None


_kept = _Kept()


def in_play(state: dict[str, Any]) -> InPlay:
    """The lasting effects of the cards in play now: the kept scan while it still holds."""
    table = state["cards"]
    now = (tuple(state["out"]), tuple(state["structures"]), tuple(state["units"]))
    kept = _kept
    if kept.table is table and kept.in_play == now and kept.scan is not None:
        return kept.scan
    scan = InPlay(_scan(state))
    turns = state["phase"] == "turn"
    kept.table, kept.in_play, kept.scan = (table, now, scan) if turns else (None, (), None)
    return scan


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


# --- what this turn's effects and the attachments give ----------------------------------------
# state["effects"] (until end of turn) and state["attached"] change still less often than the
# cards in play; what they give is kept while the same game has the same effects (each effect
# is a dict that is never changed once made) and the same attachments.


class Given:
    """Per unit, what this turn's effects and its Abilities and Equipment give it."""

    __slots__ = ("_adds", "attached", "attachments", "effects", "keys", "skills")

    def __init__(
        self,
        keys: dict[str, str],
        effects: tuple[dict[str, Any], ...],
        attached: tuple[tuple[str, str], ...],
    ):
        self.keys, self.effects, self.attached = keys, effects, attached
        self.skills: dict[str, set[str]] = {}  # unit id: skills granted
        self.attachments: dict[str, list[str]] = {}  # unit id: cards attached, in order
        self._adds: dict[str, dict[str, int]] = {}
        for e in effects:
            if e.get("unit") is not None and e.get("skill") is not None:
                self.skills.setdefault(e["unit"], set()).add(e["skill"])
        for cid, uid in attached:
            self.attachments.setdefault(uid, []).append(cid)
            for e in cards.effects_of(keys[cid], "attached"):
                if e.get("skill") is not None:
                    self.skills.setdefault(uid, set()).add(e["skill"])

    def adds(self, name: str) -> dict[str, int]:
        """{unit id: what this turn's effects and its attachments add to the stat}."""
        found = self._adds.get(name)
        if found is None:
            found = self._adds[name] = {}
            for effect in self.effects:
                uid = effect.get("unit")
                if uid is not None and name in effect:
                    found[uid] = found.get(uid, 0) + effect[name]
            for cid, uid in self.attached:
                for effect in cards.effects_of(self.keys[cid], "attached"):
                    if effect["op"] == "modify" and name in effect:
                        found[uid] = found.get(uid, 0) + effect[name]
        return found


class _KeptGiven(threading.local):
    given: Given | None = None


_kept_given = _KeptGiven()


def given(state: dict[str, Any]) -> Given:
    """What this turn's effects and the attachments give now: the kept one while it holds."""
    keys = state["cards"]
    effects, attached = tuple(state["effects"]), tuple(state["attached"].items())
    kept = _kept_given.given
    if (
        kept is not None
        and kept.keys is keys
        and kept.effects == effects
        and kept.attached == attached
    ):
        return kept
    kept = _kept_given.given = Given(keys, effects, attached)
    return kept
