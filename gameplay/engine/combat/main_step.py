"""The main step: soldiers, court cards, one farm per turn, special abilities, and the 2's edict."""

from __future__ import annotations

from typing import Any

from gameplay.engine.combat import zones
from gameplay.engine.combat.cards import (
    SPECIAL_COST,
    court_cost,
    has_special,
    is_court,
    rank_of,
    suit_of,
)


def main_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Every card play the seat can make now, then "end"."""
    context = _context(state, seat)
    actions = []
    for card in state["hands"][str(seat)]:
        actions.extend(_card_actions(state, seat, card, context))
    actions.append({"type": "end"})
    return actions


def is_legal_main(state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    """Whether a main-step action is legal (checks only the card it names: fast)."""
    if action == {"type": "end"}:
        return True
    card = action.get("card") if isinstance(action, dict) else None
    if not isinstance(card, str) or card not in state["hands"][str(seat)]:
        return False
    if len(action) == 2:  # the common plays, checked directly
        if action["type"] == "soldier":
            return not is_court(card)
        if action["type"] == "farm":
            return seat not in state["turn"]["farmed"]
    return action in _card_actions(state, seat, card, _context(state, seat))


def _context(state: dict[str, Any], seat: int) -> tuple[int, set[str], bool]:
    ready = len(zones.ready_farms(state, seat))
    return ready, zones.controlled_suits(state, seat), seat not in state["turn"]["farmed"]


def _card_actions(
    state: dict[str, Any], seat: int, card: str, context: tuple[int, set[str], bool]
) -> list[dict[str, Any]]:
    ready, suits, can_farm = context
    actions = []
    if is_court(card):
        if ready >= court_cost(card) and suit_of(card) in suits:
            actions.append({"type": "court", "card": card})
    else:
        actions.append({"type": "soldier", "card": card})
    if ready >= SPECIAL_COST and has_special(card):
        suit = suit_of(card)
        if suit is None or suit in suits:
            actions.extend(_special_actions(state, seat, card))
    if can_farm:
        actions.append({"type": "farm", "card": card})
    return actions


def has_play(state: dict[str, Any], seat: int) -> bool:
    """Whether the seat can do anything but end its main step (cheap test first)."""
    hand = state["hands"][str(seat)]
    if not hand:
        return False
    if seat not in state["turn"]["farmed"] or any(not is_court(c) for c in hand):
        return True
    return len(main_actions(state, seat)) > 1


def _special_actions(state: dict[str, Any], seat: int, card: str) -> list[dict[str, Any]]:
    rank = rank_of(card)
    if rank == "A":
        return [{"type": "special", "card": card}]
    if rank == "3":
        return [
            {"type": "special", "card": card, "target": soldier}
            for key in sorted(state["soldiers"], key=int)
            for soldier, _ in state["soldiers"][key]
        ]
    opponents = [o for o in zones.opponents(state, seat) if state["soldiers"][str(o)]]
    if rank == "2":
        return [{"type": "special", "card": card, "opponent": o} for o in opponents]
    return [  # Joker
        {"type": "special", "card": card, "target": soldier}
        for o in opponents
        for soldier, _ in state["soldiers"][str(o)]
    ]


def apply_main(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    """Carry out a legal main-step action (legality checked by the caller)."""
    kind = action["type"]
    if kind == "end":
        state["turn"]["done"].append(seat)
        return
    card = action["card"]
    state["hands"][str(seat)].remove(card)
    if kind == "soldier":
        state["soldiers"][str(seat)].append([card, 0])
        zones.event(state, "soldier", seat=seat, card=card)
    elif kind == "court":
        zones.pay(state, seat, court_cost(card))
        state["soldiers"][str(seat)].append([card, 0])
        zones.event(state, "court", seat=seat, card=card)
    elif kind == "farm":
        state["farms"][str(seat)].append([card, 0])
        state["turn"]["farmed"].append(seat)
        zones.event(state, "farm", seat=seat)  # face down: the card stays secret
    else:
        zones.pay(state, seat, SPECIAL_COST)
        zones.event(state, "special", seat=seat, **action)
        _resolve_special(state, seat, action)
        zones.discard(state, card)  # ruling R24: the ability resolves, then the card is discarded


def _resolve_special(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    rank = rank_of(action["card"])
    if rank == "A":
        zones.draw(state, seat)
        zones.draw(state, seat)
    elif rank == "3":
        zones.destroy(state, action["target"])
    elif rank == "JK":
        _owner, entry = zones.remove_soldier(state, action["target"])
        state["soldiers"][str(seat)].append(entry)  # keeps its sideways state
    else:
        opponent = action["opponent"]
        soldiers = state["soldiers"][str(opponent)]
        if len(soldiers) <= 2:
            for card, _ in list(soldiers):
                zones.destroy(state, card)
        else:
            state["pending"] = {"seat": opponent, "left": 2, "by": seat}


def edict_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The 2's victim destroys one of its own soldiers (twice)."""
    return [{"type": "destroy", "card": card} for card, _ in state["soldiers"][str(seat)]]


def apply_edict(state: dict[str, Any], card: str) -> None:
    """Destroy the chosen soldier; the edict ends after the second one."""
    zones.destroy(state, card)
    zones.event(state, "destroyed", card=card)
    pending = state["pending"]
    pending["left"] -= 1
    if pending["left"] == 0:
        state["pending"] = None
