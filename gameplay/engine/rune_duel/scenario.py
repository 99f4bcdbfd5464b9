"""Build Rune Duel positions by hand: for rules tests, examples and benchmarks.

    state = scenario.build(hands=[[creature("A", 1, 1, 2, 2)], [spell("S", 1, 2, "damage")]])

Each seat's cards get ids in the order hand, deck, holding, line (creature, then its
artifacts); the deck lists are whatever was placed. The state is ready for the duel, with
`leader` to play first.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from gameplay.engine.core import base_state, validate_options
from gameplay.engine.rune_duel import flow, setup
from gameplay.engine.rune_duel.battle import card, new_entry
from gameplay.engine.rune_duel.cards import build_catalogue, normalize_card


def creature(
    name: str,
    rank: int,
    rune: int,
    attack: int,
    life: int,
    *keywords: str,
    regeneration: int | None = None,
    effects: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    """A creature card dict in the card-set shape."""
    stats: dict[str, int] = {"rank": rank, "rune": rune, "attack": attack, "life": life}
    if regeneration is not None:
        stats["regeneration"] = regeneration
    card = {"name": name, "type": "creature", "stats": stats, "keywords": list(keywords)}
    return {**card, "effects": list(effects)}


def warlord(
    name: str, rank: int, rune: int, attack: int, life: int, *keywords: str
) -> dict[str, Any]:
    """A warlord card dict."""
    return {**creature(name, rank, rune, attack, life, *keywords), "type": "warlord"}


def artifact(
    name: str, rank: int, rune: int, attack: int = 0, life: int = 0, *keywords: str
) -> dict[str, Any]:
    """An artifact card dict giving +attack/+life (and keywords) to its creature."""
    stats = {"rank": rank, "rune": rune, "attack": attack, "life": life}
    return {"name": name, "type": "artifact", "stats": stats, "keywords": list(keywords)}


def spell(
    name: str,
    rank: int,
    rune: int,
    op: str = "damage",
    target: str = "creature",
    amount: int = 2,
    **extra: object,
) -> dict[str, Any]:
    """A spell card dict with one effect."""
    effect = {"op": op, "target": target, **extra}
    if op != "buff":
        effect["amount"] = amount
    return {
        "name": name,
        "type": "spell",
        "stats": {"rank": rank, "rune": rune},
        "effects": [effect],
    }


def build(
    *,
    hands: Sequence[Sequence[Any]] = ((), ()),
    decks: Sequence[Sequence[Any]] = ((), ()),
    lines: Sequence[Sequence[Any]] = ((), ()),
    holding: Sequence[Sequence[Any]] = ((), ()),
    life: int = 20,
    summons: int = 3,
    leader: int = 0,
    seed: int = 0,
    round_limit: int = 100,
) -> dict[str, Any]:
    """A state at the start of a duel with exactly these cards in these places."""
    from gameplay.engine.rune_duel import RUNE_DUEL  # the package imports this module's siblings

    ruleset = RUNE_DUEL
    options = validate_options(ruleset, {"life": life, "round_limit": round_limit})
    state = base_state(ruleset, seats=2, options=options, seed=seed)
    state.update(setup.table(life, summons, leader))
    seats = [
        _seat(state, seat, hands[seat], decks[seat], lines[seat], holding[seat]) for seat in (0, 1)
    ]
    state.update(build_catalogue(seats))
    flow.settle(state)
    return state


def _seat(
    state: dict[str, Any],
    seat: int,
    hand: Sequence[Any],
    deck: Sequence[Any],
    line: Sequence[Any],
    holding: Sequence[Any],
) -> list[tuple[str, dict[str, Any]]]:
    cards: list[tuple[str, dict[str, Any]]] = []

    def add(raw: object) -> str:
        card_id = f"{seat}-{len(cards)}"
        cards.append((card_id, normalize_card(raw)))
        return card_id

    zone = {"hand": [add(c) for c in hand], "deck": [add(c) for c in deck]}
    zone.update({"discard": [], "holding": [add(c) for c in holding]})
    for item in line:
        body, *artifacts = item if isinstance(item, (list, tuple)) else (item,)
        entry = new_entry(add(body))
        entry["artifacts"] = [add(a) for a in artifacts]
        state["line"][str(seat)].append(entry)
    state["zones"][str(seat)] = zone
    return cards


def ids(state: dict[str, Any], seat: int, zone: str = "hand") -> list[str]:
    """The card ids in a seat's zone."""
    return list(state["zones"][str(seat)][zone])


def names(state: dict[str, Any], card_ids: Iterable[str]) -> list[str]:
    """Card names of a list of ids."""
    return [card(state, card_id)["name"] for card_id in card_ids]


def line_names(state: dict[str, Any], seat: int) -> list[str | None]:
    """The names on a seat's battle line, slot by slot (None for a gap)."""
    return [
        None if entry is None else card(state, entry["card"])["name"]
        for entry in state["line"][str(seat)]
    ]
