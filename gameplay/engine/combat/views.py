"""What a seat may see, and sampling a full state back from what it sees (for bots).

Hidden: other seats' hands (shown as counts), every draw pile (counts), other seats' farms
(face down: only whether each is sideways), in own-deck formats the other decks' lists, and the
game's seed (it would let a player recompute every shuffle).
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Callable
from typing import Any

from gameplay.engine.combat import cards
from gameplay.engine.core import clone

HIDDEN = "?"
RECENT_EVENTS = 40
PUBLIC_KEYS = (
    "ruleset",
    "version",
    "seats",
    "mode",
    "teams",
    "team_of",
    "units",
    "holder",
    "start_life",
    "life",
    "damage_taken",
    "out",
    "discard",
    "soldiers",
    "turn",
    "combat",
    "pending",
    "first_damage",
    "winners",
    "end",
)


def view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The state as that seat sees it (None: a spectator, who sees no hand)."""
    me = None if seat is None else str(seat)
    out = clone({key: state[key] for key in PUBLIC_KEYS})
    out["viewer"] = seat
    out["events"] = clone(state["events"][-RECENT_EVENTS:])
    out["event_count"] = len(state["events"])
    out["hands"] = {k: (list(v) if k == me else len(v)) for k, v in state["hands"].items()}
    out["draw"] = {k: len(v) for k, v in state["draw"].items()}
    out["farms"] = {
        k: ([list(f) for f in v] if k == me else [[HIDDEN, f[1]] for f in v])
        for k, v in state["farms"].items()
    }
    out["options"] = dict(state["options"])
    decks = state["options"].get("decks")
    if decks is not None:
        out["options"]["decks"] = [d if str(i) == me else None for i, d in enumerate(decks)]
    out["owner"] = _visible_owners(state, out, me)
    return out


def _visible_owners(state: dict[str, Any], out: dict[str, Any], me: str | None) -> dict[str, Any]:
    if state["mode"] == "shared":
        return {}
    seen = {c for pile in out["discard"].values() for c in pile}
    seen.update(c for soldiers in out["soldiers"].values() for c, _ in soldiers)
    if me is not None:
        seen.update(c for c, owner in state["owner"].items() if str(owner) == me)
    return {c: state["owner"][c] for c in sorted(seen)}


def hidden_cards(state: dict[str, Any], seat: int | None) -> set[str]:
    """Card ids the seat must not see: others' hands and farms, and the draw piles.

    In own-deck formats a seat knows its own deck list (not the order), so its own draw pile's
    ids are not secret from it.
    """
    me = None if seat is None else str(seat)
    hidden = {c for key, pile in state["draw"].items() if key != me for c in pile}
    for key, hand in state["hands"].items():
        if key != me:
            hidden.update(hand)
    for key, farms in state["farms"].items():
        if key != me:
            hidden.update(c for c, _ in farms)
    return hidden


def determinize(view_: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """A full state consistent with the seat's view, hidden cards dealt at random."""
    state = clone(view_)
    state["events"] = []
    # the real seed would reveal every shuffle: simulations get a sampled one
    state["seed"] = rng.getrandbits(62)
    state["chance_count"] = 0
    if state["mode"] == "shared":
        _fill_shared(state, seat, rng)
    else:
        _fill_own(state, seat, rng)
    return state


def _visible(state: dict[str, Any]) -> set[str]:
    seen = {c for pile in state["discard"].values() for c in pile}
    seen.update(c for soldiers in state["soldiers"].values() for c, _ in soldiers)
    seen.update(c for farms in state["farms"].values() for c, _ in farms if c != HIDDEN)
    for hand in state["hands"].values():
        if isinstance(hand, list):
            seen.update(hand)
    return seen


def _fill_shared(state: dict[str, Any], seat: int, rng: random.Random) -> None:
    options = state["options"]
    codes = cards.standard_deck(options["jokers"]) * ((state["seats"] + 1) // 2)
    everything = cards.assign_ids(codes, {})
    seen = _visible(state)
    unseen = [c for c in everything if c not in seen]
    rng.shuffle(unseen)
    _deal(state, seat, unseen, lambda key: True)
    state["cards"] = sorted(everything)


def _fill_own(state: dict[str, Any], seat: int, rng: random.Random) -> None:
    seen = _visible(state)
    pools: dict[str, list[str]] = {}
    for key in state["hands"]:
        owned = [c for c, o in state["owner"].items() if str(o) == key and c not in seen]
        if key != str(seat):
            owned = _guess_unseen(state, key, seen, rng)
        rng.shuffle(owned)
        pools[key] = owned
    for key, pool in pools.items():
        _deal(state, seat, pool, functools.partial(operator.eq, key))
    state["cards"] = sorted(_visible(state) | {c for p in state["draw"].values() for c in p})


def _guess_unseen(state: dict[str, Any], key: str, seen: set[str], rng: random.Random) -> list[str]:
    """Plausible ids for an opponent's unseen cards (its deck list is secret)."""
    need = state["hands"][key] if isinstance(state["hands"][key], int) else 0
    need += state["draw"].get(key, 0) + len([f for f in state["farms"][key] if f[0] == HIDDEN])
    template = cards.standard_deck(2)
    rng.shuffle(template)
    guesses = []
    for n in range(need):
        code = template[n % len(template)]
        guesses.append(f"{code}/g{key}x{n}")
    for card in guesses:
        state["owner"][card] = int(key)
    return guesses


def _deal(state: dict[str, Any], seat: int, pool: list[str], mine: Callable[[str], bool]) -> None:
    """Fill hidden hands, farms and draw piles whose key passes `mine` from the pool."""
    for key, hand in state["hands"].items():
        if isinstance(hand, int) and mine(key):
            state["hands"][key] = [pool.pop() for _ in range(hand)]
    for key, farms in state["farms"].items():
        if mine(key):
            for farm in farms:
                if farm[0] == HIDDEN:
                    farm[0] = pool.pop()
    for key, count in list(state["draw"].items()):
        if isinstance(count, int) and mine(key):
            state["draw"][key] = [pool.pop() for _ in range(count)]
