"""What cards do: the engine's reading of the effect vocabulary (decks/legality/kc_effects.py).

Played here: Events and Dirty Tricks resolving ("play": gain_gold, create_token, modify,
prevent_damage, exhaust), Abilities and Equipment while attached ("attached": modify,
grant_skill), structures entering play ("enters": gain_gold), and the Ranged skill. Static,
triggered ("attacks", "destroys_structure"), activated and setup effects are read by the
vocabulary but not played yet (RULINGS.md, "not yet").

`state["effects"]`: until-end-of-turn changes, {"unit", "until", attack/defense/armor/range,
"skill", "prevent"}; `state["attached"]`: {card id: unit id} for Abilities and Equipment.
"""

from __future__ import annotations

from gameplay.engine.kingdom_combat import cards, zones
from gameplay.engine.kingdom_combat.setup import new_unit
from gameplay.engine.kingdom_combat.zones import event, player

EOT = "end of turn"
CHANGES = ("attack", "defense", "armor", "range", "skill")


def printed_effects(state: dict, cid: str, when: str) -> list[dict]:
    """The card's effects that apply at that moment."""
    return [e for e in cards.card(state["cards"][cid])["effects"] if e["when"] == when]


def attachments(state: dict, uid: str) -> list[str]:
    """Abilities and Equipment attached to the unit, in the order they were attached."""
    return [cid for cid, unit in state["attached"].items() if unit == uid]


def bonus(state: dict, uid: str, name: str) -> int:
    """What effects add to a unit's attack, defense, armor or range now."""
    total = 0
    for effect in state["effects"]:
        if effect.get("unit") == uid:
            total += effect.get(name, 0)
    for cid in attachments(state, uid):
        for effect in printed_effects(state, cid, "attached"):
            if effect["op"] == "modify":
                total += effect.get(name, 0)
    return total


def skills(state: dict, uid: str) -> list[str]:
    """The unit's skills: printed, granted by attachments or this turn's effects; Ranged
    whenever its range is above 0."""
    out = list(cards.card(state["cards"][uid])["skills"])
    for cid in attachments(state, uid):
        out += [e["skill"] for e in printed_effects(state, cid, "attached") if "skill" in e]
    out += [e["skill"] for e in state["effects"] if e.get("unit") == uid and "skill" in e]
    if "Ranged" in out and range_of(state, uid) <= 0:
        out.remove("Ranged")
    if "Ranged" not in out and range_of(state, uid) > 0:
        out.append("Ranged")
    return out


def range_of(state: dict, uid: str) -> int:
    """Range damage of the unit (0: no Ranged)."""
    printed = cards.card(state["cards"][uid])["stats"].get("range", 0)
    return max(0, printed + bonus(state, uid, "range"))


def reach(state: dict, uid: str) -> int:
    """How many zones a unit moves or attacks: 1, or 2 with Mounted."""
    return 2 if "Mounted" in skills(state, uid) else 1


def prevented(state: dict, uid: str) -> bool:
    """Whether all damage to the unit is prevented this turn (Vanishing Mist)."""
    return any(e.get("unit") == uid and e.get("prevent") for e in state["effects"])


# --- playing action cards -------------------------------------------------------------------


def targets_for(state: dict, seat: int, cid: str) -> list[str | None]:
    """The targets the action card may be played on ([None]: it needs none; []: not now)."""
    key = state["cards"][cid]
    kind = cards.action_kind(key)
    if kind == "Equipment":
        return [u for u in _own_units(state, seat) if can_equip(state, u, key)]
    if kind == "Ability":
        return [u for u, unit in state["units"].items() if not unit["face_down"]]
    wanted = {e.get("target") for e in printed_effects(state, cid, "play")}
    if "attacking_unit" in wanted:
        attackers = _attackers(state)
        return [u for u in attackers if _targetable(state, seat, u, kind)]
    if "unit" in wanted:
        limits = [e["max_cost"] for e in printed_effects(state, cid, "play") if "max_cost" in e]
        limit = min(limits) if limits else None
        return [
            u
            for u, unit in state["units"].items()
            if not unit["face_down"]
            and _targetable(state, seat, u, kind)
            and (limit is None or cards.card(state["cards"][u])["cost"] <= limit)
        ]
    return [None]


def _own_units(state: dict, seat: int) -> list[str]:
    return [u for u, unit in state["units"].items() if unit["seat"] == seat]


def _attackers(state: dict) -> list[str]:
    combat = state["combat"]
    if not combat:
        return []
    return [u for b in combat["battles"] for u in b["attackers"] if u in state["units"]]


def _targetable(state: dict, seat: int, uid: str, kind: str | None) -> bool:
    """Alert: an opponent's Dirty Trick cannot target the unit."""
    if kind != "Dirty Trick" or state["units"][uid]["seat"] == seat:
        return True
    return "Alert" not in skills(state, uid)


def can_equip(state: dict, uid: str, key: str) -> bool:
    """One equipment of each type; one weapon, two with Dual Wield (ruling K31)."""
    stats = cards.card(key)["stats"]
    worn = [cards.card(state["cards"][c])["stats"] for c in attachments(state, uid)]
    worn = [s for s in worn if "equipment" in s]
    weapons = sum(1 for s in worn if s.get("weapon"))
    if stats.get("weapon"):
        allowed = 2 if "Dual Wield" in skills(state, uid) else 1
        return weapons < allowed
    return all(s["equipment"] != stats["equipment"] for s in worn)


def play_action_card(state: dict, seat: int, cid: str, target: str | None) -> None:
    """Attach an Ability or Equipment, or resolve an Event or Dirty Trick and discard it
    (pay -> resolve -> discard; the gold is paid by the caller)."""
    kind = cards.action_kind(state["cards"][cid])
    if kind in ("Ability", "Equipment"):
        state["attached"][cid] = target
        event(state, "attach", seat=seat, card=cid, key=state["cards"][cid], unit=target)
        return
    event(state, "cast", seat=seat, card=cid, key=state["cards"][cid], target=target)
    for effect in printed_effects(state, cid, "play"):
        resolve(state, seat, effect, target)
    zones.to_discard(state, cid)


def resolve(state: dict, seat: int, effect: dict, target: str | None) -> None:
    """Carry out one effect for the seat that played it."""
    op = effect["op"]
    if op == "gain_gold":
        player(state, seat)["gold"] += effect["amount"]
    elif op == "create_token":
        for _ in range(effect["count"]):
            create_token(state, seat, effect["token"])
    elif op == "exhaust":
        if target in state["units"]:
            state["units"][target]["exhausted"] = True
    elif op in ("modify", "prevent_damage", "grant_skill"):
        for uid in _affected(state, seat, effect, target):
            change = {"unit": uid, "until": EOT}
            change.update({k: effect[k] for k in CHANGES if k in effect})
            if op == "prevent_damage":
                change["prevent"] = True
            state["effects"].append(change)


def _affected(state: dict, seat: int, effect: dict, target: str | None) -> list[str]:
    if effect.get("target") == "own_units":
        return _own_units(state, seat)
    return [target] if target in state["units"] else []


def create_token(state: dict, seat: int, key: str) -> str:
    """A token enters play Exhausted at its controller's Fortress, like any unit (K12)."""
    tid = f"t{state['next_token']}"
    state["next_token"] += 1
    state["cards"][tid] = key
    state["owner"][tid] = seat
    state["units"][tid] = new_unit(state, tid, seat, zones.fortress_zone(seat), exhausted=True)
    event(state, "token", seat=seat, card=tid, key=key)
    return tid


def entered(state: dict, seat: int, cid: str) -> None:
    """A card has entered play: its "enters" effects."""
    for effect in printed_effects(state, cid, "enters"):
        resolve(state, seat, effect, cid)


# --- Ranged -----------------------------------------------------------------------------------


def shoot_actions(state: dict, seat: int) -> list[dict]:
    """Each Active Ranged unit of the seat may exhaust to shoot a unit up to 1 zone away
    (a unit with Deflect cannot be hurt by it, so it is not offered)."""
    actions = []
    for uid, unit in state["units"].items():
        if unit["seat"] != seat or unit["exhausted"] or range_of(state, uid) <= 0:
            continue
        for other, target in state["units"].items():
            if (
                target["seat"] != seat
                and not target["face_down"]
                and zones.distance(unit["zone"], target["zone"]) <= 1
                and "Deflect" not in skills(state, other)
            ):
                actions.append({"type": "shoot", "unit": uid, "target": other})
    return actions
