"""The battle line: placing the duel's cards, combat slot against slot, post-combat effects.

Each side's line is a list of slots (index 0 is slot 1); a slot holds None or a creature entry
{"card": id, "damage": n, "artifacts": [ids]}. Slot i of one side faces slot i of the other.
Every function here changes the state in place and narrates what happened in state["story"].
"""

from __future__ import annotations

from gameplay.engine.rune_duel.cards import BODY_TYPES

STORY_LENGTH = 40


def owner(card_id: str) -> int:
    """The seat that owns a card ("1-7" -> 1)."""
    return int(card_id.partition("-")[0])


def tell(state: dict, text: str) -> None:
    """Append a line to the public story of the game (the last few lines are kept)."""
    story = state["story"]
    story.append(text)
    if len(story) > STORY_LENGTH:
        del story[0]


def name(state: dict, card_id: str) -> str:
    """The card's name."""
    return state["cards"][card_id]["name"]


def stats(state: dict, entry: dict) -> tuple[int, int, set]:
    """Attack, health and keywords of a creature entry, its artifacts included."""
    cards = state["cards"]
    card = cards[entry["card"]]
    attack, health, keywords = card["attack"], card["health"], set(card["keywords"])
    for artifact_id in entry["artifacts"]:
        artifact = cards[artifact_id]
        attack += artifact["attack"]
        health += artifact["health"]
        keywords.update(artifact["keywords"])
    return attack, health, keywords


def hit_life(state: dict, target: int, amount: int, source: int, why: str) -> None:
    """Damage a player's life total; the first seat to do so is recorded as first damage."""
    if amount <= 0:
        return
    state["life"][str(target)] -= amount
    state["damage_taken"][str(target)] += amount
    if state["first_damage"] is None:
        state["first_damage"] = source
    tell(state, f"{why}: seat {target} loses {amount} life.")


def gain_life(state: dict, seat: int, amount: int, why: str) -> None:
    """Raise a player's life total (it may go above the starting value)."""
    state["life"][str(seat)] += amount
    state["life_gained"][str(seat)] += amount
    tell(state, f"{why}: seat {seat} gains {amount} life.")


def discard(state: dict, card_id: str) -> None:
    """Put a card into its owner's discard pile."""
    state["zones"][str(owner(card_id))]["discard"].append(card_id)


def kill(state: dict, seat: int, slot: int) -> None:
    """Remove the creature in that slot (its artifacts with it) to the discard pile."""
    entry = state["line"][str(seat)][slot]
    state["line"][str(seat)][slot] = None
    discard(state, entry["card"])
    for artifact_id in entry["artifacts"]:
        discard(state, artifact_id)
    tell(state, f"{name(state, entry['card'])} (seat {seat}) is destroyed.")


def wound(state: dict, seat: int, slot: int, amount: int) -> int:
    """Deal damage to the creature in that slot; returns the excess beyond its remaining health."""
    entry = state["line"][str(seat)][slot]
    _, health, _ = stats(state, entry)
    left = health - entry["damage"]
    entry["damage"] += amount
    return max(0, amount - left)


def bury_dead(state: dict, slot: int) -> None:
    """Remove every creature in that slot whose damage has reached its health."""
    for seat in (0, 1):
        line = state["line"][str(seat)]
        if slot < len(line) and line[slot] is not None:
            _, health, _ = stats(state, line[slot])
            if line[slot]["damage"] >= health:
                kill(state, seat, slot)


# ----- placing cards -------------------------------------------------------------------------
def place(state: dict, seat: int, card_id: str) -> bool:
    """Put a card from the duel (or holding area) into play; False if it has no target."""
    card = state["cards"][card_id]
    if card["type"] in BODY_TYPES:
        _place_body(state, seat, card_id)
        return True
    if card["type"] == "artifact":
        target = artifact_target(state, seat)
        if target is None:
            return False
        target["artifacts"].append(card_id)
        tell(state, f"{card['name']} is attached to {name(state, target['card'])} (seat {seat}).")
        return True
    if not effect_has_target(state, seat, card["effect"]):
        return False
    tell(state, f"Seat {seat} casts {card['name']}.")
    resolve_effect(state, seat, card["effect"], card["name"])
    discard(state, card_id)
    return True


def _place_body(state: dict, seat: int, card_id: str) -> None:
    line = state["line"][str(seat)]
    entry = {"card": card_id, "damage": 0, "artifacts": []}
    card = state["cards"][card_id]
    if "charge" in card["keywords"]:
        # Ruling R7: Charge takes slot 1; the creatures up to the first gap move along one slot.
        if None in line:
            line.remove(None)
        line.insert(0, entry)
        slot = 0
    elif None in line:
        slot = line.index(None)
        line[slot] = entry
    else:
        line.append(entry)
        slot = len(line) - 1
    tell(state, f"{card['name']} enters slot {slot + 1} of seat {seat}'s line.")
    effect = card["effect"]
    if effect is not None and effect_has_target(state, seat, effect):
        resolve_effect(state, seat, effect, card["name"])


def artifact_target(state: dict, seat: int) -> dict | None:
    """The first Carrot Seeker on the seat's line, else its first creature with no artifact."""
    line = state["line"][str(seat)]
    for entry in line:
        if entry is not None and "carrot_seeker" in state["cards"][entry["card"]]["keywords"]:
            return entry
    for entry in line:
        if entry is not None and not entry["artifacts"]:
            return entry
    return None


def _first_slot(line: list, wanted) -> int | None:
    for slot, entry in enumerate(line):
        if entry is not None and wanted(entry):
            return slot
    return None


def effect_target(state: dict, seat: int, effect: dict) -> tuple[int, int] | None:
    """(seat, slot) of the creature an effect aims at, or None (life effects need no creature)."""
    if effect["kind"] == "damage":
        slot = _first_slot(state["line"][str(1 - seat)], lambda entry: True)
        return None if slot is None else (1 - seat, slot)
    if effect["kind"] == "heal":
        slot = _first_slot(state["line"][str(seat)], lambda entry: entry["damage"] > 0)
        return None if slot is None else (seat, slot)
    return None


def effect_has_target(state: dict, seat: int, effect: dict) -> bool:
    """True if the effect has a valid target now (a player is always a valid target)."""
    return effect["kind"] in ("life", "strike") or effect_target(state, seat, effect) is not None


def resolve_effect(state: dict, seat: int, effect: dict, source: str) -> None:
    """Carry out a spell's or an entering creature's effect (its target must exist)."""
    kind, amount = effect["kind"], effect["amount"]
    if kind == "life":
        gain_life(state, seat, amount, source)
    elif kind == "strike":
        hit_life(state, 1 - seat, amount, seat, source)
    else:
        target_seat, slot = effect_target(state, seat, effect)
        entry = state["line"][str(target_seat)][slot]
        if kind == "damage":
            wound(state, target_seat, slot, amount)
            tell(state, f"{source} deals {amount} damage to {name(state, entry['card'])}.")
            bury_dead(state, slot)
        else:
            entry["damage"] = max(0, entry["damage"] - amount)
            tell(state, f"{source} heals {name(state, entry['card'])}.")


# ----- combat --------------------------------------------------------------------------------
def _entry(state: dict, seat: int, slot: int) -> dict | None:
    line = state["line"][str(seat)]
    return line[slot] if slot < len(line) else None


def combat(state: dict, first: int) -> None:
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


def _fight(state: dict, slot: int, first: int, attackers: tuple) -> None:
    """The attackers in this slot strike at once: the creature across, or the life total."""
    hits = []
    for seat in (first, 1 - first):
        entry = _entry(state, seat, slot)
        if seat in attackers and entry is not None:
            attack, _, keywords = stats(state, entry)
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


def after_combat(state: dict, first: int) -> None:
    """Post-combat effects (Regeneration, then Fade), then close the gaps in both lines."""
    for seat in (first, 1 - first):
        line = state["line"][str(seat)]
        for slot, entry in enumerate(line):
            if entry is None:
                continue
            _, health, keywords = stats(state, entry)
            if "regeneration" in keywords and entry["damage"]:
                entry["damage"] = 0
                tell(state, f"{name(state, entry['card'])} regenerates.")
            if "fade" in keywords:
                entry["damage"] += 1
                tell(state, f"{name(state, entry['card'])} fades (1 damage).")
                if entry["damage"] >= health:
                    kill(state, seat, slot)
    shift(state)


def shift(state: dict) -> None:
    """Move creatures toward slot 1 so that no empty slot is left between them."""
    for seat in ("0", "1"):
        state["line"][seat] = [entry for entry in state["line"][seat] if entry is not None]
