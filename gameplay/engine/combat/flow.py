"""Turn flow: the four steps, settling automatic moments, knock-outs and the end of the game."""

from __future__ import annotations

from typing import Any

from gameplay.engine.combat import fight, main_step, zones


def acting_seat(state: dict[str, Any]) -> int | None:
    """In the attack or main step: the first seat of the active side that is not done yet."""
    turn = state["turn"]
    for seat in state["units"][turn["unit"]]:
        if not state["out"][seat] and seat not in turn["done"]:
            return seat
    return None


def settle(state: dict[str, Any]) -> None:
    """Move the game on through every moment in which nobody has a real choice."""
    while state["winners"] is None and state["pending"] is None:
        turn = state["turn"]
        step = turn["step"]
        if step in ("attack", "main"):
            seat = acting_seat(state)
            if seat is None:
                _end_attack_step(state) if step == "attack" else end_turn(state)
            elif _has_choice(state, seat, step):
                return
            else:
                turn["done"].append(seat)
        elif step == "block":
            if fight.block_seat(state) is not None:
                return
            fight.start_damage(state)
            turn["step"] = "damage"
        elif step == "damage":
            if not fight.run_damage(state):
                return
            _end_combat(state)
        else:  # "setup"
            begin_turn(state)


def _has_choice(state: dict[str, Any], seat: int, step: str) -> bool:
    if step == "attack":
        return fight.can_attack(state, seat)
    return main_step.has_play(state, seat)


def begin_turn(state: dict[str, Any]) -> None:
    """Beginning step (turn the side's cards right-side-up) and draw step."""
    turn = state["turn"]
    turn["number"] += 1
    seats = [s for s in state["units"][turn["unit"]] if not state["out"][s]]
    for seat in seats:
        for entry in state["soldiers"][str(seat)]:
            entry[1] = 0
        for entry in state["farms"][str(seat)]:
            entry[1] = 0
    turn["farmed"] = []
    zones.event(state, "turn", number=turn["number"], seats=seats)
    # Two sides: the side taking the first turn skips its first draw step (ruling R3).
    if not (turn["number"] == 1 and len(state["units"]) == 2):
        for seat in seats:
            zones.draw(state, seat)
    turn["step"] = "attack"
    turn["done"] = []


def _end_attack_step(state: dict[str, Any]) -> None:
    turn = state["turn"]
    turn["done"] = []
    if state["combat"] and state["combat"]["attackers"]:
        fight.start_blocks(state)
        turn["step"] = "block"
    else:
        state["combat"] = None
        turn["step"] = "main"


def _end_combat(state: dict[str, Any]) -> None:
    state["combat"] = None  # damage is removed at the end of combat
    knock_out_losers(state)
    state["turn"]["step"] = "main"
    state["turn"]["done"] = []


def end_turn(state: dict[str, Any]) -> None:
    """Pass the turn clockwise to the next side still in the game (or end at the turn limit)."""
    turn = state["turn"]
    if turn["number"] >= state["options"]["max_turns"]:
        finish_at_turn_limit(state)
        return
    units = state["units"]
    index = turn["unit"]
    for _ in range(len(units)):
        index = (index + 1) % len(units)
        if any(not state["out"][s] for s in units[index]):
            break
    turn["unit"] = index
    begin_turn(state)


def knock_out_losers(state: dict[str, Any]) -> None:
    """Every seat whose life total reached 0 leaves the game; maybe the game is won."""
    for seat in zones.alive_seats(state):
        if state["life"][str(zones.holder(state, seat))] <= 0:
            _knock_out(state, seat)
    sides = {zones.side_of(state, s) for s in zones.alive_seats(state)}
    if len(sides) <= 1:
        _finish(state, sides, "last side standing")


def _knock_out(state: dict[str, Any], seat: int) -> None:
    """The seat's hand, soldiers and farms go to the discard piles (ruling R11)."""
    state["out"][seat] = True
    key = str(seat)
    for card in state["hands"][key]:
        zones.discard(state, card)
    for card, _ in state["soldiers"][key] + state["farms"][key]:
        zones.discard(state, card)
    state["hands"][key] = []
    state["soldiers"][key] = []
    state["farms"][key] = []
    zones.event(state, "out", seat=seat)


def side_life(state: dict[str, Any], side: int) -> int:
    """A side's life: its shared total, or the sum over its living members (ruling R12)."""
    holders = {
        zones.holder(state, s) for s in zones.alive_seats(state) if zones.side_of(state, s) == side
    }
    return sum(state["life"][str(h)] for h in holders)


def finish_at_turn_limit(state: dict[str, Any]) -> None:
    """Highest life wins; a tie goes to the side that dealt damage first; else a draw."""
    sides = sorted({zones.side_of(state, s) for s in zones.alive_seats(state)})
    best = max(side_life(state, side) for side in sides)
    tied = {side for side in sides if side_life(state, side) == best}
    first = state["first_damage"]
    if len(tied) > 1:
        first_side = zones.side_of(state, first) if first is not None else None
        tied = {first_side} if first_side in tied else set()
    _finish(state, tied, "turn limit")


def _finish(state: dict[str, Any], sides: set[Any], reason: str) -> None:
    state["winners"] = [s for s in range(state["seats"]) if zones.side_of(state, s) in sides]
    state["end"] = reason
    state["turn"]["step"] = "over"
    state["combat"] = None
    zones.event(state, "over", winners=state["winners"], reason=reason)
