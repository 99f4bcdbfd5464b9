"""The arithmetic of one duel: active effects, Skill, dice and the winner (pure functions).

`matchup(state)` reads the Fighters, Supporters and Actions on the table and returns, per seat,
the attack element, the Skill (capped at 5), the value dice are raised to and the bonus added
to the total. `roll_winner` rolls with `core.chance` until the totals differ.
"""

from __future__ import annotations

import functools
import itertools
import types
from collections.abc import Mapping
from typing import Any

from gameplay.engine.core import chance

SKILL_CAP = 5
MAX_TIED_ROLLS = 1000  # never reached in practice; guarantees the loop ends (ruling CC-4)


def _other(seat: str) -> str:
    return "1" if seat == "0" else "0"


def active_effects(state: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """(owner seat, source, effect) for every supporter and action effect not cancelled."""
    cards, players = state["cards"], state["players"]
    negated = set()
    for seat in ("0", "1"):
        for source in ("supporter", "action"):
            card_id = players[seat][source]
            for item in cards[card_id]["effect"] if card_id else []:
                if item["op"] == "negate_action":
                    negated.add((_other(seat), "action"))
                elif item["op"] == "negate_support":
                    negated.add((_other(seat), "supporter"))
    active = []
    for seat in ("0", "1"):
        for source in ("supporter", "action"):
            card_id = players[seat][source]
            if card_id and (seat, source) not in negated:
                active += [(seat, source, item) for item in cards[card_id]["effect"]]
    return active


def _targets(owner: str, item: dict[str, Any], fighters: dict[str, Any]) -> list[str]:
    who = item.get("who", "self")
    seats = {"self": [owner], "opponent": [_other(owner)], "all": ["0", "1"]}[who]
    types = item.get("types")
    return [s for s in seats if fighters[s] and (not types or fighters[s]["type"] in types)]


def matchup(state: dict[str, Any]) -> dict[str, Any]:
    """Per seat: element, attack, defence faced, skill (capped), dice raise and total bonus."""
    fighters = {
        s: state["cards"][state["players"][s]["fighter"]]
        if state["players"][s]["fighter"]
        else None
        for s in ("0", "1")
    }
    # Element changes first, so "if your Fighter attacks in Dark" sees the final element.
    effects = sorted(active_effects(state), key=lambda e: e[2]["op"] != "element")
    stats = {s: _base_stats(fighters[s]) for s in ("0", "1")}
    for owner, _source, item in effects:
        for target in _targets(owner, item, fighters):
            if _conditions_hold(item, stats[target], fighters[_other(target)]):
                _apply_modifier(stats[target], item)
    result = {}
    for seat in ("0", "1"):
        mine, theirs = stats[seat], stats[_other(seat)]
        if fighters[seat] is None or fighters[_other(seat)] is None:
            skill = 0
        else:
            element = mine["element"]
            facing = theirs["defense"][element] + theirs["defense_bonus"].get(element, 0)
            skill = min(SKILL_CAP, mine["attack"] - facing + mine["skill_bonus"])
        result[seat] = {
            "element": mine["element"],
            "attack": mine["attack"],
            "skill": skill,
            "raise": max(skill, mine["die_floor"]),
            "bonus": mine["dice_bonus"],
            "rerolls": mine["rerolls"],
        }
    return result


def _base_stats(fighter: dict[str, Any] | None) -> dict[str, Any]:
    if fighter is None:
        return {
            "element": None,
            "attack": 0,
            "defense": {},
            "defense_bonus": {},
            "die_floor": 0,
            "dice_bonus": 0,
            "skill_bonus": 0,
            "rerolls": 0,
        }
    return {
        "element": fighter["attack"]["element"],
        "attack": fighter["attack"]["value"],
        "defense": dict(fighter["defense"]),
        "defense_bonus": {},
        "die_floor": 0,
        "dice_bonus": 0,
        "skill_bonus": 0,
        "rerolls": 0,
    }


def _conditions_hold(
    item: dict[str, Any], target: dict[str, Any], opposing: dict[str, Any] | None
) -> bool:
    """An effect's conditions: the element the target attacks in, the opposing Fighter's type."""
    if item.get("if_element") and target["element"] != item["if_element"]:
        return False
    wanted = item.get("if_opponent_types")
    return not wanted or (opposing is not None and opposing["type"] in wanted)


def _apply_modifier(stats: dict[str, Any], item: dict[str, Any]) -> None:
    op = item["op"]
    if op == "attack":
        stats["attack"] += item["amount"]
    elif op == "defense":
        elements = [item["element"]] if item.get("element") else list(stats["defense"])
        for element in elements:
            stats["defense_bonus"][element] = (
                stats["defense_bonus"].get(element, 0) + item["amount"]
            )
    elif op == "element":
        stats["element"] = item["element"]
    elif op == "die_floor":
        stats["die_floor"] = max(stats["die_floor"], item["value"])
    elif op == "dice_bonus":
        stats["dice_bonus"] += item["amount"]
    elif op == "skill":
        stats["skill_bonus"] += item["amount"]
    elif op == "reroll":
        stats["rerolls"] += 1


def raised(dice: list[int], to: int) -> list[int]:
    """Each die lower than the Skill is changed to match it."""
    return [max(die, to) for die in dice]


@functools.lru_cache(maxsize=1024)
def total_distribution(raise_to: int, bonus: int) -> Mapping[int, float]:
    """Probability of each total for two dice raised to raise_to, plus bonus (computed once
    per pair of numbers: a duel asked for it several times; read-only)."""
    counts: dict[int, float] = {}
    for dice in itertools.product(range(1, 7), repeat=2):
        total = sum(raised(list(dice), raise_to)) + bonus
        counts[total] = counts.get(total, 0) + 1 / 36
    return types.MappingProxyType(counts)


def tie_is_certain(sides: dict[str, Any]) -> bool:
    """True when no roll can ever separate the two totals (the rulebook's "impossible")."""
    first = total_distribution(sides["0"]["raise"], sides["0"]["bonus"])
    second = total_distribution(sides["1"]["raise"], sides["1"]["bonus"])
    return len(first) == 1 and first.keys() == second.keys()


def win_chance(sides: dict[str, Any], seat: str) -> float:
    """The probability that seat wins the duel (ties re-rolled; the impossible case is 50/50)."""
    mine, theirs = sides[seat], sides[_other(seat)]
    return _win_chance(mine["raise"], mine["bonus"], theirs["raise"], theirs["bonus"])


@functools.lru_cache(maxsize=4096)
def _win_chance(my_raise: int, my_bonus: int, their_raise: int, their_bonus: int) -> float:
    """win_chance by the four numbers it depends on (computed once per four: the bots ask for
    the same few matchups thousands of times)."""
    mine = total_distribution(my_raise, my_bonus)
    theirs = total_distribution(their_raise, their_bonus)
    win = sum(p * q for a, p in mine.items() for b, q in theirs.items() if a > b)
    lose = sum(p * q for a, p in mine.items() for b, q in theirs.items() if a < b)
    return 0.5 if win + lose == 0 else win / (win + lose)


def roll_winner(state: dict[str, Any], sides: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    """Roll (and re-roll ties) until one side's total is higher; returns the winner and rolls."""
    ignoring = tie_is_certain(sides)
    rolls = []
    rerolls = {seat: sides[seat].get("rerolls", 0) for seat in ("0", "1")}  # once per duel
    while True:
        rng = chance(state, "duel dice ignoring skill" if ignoring else "duel dice")
        roll: dict[str, Any] = {"ignoring_skill": ignoring}
        for seat in ("0", "1"):
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
            final = dice if ignoring else raised(dice, sides[seat]["raise"])
            bonus = 0 if ignoring else sides[seat]["bonus"]
            roll[seat] = {"dice": dice, "raised": final, "total": sum(final) + bonus}
        rolls.append(roll)
        if roll["0"]["total"] != roll["1"]["total"]:
            _use_rerolls(state, sides, roll, ignoring, rerolls)
        if roll["0"]["total"] != roll["1"]["total"]:
            return ("0" if roll["0"]["total"] > roll["1"]["total"] else "1"), rolls
        if len(rolls) >= MAX_TIED_ROLLS:
            ignoring = True


def _use_rerolls(
    state: dict[str, Any],
    sides: dict[str, Any],
    roll: dict[str, Any],
    ignoring: bool,
    left: dict[str, Any],
) -> None:
    """Ruling CC-10: a side that is behind rerolls its lower die, once per reroll effect and
    duel, until nobody behind has one left (a reroll can only help a side that is losing)."""
    while roll["0"]["total"] != roll["1"]["total"]:
        behind = "0" if roll["0"]["total"] < roll["1"]["total"] else "1"
        if not left[behind]:
            return
        left[behind] -= 1
        mine = roll[behind]
        mine.setdefault("rolled", list(mine["dice"]))
        lower = mine["dice"].index(min(mine["dice"]))
        mine["dice"][lower] = chance(state, "duel reroll").randint(1, 6)
        mine["raised"] = mine["dice"] if ignoring else raised(mine["dice"], sides[behind]["raise"])
        bonus = 0 if ignoring else sides[behind]["bonus"]
        mine["total"] = sum(mine["raised"]) + bonus
        mine["rerolled"] = mine.get("rerolled", 0) + 1
