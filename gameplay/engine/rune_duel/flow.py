"""The play sequence after setup.py's deal: the Duel, the battle line, combat, the end of combat.

State keys (plain JSON): "catalogue" (distinct cards), "cards" (id -> catalogue index),
"deck_lists" (public, [[index, count]] per seat), "zones" (per seat:
deck, hand, discard, holding), "line" (per seat), "duel" ([[seat, id], ...] this duel),
"work" (battle-line tasks still to do), "choice" (a placement choice waiting for a player),
"life", "damage_taken", "life_gained", "first_damage", "round", "summons", "leader" (plays
first in the next duel), "duel_first" (played first in this duel), "turn" (plays now in the
duel), "phase" (duel, choose, discard, over; "next" only between two calls), "pending"
(secret end-of-combat choices), "last_duel", "story", "outcome".
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.core import chance
from gameplay.engine.rune_duel import battle, effects
from gameplay.engine.rune_duel.cards import BODY_TYPES, trumps

HAND_SIZE = 5
FIRST_SUMMONS = 3


def shuffle(state: dict[str, Any], label: str, cards: list[Any]) -> None:
    """Shuffle in place with the game's chance (Fisher-Yates on random(), which is C-fast)."""
    draw = chance(state, label).random
    for i in range(len(cards) - 1, 0, -1):
        j = int(draw() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def settle(state: dict[str, Any]) -> None:
    """Open duels until a player has something to decide (or the game is over)."""
    while state["phase"] == "next":
        start_duel(state)


def draw_to_five(state: dict[str, Any], seat: int) -> None:
    """Draw from the top of the deck until the hand has five cards or the deck is empty."""
    zone = state["zones"][str(seat)]
    while len(zone["hand"]) < HAND_SIZE and zone["deck"]:
        zone["hand"].append(zone["deck"].pop())


def playable_cards(state: dict[str, Any], seat: int) -> list[str]:
    """The cards of the seat's hand it may play now (any card to lead, else trumping cards)."""
    hand = state["zones"][str(seat)]["hand"]
    if not state["duel"]:
        return list(hand)
    catalogue, index = state["catalogue"], state["cards"]
    last = catalogue[index[state["duel"][-1][1]]]
    return [card_id for card_id in hand if trumps(catalogue[index[card_id]], last)]


# ----- the duel ------------------------------------------------------------------------------
def start_duel(state: dict[str, Any]) -> None:
    """Open the round's duel: the leader plays first (ruling R3 when a hand is empty)."""
    state["phase"] = "duel"
    state["duel"] = []
    hands = {seat: state["zones"][str(seat)]["hand"] for seat in (0, 1)}
    first = state["leader"] if hands[state["leader"]] else 1 - state["leader"]
    if hands[first]:
        state["duel_first"] = first
        state["turn"] = first
        battle.tell(
            state, f"Round {state['round']} (summons {state['summons']}): seat {first + 1} leads."
        )
        return
    state["turn"] = None
    battle.tell(state, f"Round {state['round']}: neither player has a card, no duel.")
    resolve_battle_line(state)


def play_card(state: dict[str, Any], seat: int, card_id: str) -> None:
    """Play a card into the duel; end the duel when the other player cannot trump it."""
    state["zones"][str(seat)]["hand"].remove(card_id)
    state["duel"].append([seat, card_id])
    battle.tell(state, f"Seat {seat + 1} plays {battle.name(state, card_id)}.")
    if playable_cards(state, 1 - seat):
        state["turn"] = 1 - seat
    else:
        end_duel(state, seat)


def end_duel(state: dict[str, Any], winner: int) -> None:
    """The loser takes one damage per card in hand; then the battle line and combat."""
    state["turn"] = None
    loser = 1 - winner
    damage = len(state["zones"][str(loser)]["hand"])
    state["last_duel"] = {"winner": winner, "damage": damage}
    battle.tell(state, f"Seat {winner + 1} wins the duel.")
    battle.hit_life(state, loser, damage, winner, "Duel lost with cards in hand")
    state["leader"] = winner
    if not check_end(state):
        resolve_battle_line(state)


# ----- the battle line -----------------------------------------------------------------------
def resolve_battle_line(state: dict[str, Any]) -> None:
    """Discard cards above the summons number; place the rest in shuffled order; then hold."""
    state["phase"] = "battle"
    eligible = []
    for _seat, card_id in state["duel"]:
        if battle.card(state, card_id)["rank"] <= state["summons"]:
            eligible.append(card_id)
        else:
            battle.discard(state, card_id)
    state["duel"] = []
    shuffle(state, "shuffle the cards for the battle line", eligible)
    first = state["duel_first"]
    # R9: only what was held before this round is tried after the duel's cards; a card sent
    # to the holding area this round waits "to be played on a later turn" (rulebook 004).
    held = {seat: list(state["zones"][str(seat)]["holding"]) for seat in (first, 1 - first)}
    state["work"] = [{"do": "place", "card": card_id} for card_id in eligible]
    state["work"] += [
        {"do": "holding", "seat": seat, "cards": held[seat]} for seat in (first, 1 - first)
    ]
    run_work(state)


def run_work(state: dict[str, Any]) -> None:
    """Carry out the battle-line tasks in order until one needs a choice; then fight."""
    while state["work"]:
        task = state["work"].pop(0)
        options = _step(state, task)
        if options:
            state["phase"] = "choose"
            state["choice"] = {"seat": _task_seat(task), "task": task, "options": options}
            return
        if check_end(state):
            return
    first = state["duel_first"]
    battle.combat(state, first)
    battle.after_combat(state, first)
    if not check_end(state):
        begin_end_of_combat(state)


def _task_seat(task: dict[str, Any]) -> int:
    return task["seat"] if "seat" in task else battle.owner(task["card"])


def _step(state: dict[str, Any], task: dict[str, Any]) -> list[Any] | None:
    """Do one task; the choices a player must make first, if any."""
    if task["do"] == "holding":
        zone = state["zones"][str(task["seat"])]
        # (a task saved before R9 named no cards: it tries the whole holding area, as then)
        earlier = [c for c in task.get("cards", zone["holding"]) if c in zone["holding"]]
        zone["holding"] = [c for c in zone["holding"] if c not in earlier]
        state["work"][:0] = [{"do": "place", "card": card_id} for card_id in earlier]
        return None
    if task["do"] == "discard":
        battle.discard(state, task["card"])
        return None
    if task["do"] == "effect":
        return _effect_step(state, task)
    return _place_step(state, task["card"])


def _place_step(state: dict[str, Any], card_id: str) -> list[Any] | None:
    seat, card = battle.owner(card_id), battle.card(state, card_id)
    if card["type"] in BODY_TYPES:
        slots = [battle.first_free_slot(state, seat)]
        if "charge" in card["keywords"]:
            slots = battle.charge_slots(state, seat)
            if len(slots) > 1:
                return [{"type": "slot", "slot": slot + 1} for slot in slots]
        enter(state, seat, card_id, slots[0])
        return None
    if card["type"] == "artifact":
        placed = battle.attach(state, seat, card_id)
    else:
        placed = all(effects.has_target(state, seat, effect) for effect in card["effects"])
        if placed:
            battle.tell(state, f"Seat {seat + 1} casts {card['name']}.")
            state["work"][:0] = [_effect_task(card_id, seat, e) for e in card["effects"]] + [
                {"do": "discard", "card": card_id}
            ]
    if not placed:
        state["zones"][str(seat)]["holding"].append(card_id)
        battle.tell(state, f"{card['name']} waits in seat {seat + 1}'s holding area.")
    return None


def _effect_task(card_id: str, seat: int, effect: dict[str, Any]) -> dict[str, Any]:
    return {"do": "effect", "card": card_id, "seat": seat, "effect": effect}


def enter(state: dict[str, Any], seat: int, card_id: str, slot: int) -> None:
    """A creature enters that slot; its entry effects resolve before anything else."""
    battle.put_creature(state, seat, card_id, slot)
    card_effects = battle.card(state, card_id)["effects"]
    state["work"][:0] = [_effect_task(card_id, seat, e) for e in card_effects]


def _effect_step(state: dict[str, Any], task: dict[str, Any]) -> list[Any] | None:
    seat, effect, source = task["seat"], task["effect"], battle.name(state, task["card"])
    if not effects.has_target(state, seat, effect):
        battle.tell(state, f"{source}: no target, the effect is lost.")
        return None
    choices = effects.creature_targets(state, seat, effect)
    if choices is not None and len(choices) > 1:
        return [{"type": "target", "seat": side, "slot": slot + 1} for side, slot in choices]
    effects.resolve(state, seat, effect, source, choices[0] if choices else None)
    return None


def make_choice(state: dict[str, Any], action: dict[str, Any]) -> None:
    """Apply the waiting placement choice (a Charge slot or a spell's target), then go on."""
    task = state["choice"]["task"]
    state["choice"] = None
    state["phase"] = "battle"
    if action["type"] == "slot":
        enter(state, battle.owner(task["card"]), task["card"], action["slot"] - 1)
    else:
        target = (action["seat"], action["slot"] - 1)
        source = battle.name(state, task["card"])
        effects.resolve(state, task["seat"], task["effect"], source, target)
    if not check_end(state):
        run_work(state)


# ----- end of combat -------------------------------------------------------------------------
def begin_end_of_combat(state: dict[str, Any]) -> None:
    """Ask every player holding cards whether to discard one (a secret, simultaneous choice)."""
    asked = [seat for seat in ("0", "1") if state["zones"][seat]["hand"]]
    state["pending"] = dict.fromkeys(asked)
    state["phase"] = "discard"
    if not asked:
        finish_round(state)


def choose_discard(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    """Record a seat's end-of-combat choice; when all have chosen, finish the round."""
    state["pending"][str(seat)] = action
    if all(choice is not None for choice in state["pending"].values()):
        finish_round(state)


def finish_round(state: dict[str, Any]) -> None:
    """Discards, reshuffle each discard pile into its deck, redraw to five, next summons."""
    for seat, action in sorted(state["pending"].items()):
        if action["type"] == "discard":
            state["zones"][seat]["hand"].remove(action["card"])
            state["zones"][seat]["discard"].append(action["card"])
            battle.tell(
                state, f"Seat {int(seat) + 1} discards {battle.name(state, action['card'])}."
            )
    state["pending"] = {}
    for seat in (0, 1):
        zone = state["zones"][str(seat)]
        if zone["discard"]:
            zone["deck"].extend(zone["discard"])
            zone["discard"] = []
            shuffle(state, f"shuffle seat {seat}'s discard pile into the deck", zone["deck"])
        draw_to_five(state, seat)
    if state["round"] >= state["options"]["round_limit"]:
        end_game(state, "round_limit")
        return
    state["round"] += 1
    state["summons"] += 1
    state["phase"] = "next"


# ----- the end -------------------------------------------------------------------------------
def check_end(state: dict[str, Any]) -> bool:
    """End the game if a life total is at zero or below; True if the game is over."""
    if state["phase"] == "over":
        return True
    if min(state["life"].values()) > 0:
        return False
    end_game(state, "life")
    return True


def end_game(state: dict[str, Any], reason: str) -> None:
    """Rulings R12/R13: higher life wins, then the first seat to deal damage, else a draw."""
    life = state["life"]
    if life["0"] != life["1"]:
        winners = [0] if life["0"] > life["1"] else [1]
    elif state["first_damage"] is not None:
        winners = [state["first_damage"]]
    else:
        winners = []
    state["phase"] = "over"
    state["turn"] = None
    state["pending"] = {}
    state["choice"] = None
    state["outcome"] = {"winners": winners, "reason": reason}
    battle.tell(state, f"Game over ({reason}).")
