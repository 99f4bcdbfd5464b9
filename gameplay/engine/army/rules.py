"""Army: two players, one 52-card pack, army cards (A/K/Q/J) fighting with number cards (2-10).

The rules follow `rulebooks/003_1140e0dfd694ea4f.txt`; where the text is silent the ruling is
written in `ARMY_RULINGS.md` (each with a test in `tests/gameplay/engine/test_army_rules.py`).

State (plain JSON): the army pile, the fighting pile and their graveyards, and per seat ("0",
"1") the hand of fighting cards, the line of army cards still face down, the army card in play
with the SP it has lost, and the secret choice of the current round ("pending").
"""

from __future__ import annotations

import itertools
import random

from gameplay.engine.core import (
    Decision,
    IllegalAction,
    Option,
    Result,
    Ruleset,
    base_state,
    chance,
)

SUITS = ("S", "H", "D", "C")
RED_SUITS = ("H", "D")
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
STAMINA = {"A": 4, "K": 3, "Q": 2, "J": 1}
ARMY_CARDS = tuple(rank + suit for rank in STAMINA for suit in SUITS)
FIGHTING_CARDS = tuple(f"{n}{suit}" for n in range(2, 11) for suit in SUITS)
HAND_SIZE = 5
ARMY_DRAW = 3
# How an army card lies after losing 0, 1, 2 or 3 SP (the text's way of tracking SP).
ORIENTATIONS = ("upright", "sideways", "diagonal", "face-down")


def rank_of(card: str) -> str:
    """The rank part of a card id ("10H" -> "10")."""
    return card[:-1]


def value_of(card: str) -> int:
    """The number of a fighting card."""
    return int(card[:-1])


def is_attack(card: str) -> bool:
    """Red fighting cards are attacks; black ones are defences."""
    return card[-1] in RED_SUITS


def stamina_of(card: str) -> int:
    """The SP an army card starts with (A 4, K 3, Q 2, J 1)."""
    return STAMINA[rank_of(card)]


def card_label(card: str) -> str:
    """A card id with its suit symbol, e.g. 10H -> 10♥."""
    return rank_of(card) + SUIT_SYMBOLS[card[-1]]


class Army(Ruleset):
    """The Army card game for two players."""

    slug = "army"
    name = "Army"
    version = "1"
    min_players = 2
    max_players = 2
    options = {
        "round_limit": Option(
            default=200,
            minimum=10,
            maximum=2000,
            help="Rounds after which the game ends and remaining SP decides (guarantees an end).",
        ),
    }

    # ----- setup -------------------------------------------------------------------------
    def new_state(self, *, seats: int, options: dict, seed: int) -> dict:
        """Shuffle both piles and deal three army cards and five fighting cards to each player."""
        state = base_state(self, seats=seats, options=options, seed=seed)
        army_pile = list(ARMY_CARDS)
        chance(state, "shuffle army pile").shuffle(army_pile)
        fight_pile = list(FIGHTING_CARDS)
        chance(state, "shuffle fighting pile").shuffle(fight_pile)
        players = {}
        for seat in ("0", "1"):
            line = [army_pile.pop() for _ in range(ARMY_DRAW)]
            hand = [fight_pile.pop() for _ in range(HAND_SIZE)]
            players[seat] = {"hand": hand, "line": line, "army": None, "lost": 0}
        state.update(
            {
                "phase": "line",
                "round": 0,
                "army_pile": army_pile,
                "army_graveyard": [],
                "fight_pile": fight_pile,
                "fight_graveyard": [],
                "players": players,
                "pending": {"0": None, "1": None},
                "last_round": None,
                "first_damage": None,
                "winner": None,
                "end": None,
            }
        )
        return state

    # ----- whose decision --------------------------------------------------------------------
    def decision(self, state: dict) -> Decision:
        """Both seats choose secretly: the army line, then one fighting card a round."""
        if state["phase"] == "over":
            return Decision("terminal", ())
        waiting = tuple(int(s) for s in ("0", "1") if state["pending"][s] is None)
        return Decision("simultaneous", waiting)

    def legal_actions(self, state: dict, seat: int) -> list:
        """Army-line orders in the line phase, one card of the hand per round after that."""
        if state["phase"] == "over" or state["pending"][str(seat)] is not None:
            return []
        player = state["players"][str(seat)]
        if state["phase"] == "line":
            return [
                {"type": "line", "order": list(order)}
                for order in itertools.permutations(player["line"])
            ]
        return [{"type": "play", "card": card} for card in sorted(player["hand"], key=_card_key)]

    def why_illegal(self, state: dict, seat: int, action) -> str:
        """The rule the action breaks, in players' words (the one path for refusals)."""
        return _why_illegal(state, seat, action)

    def apply(self, state: dict, seat: int, action) -> None:
        """Record the seat's secret choice; resolve once both seats have chosen."""
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(_why_illegal(state, seat, action))
        state["pending"][str(seat)] = action
        if all(choice is not None for choice in state["pending"].values()):
            if state["phase"] == "line":
                _reveal_armies(state)
            else:
                _resolve_round(state)

    # ----- what each seat sees -----------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        """The table as that seat sees it: own hand and line, the other side's only as counts."""
        players = {}
        for key, player in state["players"].items():
            own = seat is not None and key == str(seat)
            players[key] = _player_view(state, key, player, own)
        return {
            "ruleset": self.slug,
            "seat": seat,
            "phase": state["phase"],
            "round": state["round"],
            "options": dict(state["options"]),
            "players": players,
            "army_pile": len(state["army_pile"]),
            "army_graveyard": list(state["army_graveyard"]),
            "fight_pile": len(state["fight_pile"]),
            "fight_graveyard": list(state["fight_graveyard"]),
            "last_round": state["last_round"],
            "first_damage": state["first_damage"],
            "winner": state["winner"],
            "end": state["end"],
        }

    def determinize(self, view: dict, seat: int, rng: random.Random) -> dict:
        """A full state matching the view: unseen cards dealt at random to the hidden zones."""
        return _determinize(self, view, seat, rng)

    # ----- outcome -------------------------------------------------------------------------
    def result(self, state: dict) -> Result | None:
        """Winner (or draw at the round limit on equal SP), remaining SP as life, first damage."""
        if state["phase"] != "over":
            return None
        winners = [] if state["winner"] is None else [state["winner"]]
        return Result(
            winners=winners,
            life=life_of(state),
            first_damage=state["first_damage"],
            facts={"end": state["end"], "rounds": state["round"]},
        )

    def time_facts(self, state: dict) -> dict:
        """Life = remaining army SP per seat; first damage = first seat whose attack cost an SP."""
        return {"life": life_of(state), "first_damage": state["first_damage"]}

    def evaluate(self, state: dict, seat: int) -> float:
        """SP difference, plus a little for strong attack cards in hand; +-1000 when decided."""
        if state["phase"] == "over":
            if state["winner"] is None:
                return 0.0
            return 1000.0 if state["winner"] == seat else -1000.0
        life = life_of(state)
        score = 10.0 * (life[seat] - life[1 - seat])
        mine, theirs = state["pending"][str(seat)], state["pending"][str(1 - seat)]
        if mine and mine["type"] == "play" and theirs is None:
            # A chosen card still waiting for the other side: its expected SP swing this round.
            their_hand = state["players"][str(1 - seat)]["hand"]
            score += 10.0 * expected_swing(mine["card"], their_hand)
        return score

    def check_invariants(self, state: dict) -> None:
        """Every card in exactly one zone; hands of five; SP lost below the army card's SP."""
        _check_invariants(state)

    def describe_action(self, action) -> str:
        """Button text: "Play 7♥ (attack)" or "Lead with A♠, then K♥, then J♦"."""
        if action.get("type") == "line":
            first, *rest = (card_label(c) for c in action["order"])
            return "Lead with " + ", then ".join([first, *rest])
        card = action["card"]
        kind = "attack" if is_attack(card) else "defence"
        return f"Play {card_label(card)} ({kind})"


# ----- resolution ---------------------------------------------------------------------------
def _card_key(card: str) -> tuple:
    rank = rank_of(card)
    return (int(rank) if rank.isdigit() else 20 + STAMINA[rank], SUITS.index(card[-1]))


def _why_illegal(state: dict, seat: int, action=None) -> str:
    if state["phase"] == "over":
        return "The game is over."
    if str(seat) not in state["pending"]:
        return "There is no such seat in this game."
    if state["pending"][str(seat)] is not None:
        return "You have already chosen this round; wait for your opponent."
    player = state["players"][str(seat)]
    kind = action.get("type") if isinstance(action, dict) else None
    if state["phase"] == "line":
        if kind == "play":
            return "First put your army cards in order; fighting cards come after."
        cards = ", ".join(sorted(player["line"], key=_card_key))
        return f"Put your own army cards in an order: each of {cards} once."
    if kind == "line":
        return "The army line is set; now play one fighting card from your hand."
    if kind == "play" and action.get("card") not in player["hand"]:
        return f"{action.get('card')} is not in your hand. Play one fighting card from your hand."
    return "Play one fighting card from your hand."


def _reveal_armies(state: dict) -> None:
    for seat in ("0", "1"):
        player = state["players"][seat]
        order = state["pending"][seat]["order"]
        player["army"], player["line"] = order[0], order[1:]
        state["pending"][seat] = None
    state["phase"] = "fight"


def _resolve_round(state: dict) -> None:
    cards = {seat: state["pending"][seat]["card"] for seat in ("0", "1")}
    winner = _round_winner(cards)
    damaged = None
    if winner is not None and is_attack(cards[str(winner)]):
        damaged = 1 - winner
    for seat in ("0", "1"):
        state["players"][seat]["hand"].remove(cards[seat])
        state["fight_graveyard"].append(cards[seat])
        state["pending"][seat] = None
    for seat in ("0", "1"):
        _draw_to_five(state, seat)
    state["round"] += 1
    fallen = _lose_sp(state, damaged) if damaged is not None else None
    state["last_round"] = {
        "cards": cards,
        "winner": winner,
        "damaged": damaged,
        "fallen": fallen,
    }
    if state["phase"] != "over" and state["round"] >= state["options"]["round_limit"]:
        _end_at_round_limit(state)


def _round_winner(cards: dict) -> int | None:
    first, second = value_of(cards["0"]), value_of(cards["1"])
    if first == second:
        return None
    return 0 if first > second else 1


def expected_swing(card: str, their_hand: list[str]) -> float:
    """Mean SP swing (+1 we cost them one, -1 they cost us one) of card against their hand."""
    total = 0
    for theirs in their_hand:
        if value_of(card) > value_of(theirs) and is_attack(card):
            total += 1
        elif value_of(theirs) > value_of(card) and is_attack(theirs):
            total -= 1
    return total / len(their_hand) if their_hand else 0.0


def _draw_to_five(state: dict, seat: str) -> None:
    hand = state["players"][seat]["hand"]
    while len(hand) < HAND_SIZE:
        if not state["fight_pile"]:
            pile = state["fight_graveyard"]
            state["fight_graveyard"] = []
            chance(state, "reshuffle fighting graveyard").shuffle(pile)
            state["fight_pile"] = pile
        hand.append(state["fight_pile"].pop())


def _lose_sp(state: dict, seat: int) -> str | None:
    """Take one SP from the seat's army card; returns the card if it fell."""
    if state["first_damage"] is None:
        state["first_damage"] = 1 - seat
    player = state["players"][str(seat)]
    player["lost"] += 1
    army = player["army"]
    if player["lost"] < stamina_of(army):
        return None
    state["army_graveyard"].append(army)
    player["lost"] = 0
    if player["line"]:
        player["army"] = player["line"].pop(0)
    else:
        player["army"] = None
        state["phase"] = "over"
        state["winner"] = 1 - seat
        state["end"] = "armies"
    return army


def _end_at_round_limit(state: dict) -> None:
    """Ruling A4: at the round limit, more remaining SP wins, then first damage, else a draw."""
    life = life_of(state)
    state["phase"] = "over"
    state["end"] = "round_limit"
    if life[0] != life[1]:
        state["winner"] = 0 if life[0] > life[1] else 1
    else:
        state["winner"] = state["first_damage"]


def life_of(state: dict) -> dict[int, int]:
    """Remaining army SP per seat: the army card's SP left plus the full SP of the line."""
    life = {}
    for seat in ("0", "1"):
        player = state["players"][seat]
        if state["phase"] == "line":
            total = sum(stamina_of(c) for c in player["line"])
        else:
            total = sum(stamina_of(c) for c in player["line"])
            if player["army"] is not None:
                total += stamina_of(player["army"]) - player["lost"]
        life[int(seat)] = total
    return life


# ----- views and determinization -------------------------------------------------------
def _player_view(state: dict, key: str, player: dict, own: bool) -> dict:
    army = player["army"]
    pending = state["pending"][key]
    seen = {
        "army": army,
        "lost": player["lost"],
        "sp_left": stamina_of(army) - player["lost"] if army else 0,
        "orientation": ORIENTATIONS[player["lost"]] if army else None,
        "hand_count": len(player["hand"]),
        "line_count": len(player["line"]),
        "chosen": pending is not None,
    }
    if own:
        # Ruling A6: total SP counts the face-down line, so only its owner sees it.
        seen.update(
            {
                "hand": sorted(player["hand"], key=_card_key),
                "line": list(player["line"]),
                "life": life_of(state)[int(key)],
            }
        )
        seen["choice"] = pending
    return seen


def _determinize(ruleset: Army, view: dict, seat: int, rng: random.Random) -> dict:
    me, other = str(seat), str(1 - seat)
    mine, theirs = view["players"][me], view["players"][other]
    known = set(mine["hand"]) | set(mine["line"]) | set(view["army_graveyard"])
    known |= set(view["fight_graveyard"])
    known |= {p["army"] for p in (mine, theirs) if p["army"]}
    unseen_fight = [c for c in FIGHTING_CARDS if c not in known]
    unseen_army = [c for c in ARMY_CARDS if c not in known]
    rng.shuffle(unseen_fight)
    rng.shuffle(unseen_army)
    their_hand = [unseen_fight.pop() for _ in range(theirs["hand_count"])]
    their_line = [unseen_army.pop() for _ in range(theirs["line_count"])]
    players = {
        me: {
            "hand": list(mine["hand"]),
            "line": list(mine["line"]),
            "army": mine["army"],
            "lost": mine["lost"],
        },
        other: {
            "hand": their_hand,
            "line": their_line,
            "army": theirs["army"],
            "lost": theirs["lost"],
        },
    }
    pending = {me: mine.get("choice"), other: None}
    if theirs["chosen"]:
        pending[other] = _sampled_choice(view["phase"], players[other], rng)
    state = base_state(ruleset, seats=2, options=dict(view["options"]), seed=rng.getrandbits(62))
    state.update(
        {
            "phase": view["phase"],
            "round": view["round"],
            "army_pile": unseen_army,
            "army_graveyard": list(view["army_graveyard"]),
            "fight_pile": unseen_fight,
            "fight_graveyard": list(view["fight_graveyard"]),
            "players": players,
            "pending": pending,
            "last_round": view["last_round"],
            "first_damage": view["first_damage"],
            "winner": view["winner"],
            "end": view["end"],
        }
    )
    return state


def _sampled_choice(phase: str, player: dict, rng: random.Random) -> dict:
    if phase == "line":
        order = list(player["line"])
        rng.shuffle(order)
        return {"type": "line", "order": order}
    return {"type": "play", "card": rng.choice(player["hand"])}


# ----- invariants -----------------------------------------------------------------------
def _check_invariants(state: dict) -> None:
    zones = list(state["army_pile"]) + list(state["army_graveyard"])
    zones += list(state["fight_pile"]) + list(state["fight_graveyard"])
    for player in state["players"].values():
        zones += player["hand"] + player["line"] + ([player["army"]] if player["army"] else [])
    if sorted(zones) != sorted(ARMY_CARDS + FIGHTING_CARDS):
        raise AssertionError("Army: the 52 cards are not each in exactly one zone.")
    if any(c not in ARMY_CARDS for c in state["army_pile"] + state["army_graveyard"]):
        raise AssertionError("Army: a fighting card is in the army pile or army graveyard.")
    for seat, player in state["players"].items():
        if len(player["hand"]) != HAND_SIZE:
            raise AssertionError(f"Army: seat {seat} holds {len(player['hand'])} fighting cards.")
        if any(c not in FIGHTING_CARDS for c in player["hand"]):
            raise AssertionError(f"Army: seat {seat} holds an army card in hand.")
        army = player["army"]
        if army is not None and not 0 <= player["lost"] < stamina_of(army):
            raise AssertionError(f"Army: seat {seat}'s {army} has lost {player['lost']} SP.")
        if state["phase"] == "fight" and army is None:
            raise AssertionError(f"Army: seat {seat} fights without an army card.")
        pending = state["pending"][seat]
        if pending and pending["type"] == "play" and pending["card"] not in player["hand"]:
            raise AssertionError(f"Army: seat {seat} chose a card it does not hold.")
    if state["phase"] == "over" and state["end"] is None:
        raise AssertionError("Army: the game is over without a reason.")


ARMY = Army()
