"""Helpers to arrange Combat positions for rules tests (cards are moved, never created)."""

from __future__ import annotations

from gameplay.engine import core
from gameplay.engine.combat import COMBAT, flow

ZONES = ("hands", "soldiers", "farms")


def new(seats: int = 2, seed: int = 1, **options) -> dict:
    """A new Combat game with every hand emptied back into the draw pile(s)."""
    state = core.new_game("combat", seats=seats, options=options, seed=seed)
    for key in list(state["hands"]):
        pile = "shared" if state["mode"] == "shared" else key
        state["draw"][pile][:0] = state["hands"][key]
        state["hands"][key] = []
    return state


def take(state: dict, card: str) -> None:
    """Remove a card from whatever zone holds it."""
    for piles in (state["draw"], state["discard"], state["hands"]):
        for pile in piles.values():
            if card in pile:
                pile.remove(card)
                return
    for zone in ("soldiers", "farms"):
        for entries in state[zone].values():
            for entry in entries:
                if entry[0] == card:
                    entries.remove(entry)
                    return
    raise AssertionError(f"{card} is nowhere")


def hand(state: dict, seat: int, *cards: str) -> None:
    """Put the cards into the seat's hand."""
    for card in cards:
        take(state, card)
        state["hands"][str(seat)].append(card)


def soldiers(state: dict, seat: int, *cards: str, sideways: int = 0) -> None:
    """Put the cards into play as the seat's soldiers."""
    for card in cards:
        take(state, card)
        state["soldiers"][str(seat)].append([card, sideways])


def farms(state: dict, seat: int, count: int, *, cards: tuple[str, ...] = ()) -> None:
    """Give the seat `count` ready farms (taken from the bottom of a draw pile unless named)."""
    chosen = list(cards)
    pile = state["draw"]["shared" if state["mode"] == "shared" else str(seat)]
    chosen += [pile[i] for i in range(count - len(chosen))]
    for card in chosen:
        take(state, card)
        state["farms"][str(seat)].append([card, 0])


def top(state: dict, *cards: str, pile: str = "shared") -> None:
    """Put the cards on top of a draw pile (the last one named is drawn first)."""
    for card in cards:
        take(state, card)
        state["draw"][pile].append(card)


def turn_of(state: dict, seat: int, step: str = "attack") -> None:
    """Make it that seat's side's turn at the start of the step (no combat pending)."""
    unit = next(i for i, seats in enumerate(state["units"]) if seat in seats)
    state["turn"].update(unit=unit, step=step, done=[], farmed=[], number=5)
    state["combat"] = None
    state["pending"] = None
    flow.settle(state)


def act(state: dict, seat: int, action: dict) -> None:
    """Play an action through the engine (legality checked, logged)."""
    core.play(state, seat, action)


def actor(state: dict) -> int | None:
    """The seat that must act now."""
    decision = COMBAT.decision(state)
    return decision.seats[0] if decision.seats else None


def legal(state: dict, seat: int | None = None) -> list:
    """Legal actions of the seat to act (or of the given seat)."""
    return COMBAT.legal_actions(state, actor(state) if seat is None else seat)


def done(state: dict) -> None:
    """The acting seat says done / ends its main step."""
    seat = actor(state)
    options = [a for a in legal(state) if a["type"] in ("done", "end")]
    act(state, seat, options[0])


def blocked_attack(state: dict, attacker: str, blocker: str) -> None:
    """Seat 0's soldier `attacker` attacks seat 1, whose soldier `blocker` blocks it (both put
    on the table first, at seat 0's attack step)."""
    soldiers(state, 0, attacker)
    soldiers(state, 1, blocker)
    turn_of(state, 0, "attack")
    act(state, 0, {"type": "attack", "card": attacker, "target": 1})
    act(state, 1, {"type": "block", "card": blocker, "attacker": attacker})
