"""The play sequence: setup, the Duel, the battle line, combat and the end of combat.

State keys (plain JSON): "cards" (id -> card), "zones" (per seat: deck, hand, discard,
holding), "line" (per seat), "duel" ([[seat, id], ...] this duel), "life", "damage_taken",
"life_gained", "first_damage", "round", "summons", "leader" (plays first in the next or current
duel), "duel_first" (who played first in this duel), "turn" (who plays now in the duel),
"phase" (duel, discard, over), "pending" (secret end-of-combat choices), "last_duel", "story",
"outcome".
"""

from __future__ import annotations

from gameplay.engine.core import chance
from gameplay.engine.rune_duel import battle
from gameplay.engine.rune_duel.cards import trumps

HAND_SIZE = 5
FIRST_SUMMONS = 3


def setup(state: dict, decks: list[list[dict]], life: int) -> None:
    """Shuffle both decks, flip for the first duel, deal five cards each and open the duel."""
    cards, zones = {}, {}
    for seat, deck in enumerate(decks):
        ids = []
        for index, card in enumerate(deck):
            cards[f"{seat}-{index}"] = card
            ids.append(f"{seat}-{index}")
        chance(state, f"shuffle seat {seat}'s deck").shuffle(ids)
        zones[str(seat)] = {"deck": ids, "hand": [], "discard": [], "holding": []}
    first = chance(state, "coin flip: who plays first in the first duel").randrange(2)
    state.update(
        {
            "cards": cards,
            "zones": zones,
            "line": {"0": [], "1": []},
            "duel": [],
            "life": {"0": life, "1": life},
            "damage_taken": {"0": 0, "1": 0},
            "life_gained": {"0": 0, "1": 0},
            "first_damage": None,
            "round": 1,
            "summons": FIRST_SUMMONS,
            "leader": first,
            "duel_first": first,
            "turn": first,
            "phase": "duel",
            "pending": {},
            "last_duel": None,
            "story": [f"Seat {first} wins the coin flip and plays first."],
            "outcome": None,
        }
    )
    for seat in (0, 1):
        draw_to_five(state, seat)
    start_duel(state)


def draw_to_five(state: dict, seat: int) -> None:
    """Draw from the top of the deck until the hand has five cards or the deck is empty."""
    zone = state["zones"][str(seat)]
    while len(zone["hand"]) < HAND_SIZE and zone["deck"]:
        zone["hand"].append(zone["deck"].pop())


def trump_cards(state: dict, seat: int) -> list[str]:
    """The cards of the seat's hand it may play now (any card to lead, else trumping cards)."""
    hand = state["zones"][str(seat)]["hand"]
    if not state["duel"]:
        return list(hand)
    cards = state["cards"]
    last = cards[state["duel"][-1][1]]
    return [card_id for card_id in hand if trumps(cards[card_id], last)]


def start_duel(state: dict) -> None:
    """Open the round's duel: the leader plays first (ruling R3 when a hand is empty)."""
    while True:
        state["phase"] = "duel"
        state["duel"] = []
        hands = {seat: state["zones"][str(seat)]["hand"] for seat in (0, 1)}
        first = state["leader"] if hands[state["leader"]] else 1 - state["leader"]
        if hands[first]:
            state["duel_first"] = first
            state["turn"] = first
            tell_round(
                state, f"Round {state['round']} (summons {state['summons']}): seat {first} leads."
            )
            return
        # Ruling R3: with no card in either hand there is no duel, but the battle goes on.
        state["turn"] = None
        tell_round(state, f"Round {state['round']}: neither player has a card, no duel.")
        resolve_battle_line(state)
        if check_end(state):
            return
        redraw(state)
        if not next_round(state):
            return


def tell_round(state: dict, text: str) -> None:
    """Narrate a round-level event."""
    battle.tell(state, text)


def play_card(state: dict, seat: int, card_id: str) -> None:
    """Play a card into the duel; end the duel when the other player cannot trump it."""
    state["zones"][str(seat)]["hand"].remove(card_id)
    state["duel"].append([seat, card_id])
    battle.tell(state, f"Seat {seat} plays {battle.name(state, card_id)}.")
    if trump_cards(state, 1 - seat):
        state["turn"] = 1 - seat
    else:
        end_duel(state, seat)


def end_duel(state: dict, winner: int) -> None:
    """The loser takes one damage per card in hand; then the battle line and combat."""
    state["turn"] = None
    loser = 1 - winner
    damage = len(state["zones"][str(loser)]["hand"])
    state["last_duel"] = {"winner": winner, "damage": damage}
    battle.tell(state, f"Seat {winner} wins the duel.")
    battle.hit_life(state, loser, damage, winner, "Duel lost with cards in hand")
    state["leader"] = winner
    if check_end(state):
        return
    resolve_battle_line(state)
    if check_end(state):
        return
    begin_end_of_combat(state)


def resolve_battle_line(state: dict) -> None:
    """Summon the duel's eligible cards in shuffled order, then the holding areas; fight."""
    eligible = []
    for _seat, card_id in state["duel"]:
        if state["cards"][card_id]["rank"] <= state["summons"]:
            eligible.append(card_id)
        else:
            battle.discard(state, card_id)
    state["duel"] = []
    chance(state, "shuffle the cards for the battle line").shuffle(eligible)
    for card_id in eligible:
        seat = battle.owner(card_id)
        if not battle.place(state, seat, card_id):
            state["zones"][str(seat)]["holding"].append(card_id)
            battle.tell(state, f"{battle.name(state, card_id)} waits in the holding area.")
    first = state["duel_first"]
    for seat in (first, 1 - first):
        _play_holding(state, seat)
    battle.combat(state, first)
    battle.after_combat(state, first)


def _play_holding(state: dict, seat: int) -> None:
    """Ruling R9: each held card, oldest first, goes into play if it now has a target."""
    zone = state["zones"][str(seat)]
    waiting = []
    for card_id in zone["holding"]:
        if not battle.place(state, seat, card_id):
            waiting.append(card_id)
    zone["holding"] = waiting


def begin_end_of_combat(state: dict) -> None:
    """Ask every player holding cards whether to discard one (a secret, simultaneous choice)."""
    asked = [seat for seat in ("0", "1") if state["zones"][seat]["hand"]]
    if not asked:
        finish_round(state)
        return
    state["phase"] = "discard"
    state["pending"] = dict.fromkeys(asked)


def choose_discard(state: dict, seat: int, action: dict) -> None:
    """Record a seat's end-of-combat choice; when all have chosen, finish the round."""
    state["pending"][str(seat)] = action
    if all(choice is not None for choice in state["pending"].values()):
        finish_round(state)


def finish_round(state: dict) -> None:
    """Discards, reshuffle each discard pile into its deck, redraw to five, next summons."""
    for seat, action in sorted(state["pending"].items()):
        if action["type"] == "discard":
            state["zones"][seat]["hand"].remove(action["card"])
            state["zones"][seat]["discard"].append(action["card"])
            battle.tell(state, f"Seat {seat} discards {battle.name(state, action['card'])}.")
    state["pending"] = {}
    redraw(state)
    if next_round(state):
        start_duel(state)


def redraw(state: dict) -> None:
    """Shuffle each discard pile into its deck, then draw back up to five cards."""
    for seat in (0, 1):
        zone = state["zones"][str(seat)]
        if zone["discard"]:
            zone["deck"].extend(zone["discard"])
            zone["discard"] = []
            label = f"shuffle seat {seat}'s discard pile into the deck"
            chance(state, label).shuffle(zone["deck"])
        draw_to_five(state, seat)


def next_round(state: dict) -> bool:
    """Raise the summons number for the next round; False if the round limit ended the game."""
    if state["round"] >= state["options"]["round_limit"]:
        end_game(state, "round_limit")
        return False
    state["round"] += 1
    state["summons"] += 1
    return True


def check_end(state: dict) -> bool:
    """End the game if a life total is at zero or below; True if the game is over."""
    if state["phase"] == "over":
        return True
    if min(state["life"].values()) > 0:
        return False
    end_game(state, "life")
    return True


def end_game(state: dict, reason: str) -> None:
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
    state["outcome"] = {"winners": winners, "reason": reason}
    battle.tell(state, f"Game over ({reason}).")
