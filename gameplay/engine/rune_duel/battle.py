"""The battle line: placing the duel's cards, combat slot against slot, post-combat effects.

Each side's line is a list of slots (index 0 is slot 1); a slot holds None or a creature entry
{"card": id, "damage": n, "artifacts": [ids]}. Slot i of one side faces slot i of the other.
Every function here changes the state in place and narrates what happened in state["story"].
"""

from __future__ import annotations

from typing import Any

STORY_LENGTH = 40


def owner(card_id: str) -> int:
    """The seat that owns a card ("1-7" -> 1)."""
    return int(card_id.partition("-")[0])


def tell(state: dict[str, Any], text: str) -> None:
    """Append a line to the public story of the game (the last few lines are kept)."""
    story = state["story"]
    story.append(text)
    if len(story) > STORY_LENGTH:
        del story[0]


def card(state: dict[str, Any], card_id: str) -> dict[str, Any]:
    """The printed data of a card by id."""
    return state["catalogue"][state["cards"][card_id]]


def name(state: dict[str, Any], card_id: str) -> str:
    """The card's name."""
    return state["catalogue"][state["cards"][card_id]]["name"]


def stats(state: dict[str, Any], entry: dict[str, Any]) -> tuple[int, int, set[Any], int]:
    """Attack, health, keywords and regeneration of a creature entry, artifacts and buffs in."""
    catalogue, index = state["catalogue"], state["cards"]
    body = catalogue[index[entry["card"]]]
    attack = body["attack"] + entry["buff"][0]
    health = body["health"] + entry["buff"][1]
    keywords, regeneration = set(body["keywords"]), body["regeneration"]
    for artifact_id in entry["artifacts"]:
        artifact = catalogue[index[artifact_id]]
        attack += artifact["attack"]
        health += artifact["health"]
        keywords.update(artifact["keywords"])
        regeneration += artifact["regeneration"]
    return attack, health, keywords, regeneration


def hit_life(state: dict[str, Any], target: int, amount: int, source: int, why: str) -> None:
    """Damage a player's life total; the first seat to do so is recorded as first damage."""
    if amount <= 0:
        return
    state["life"][str(target)] -= amount
    state["damage_taken"][str(target)] += amount
    if state["first_damage"] is None:
        state["first_damage"] = source
    tell(state, f"{why}: seat {target + 1} loses {amount} life.")


def gain_life(state: dict[str, Any], seat: int, amount: int, why: str) -> None:
    """Raise a player's life total (it may go above the starting value)."""
    state["life"][str(seat)] += amount
    state["life_gained"][str(seat)] += amount
    tell(state, f"{why}: seat {seat + 1} gains {amount} life.")


def discard(state: dict[str, Any], card_id: str) -> None:
    """Put a card into its owner's discard pile."""
    state["zones"][str(owner(card_id))]["discard"].append(card_id)


def kill(state: dict[str, Any], seat: int, slot: int) -> None:
    """Remove the creature in that slot (its artifacts with it) to the discard pile."""
    entry = state["line"][str(seat)][slot]
    state["line"][str(seat)][slot] = None
    discard(state, entry["card"])
    for artifact_id in entry["artifacts"]:
        discard(state, artifact_id)
    tell(state, f"{name(state, entry['card'])} (seat {seat + 1}) is destroyed.")


def wound(state: dict[str, Any], seat: int, slot: int, amount: int) -> int:
    """Deal damage to the creature in that slot; returns the excess beyond its remaining health."""
    entry = state["line"][str(seat)][slot]
    left = stats(state, entry)[1] - entry["damage"]
    entry["damage"] += amount
    return max(0, amount - left)


def bury_dead(state: dict[str, Any], slot: int) -> None:
    """Remove every creature in that slot whose damage has reached its health."""
    for seat in (0, 1):
        line = state["line"][str(seat)]
        if slot < len(line) and line[slot] is not None:
            health = stats(state, line[slot])[1]
            if line[slot]["damage"] >= health:
                kill(state, seat, slot)


# ----- placing cards -------------------------------------------------------------------------
def new_entry(card_id: str) -> dict[str, Any]:
    """A creature entering the line: no damage, no artifacts, no buffs."""
    return {"card": card_id, "damage": 0, "artifacts": [], "buff": [0, 0]}


def first_free_slot(state: dict[str, Any], seat: int) -> int:
    """The first slot (0-based) of the seat's line with no creature in it."""
    line = state["line"][str(seat)]
    return line.index(None) if None in line else len(line)


def charge_slots(state: dict[str, Any], seat: int) -> list[int]:
    """Ruling R7: the empty slots (0-based) a Charge creature may enter, to one past both lines."""
    own, other = state["line"][str(seat)], state["line"][str(1 - seat)]
    width = max(len(own), len(other)) + 1
    return [slot for slot in range(width) if slot >= len(own) or own[slot] is None]


def put_creature(state: dict[str, Any], seat: int, card_id: str, slot: int) -> None:
    """Place a creature in that (empty) slot, leaving gaps before it if it is past the end."""
    line = state["line"][str(seat)]
    while len(line) <= slot:
        line.append(None)
    line[slot] = new_entry(card_id)
    tell(state, f"{name(state, card_id)} enters slot {slot + 1} of seat {seat + 1}'s line.")


def artifact_target(state: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The first Carrot Seeker on the seat's line, else its first creature with no artifact."""
    line = state["line"][str(seat)]
    for entry in line:
        if entry is not None and "carrot_seeker" in card(state, entry["card"])["keywords"]:
            return entry
    for entry in line:
        if entry is not None and not entry["artifacts"]:
            return entry
    return None


def attach(state: dict[str, Any], seat: int, card_id: str) -> bool:
    """Attach an artifact as the text says; False if there is no creature to carry it."""
    target = artifact_target(state, seat)
    if target is None:
        return False
    target["artifacts"].append(card_id)
    tell(state, f"{name(state, card_id)} is attached to {name(state, target['card'])}.")
    return True


# ----- combat --------------------------------------------------------------------------------
def _entry(state: dict[str, Any], seat: int, slot: int) -> dict[str, Any] | None:
    line = state["line"][str(seat)]
    return line[slot] if slot < len(line) else None


def combat(state: dict[str, Any], first: int) -> None:
    """Every slot fights in order from slot 1; then double attackers attack a second time."""
    width = max(len(state["line"]["0"]), len(state["line"]["1"]))
    for slot in range(width):
        _fight(state, slot, first, (0, 1))
    for slot in range(width):
        attackers = tuple(
            seat
            for seat in (0, 1)
            if (entry := _entry(state, seat, slot)) is not None
            and "double_attack" in stats(state, entry)[2]
        )
        if attackers:
            _fight(state, slot, first, attackers)


def _fight(state: dict[str, Any], slot: int, first: int, attackers: tuple[Any, ...]) -> None:
    """The attackers in this slot strike at once: the creature across, or the life total."""
    hits = []
    for seat in (first, 1 - first):
        entry = _entry(state, seat, slot)
        if seat in attackers and entry is not None:
            attack, _, keywords, _ = stats(state, entry)
            hits.append((seat, entry, attack, keywords))
    excess = []
    for seat, entry, attack, keywords in hits:
        target = _entry(state, 1 - seat, slot)
        who = f"{name(state, entry['card'])} (slot {slot + 1})"
        if target is None:
            hit_life(state, 1 - seat, attack, seat, f"{who} is unopposed")
            continue
        over = wound(state, 1 - seat, slot, attack)
        tell(state, f"{who} deals {attack} to {name(state, target['card'])}.")
        if "breakthrough" in keywords:
            excess.append((seat, over, who))
    for seat, over, who in excess:
        hit_life(state, 1 - seat, over, seat, f"{who} breaks through")
    bury_dead(state, slot)


def after_combat(state: dict[str, Any], first: int) -> None:
    """Post-combat effects (Regeneration heals, then Fade discards), then close the gaps."""
    for seat in (first, 1 - first):
        line = state["line"][str(seat)]
        for slot, entry in enumerate(line):
            if entry is None:
                continue
            _, _, keywords, regeneration = stats(state, entry)
            if regeneration and entry["damage"]:
                entry["damage"] = max(0, entry["damage"] - regeneration)
                tell(state, f"{name(state, entry['card'])} regenerates {regeneration}.")
            if "fade" in keywords:
                tell(state, f"{name(state, entry['card'])} fades away.")
                kill(state, seat, slot)
    shift(state)


def shift(state: dict[str, Any]) -> None:
    """Move creatures toward slot 1 so that no empty slot is left between them."""
    for seat in ("0", "1"):
        state["line"][seat] = [entry for entry in state["line"][seat] if entry is not None]
