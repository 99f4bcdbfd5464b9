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
    return list(cards.effects_of(state["cards"][cid], when))


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
    for source, seat, effect in static_effects(state, "modify"):
        if name in effect and "against" not in effect and _covers(state, source, seat, effect, uid):
            total += effect[name]
    if name == "attack":
        total += _attack_triggers(state, uid)
    return total


def fortress_source(seat: int) -> str:
    """The id a fortress's effects act from (a fortress is not a card id in play)."""
    return f"fortress-{seat}"


def static_effects(
    state: dict, op: str | None, when: str = "static"
) -> list[tuple[str, int, dict]]:
    """(source, controlling seat, effect) of every card in play with such an effect: living
    fortresses (both cards of a stacked pair: ruling K37), structures and units."""
    out = []
    for key, me in state["players"].items():
        seat = int(key)
        if state["out"][seat]:
            continue
        for fort in me["fortress"]["cards"]:
            out += [
                (fortress_source(seat), seat, e)
                for e in cards.effects_of(fort, when)
                if op in (None, e["op"])
            ]
    keys, wanted = state["cards"], cards.keys_with(when)
    for group in (state["structures"], state["units"]):
        for cid, thing in group.items():
            key = keys[cid]
            if key in wanted and not thing.get("face_down"):
                found = cards.effects_of(key, when)
                out += [(cid, thing["seat"], e) for e in found if op in (None, e["op"])]
    return out


def _covers(state: dict, source: str, seat: int, effect: dict, uid: str) -> bool:
    """Whether a static effect's target description includes the unit."""
    unit = state["units"][uid]
    if unit["seat"] != seat:
        return False
    target = effect.get("target")
    if target == "own_units":
        return True
    if target == "unit_inside":
        return unit["in"] == source
    if target == "own_other_units_same_zone":
        return (
            uid != source
            and source in state["units"]
            and state["units"][source]["zone"] == unit["zone"]
        )
    if target == "own_other_archers":
        return uid != source and cards.card(state["cards"][uid])["subtype"] == "Archer"
    if target == "own_fortress_defenders":
        combat = state["combat"]
        home = zones.fortress_zone(seat)
        return bool(combat) and any(
            b["zone"] == home and uid in b["defenders"] for b in combat["battles"]
        )
    return False


def _attack_triggers(state: dict, uid: str) -> int:
    """ "When X attacks, your other attacking units get +N attack" while the combat is on."""
    combat = state["combat"]
    if not combat:
        return 0
    attacking = {u for b in combat["battles"] for u in b["attackers"]}
    if uid not in attacking:
        return 0
    total = 0
    for source in attacking - {uid}:
        if (
            source in state["units"]
            and state["units"][source]["seat"] == state["units"][uid]["seat"]
        ):
            for effect in printed_effects(state, source, "attacks"):
                if effect["op"] == "modify" and effect.get("target") == "own_other_attackers":
                    total += effect.get("attack", 0)
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
    for source, seat, effect in static_effects(state, "grant_range"):
        if _covers(state, source, seat, effect, uid):
            printed = max(printed, effect["amount"])
    return max(0, printed + bonus(state, uid, "range"))


def range_against(state: dict, uid: str, target: str) -> int:
    """Range damage of a shot at that target: "extra range damage to units attacking your
    Fortress" counts when the target attacks the shooter's controller's fortress."""
    amount = range_of(state, uid)
    combat = state["combat"]
    seat = state["units"][uid]["seat"]
    if combat and any(
        b["kind"] == "fortress" and b["seat"] == seat and target in b["attackers"]
        for b in combat["battles"]
    ):
        for _source, owner, effect in static_effects(state, "modify"):
            if owner == seat and effect.get("against") == "fortress_attackers":
                amount += effect.get("range", 0)
    return amount


def unit_cost(state: dict, seat: int, key: str) -> int:
    """A unit's cost to its player now: printed, less the cost reductions it controls
    (each to its own minimum, ruling K38)."""
    cost = cards.card(key)["cost"]
    printed = cards.card(key)
    for effect in printed["effects"]:
        if effect["op"] == "cost_reduction" and effect.get("per") == "structure":
            count = len(player(state, seat)["structures"])
            cost = max(effect.get("minimum", 0), cost - effect["amount"] * count)
    for _source, owner, effect in static_effects(state, "cost_reduction"):
        if owner != seat or effect.get("target") != "own_units":
            continue
        floor = effect.get("minimum", 0)
        if effect.get("if_skill") in (None, *printed["skills"]) and cost > floor:
            cost = max(floor, cost - effect["amount"])
    return cost


# --- activated abilities ----------------------------------------------------------------------


def activate_actions(state: dict, seat: int) -> list[dict]:
    """Activated abilities of the seat's fortress and units whose cost it can pay now."""
    actions = []
    used = state["turn"].get("used", [])
    gold = player(state, seat)["gold"]
    for source, owner, effect in static_effects(state, None, "activated"):
        if owner != seat or (effect.get("once_per_turn") and source in used):
            continue
        cost = effect["cost"]
        if cost.get("gold", 0) > gold:
            continue
        if cost.get("exhaust") and (
            source not in state["units"] or state["units"][source]["exhausted"]
        ):
            continue
        for target in _activation_targets(state, seat, effect):
            action = {"type": "activate", "source": source}
            if target is not None:
                action["target"] = target
            actions.append(action)
    return actions


def _activation_targets(state: dict, seat: int, effect: dict) -> list[str | None]:
    if effect.get("target") == "own_unit_at_fortress":
        home = zones.fortress_zone(seat)
        return [
            u for u, unit in state["units"].items() if unit["seat"] == seat and unit["zone"] == home
        ]
    return [None]


def activate(state: dict, seat: int, source: str, target: str | None) -> None:
    """Pay the ability's cost (gold, exhausting the unit) and resolve it."""
    effect = next(
        e for s, o, e in static_effects(state, None, "activated") if s == source and o == seat
    )
    cost = effect["cost"]
    player(state, seat)["gold"] -= cost.get("gold", 0)
    if cost.get("exhaust"):
        state["units"][source]["exhausted"] = True
    if effect.get("once_per_turn"):
        state["turn"].setdefault("used", []).append(source)
    event(state, "activate", seat=seat, source=source, target=target)
    resolve(state, seat, effect, target)


def has_skill(state: dict, uid: str, skill: str) -> bool:
    """Whether the unit has that skill now (quicker than skills() for one question)."""
    if skill == "Ranged":
        return range_of(state, uid) > 0
    if skill in cards.card(state["cards"][uid])["skills"]:
        return True
    if any(e.get("unit") == uid and e.get("skill") == skill for e in state["effects"]):
        return True
    return any(
        e.get("skill") == skill
        for cid in attachments(state, uid)
        for e in printed_effects(state, cid, "attached")
    )


def reach(state: dict, uid: str) -> int:
    """How many zones a unit moves or attacks: 1, or 2 with Mounted."""
    return 2 if has_skill(state, uid, "Mounted") else 1


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
    return not has_skill(state, uid, "Alert")


def can_equip(state: dict, uid: str, key: str) -> bool:
    """One equipment of each type; one weapon, two with Dual Wield (ruling K31)."""
    stats = cards.card(key)["stats"]
    worn = [cards.card(state["cards"][c])["stats"] for c in attachments(state, uid)]
    worn = [s for s in worn if "equipment" in s]
    weapons = sum(1 for s in worn if s.get("weapon"))
    if stats.get("weapon"):
        allowed = 2 if has_skill(state, uid, "Dual Wield") else 1
        return weapons < allowed
    return all(s["equipment"] != stats["equipment"] for s in worn)


def play_action_card(state: dict, seat: int, cid: str, target: str | None) -> None:
    """Attach an Ability or Equipment (already paid); Events and Dirty Tricks go on the
    stack instead (stack.py)."""
    state["attached"][cid] = target
    event(state, "attach", seat=seat, card=cid, key=state["cards"][cid], unit=target)


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
