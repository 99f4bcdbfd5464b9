"""The stack (manual, "Playing Events & Dirty Tricks", "Understanding the Stack") and the
response windows (ruling K46).

Playing an Event or a Dirty Trick, or a Ranged shot, pays at once (gold; the shooter exhausts)
and puts it on the stack. Then the other living seats, clockwise from the one who added it, may
each answer with a Dirty Trick or a shot (which goes on top and asks the others again) or pass.
When everyone asked has passed, the whole stack resolves last-in-first-out, each card to its
owner's discard pile once its instructions are carried out. A seat with no possible answer is
not asked; a seat may also pass for the rest of the turn ("no responses this turn").

Windows also open, for the other seats, when the turn's player goes to combat and when it ends
its turn, and, for every living seat from the attacker on, once the attacked players have
answered and before combat damage (ruling K49), so "at any time on any turn" is playable
without a question after every click. An asked seat may pass this once (it is asked again if
someone answers), pass until the stack has resolved ("pass for this window", K50), or pass for
the rest of the turn ("no responses this turn").

`state["stack"]`: [{"seat", "card" | "shooter", "target", "amount" (shots)}], bottom first.
`state["window"]`: {"order": [seats to ask], "index", "then": None | "combat" | "end" |
"damage", "settled": [seats that passed for the whole window]}.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.kingdom_combat import cards, economy, effects, fight, resolution, zones
from gameplay.engine.kingdom_combat.zones import event

ANSWERS = ("Dirty Trick",)


def answer_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """What a seat may answer with now: affordable Dirty Tricks on their legal targets, shots
    of its Active Ranged units and, for an attacked seat under rules version 3, its activated
    abilities (ruling K40) (without the passes)."""
    return (
        economy.play_actions(state, seat, ANSWERS)
        + economy.shoot_actions(state, seat)
        + fight.answer_activations(state, seat)
    )


def window_actions(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The asked seat's answers, pass, pass until the stack has resolved (when there is a
    stack to answer again), and pass for the rest of the turn."""
    passes: list[dict[str, Any]] = [{"type": "pass"}]
    if state["stack"]:
        passes.append({"type": "pass", "window": True})
    passes.append({"type": "pass", "turn": True})
    return [*answer_actions(state, seat), *passes]


def push_card(state: dict[str, Any], seat: int, cid: str, target: str | None) -> None:
    """An Event or Dirty Trick goes on the stack (already paid) and the others may answer."""
    state["stack"].append({"seat": seat, "card": cid, "target": target})
    event(state, "cast", seat=seat, card=cid, key=state["cards"][cid], target=target)
    open_window(state, seat, then=None)


def push_shot(state: dict[str, Any], seat: int, shooter: str, target: str) -> None:
    """A Ranged shot (the shooter already exhausted) goes on the stack."""
    amount = effects.range_against(state, shooter, target)
    state["stack"].append({"seat": seat, "shooter": shooter, "target": target, "amount": amount})
    event(state, "shoot", card=shooter, target=target, amount=amount)
    open_window(state, seat, then=None)


def open_window(
    state: dict[str, Any], seat: int, then: str | None, *, itself: bool = False
) -> None:
    """Ask the other living seats (`itself`: `seat` first, then the others), clockwise from
    `seat`; an answer reopens the window, keeping its pending `then` and the seats that passed
    for the whole window."""
    seats = state["seats"]
    order = [(seat + i) % seats for i in range(0 if itself else 1, seats)]
    before = state["window"]
    state["window"] = {
        "order": [s for s in order if not state["out"][s]],
        "index": 0,
        "then": then or (before["then"] if before else None),
        "settled": list(before.get("settled", ())) if before else [],
    }


def asked_seat(state: dict[str, Any]) -> int | None:
    """The seat the open window asks now, skipping seats with no answer or that passed for
    the turn; None (and the window closes, the stack resolving) when nobody is left."""
    window = state["window"]
    while window["index"] < len(window["order"]):
        seat = window["order"][window["index"]]
        quiet = seat in state["turn"].get("quiet", []) or seat in window.get("settled", ())
        if not quiet and _can_answer(state, seat):
            return seat
        window["index"] += 1
    return None


def _can_answer(state: dict[str, Any], seat: int) -> bool:
    """answer_actions is not empty (the shots not worked out when a trick is there)."""
    opened = effects.open_read(state)  # effects.reading, without a `with`'s three calls
    try:
        return bool(
            economy.play_actions(state, seat, ANSWERS)
            or economy.can_shoot(state, seat)
            or fight.answer_activations(state, seat)
        )
    finally:
        effects.close_read(opened)


def pass_(state: dict[str, Any], seat: int, whole_turn: bool, whole_window: bool = False) -> None:
    """The seat answers nothing: now, until the stack has resolved, or for the turn."""
    if whole_turn:
        state["turn"].setdefault("quiet", []).append(seat)
    elif whole_window:
        state["window"].setdefault("settled", []).append(seat)
    state["window"]["index"] += 1


def close(state: dict[str, Any]) -> str | None:
    """Everyone passed: resolve the stack last in, first out; returns the pending step."""
    then = state["window"]["then"]
    state["window"] = None
    while state["stack"] and state["phase"] != "over":
        resolve_top(state)
    return then


def resolve_top(state: dict[str, Any]) -> None:
    """Carry out the top item of the stack, then discard it."""
    item = state["stack"].pop()
    target = item["target"]
    if "shooter" in item:
        if target in state["units"] and not effects.has_skill(state, target, "Deflect"):
            amount = item["amount"] - (1 if effects.has_skill(state, target, "Etherial") else 0)
            fight.damage_unit(state, target, amount)
        return
    cid = item["card"]
    event(state, "resolve", card=cid)
    for effect in effects.printed_effects(state, cid, "play"):
        if target is None or target in state["units"]:
            resolution.resolve(state, item["seat"], effect, target)
    zones.to_discard(state, cid)


def can_cast(state: dict[str, Any], seat: int, cid: str) -> bool:
    """Whether the card goes on the stack (Events and Dirty Tricks)."""
    return cards.action_kind(state["cards"][cid]) in ("Event", "Dirty Trick")


def stack_cards(state: dict[str, Any]) -> list[str]:
    """Card ids on the stack (for card conservation)."""
    return [item["card"] for item in state["stack"] if "card" in item]
