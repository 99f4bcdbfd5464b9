"""Combat on the play page: the board's seats and combat, the clicks, how a game ended."""

from __future__ import annotations

from gameplay.engine.combat import cards
from gameplay.presentation.base import (
    Clicks,
    Names,
    Path,
    Presentation,
    player_name,
)

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def face(card_id: str, **extra) -> dict:
    """A playing-card face for templates: rank, suit symbol, colour, label."""
    if card_id == "?":
        return {"kind": "back", "label": "face-down card", **extra}
    rank, suit = cards.rank_of(card_id), cards.suit_of(card_id)
    if suit is None:
        return {
            "kind": "playing",
            "rank": "★",
            "suit": "JK",
            "color": "black",
            "label": "joker",
            "id": card_id,
            **extra,
        }
    return {
        "kind": "playing",
        "rank": rank,
        "suit": SUIT_SYMBOLS[suit],
        "color": "red" if suit in "HD" else "black",
        "label": cards.card_name(card_id),
        "id": card_id,
        **extra,
    }


def combat_board(view: dict, names: Names) -> dict:
    """Seats with life, hand, soldiers, farms and piles; the step; the combat in progress."""
    turn = view["turn"]
    combat = view.get("combat") or {}
    return {
        "seats": [_seat(view, seat, names) for seat in range(view["seats"])],
        "step": turn["step"],
        "turn_number": turn["number"],
        "active": [player_name(names, s) for s in view["units"][turn["unit"]]],
        "draw": view["draw"],
        "discard": {k: [face(c) for c in v[-3:]] + [] for k, v in view["discard"].items()},
        "discard_counts": {k: len(v) for k, v in view["discard"].items()},
        "attackers": [
            {"card": face(a["card"]), "target": names.get(a["target"], a["target"])}
            for a in combat.get("attackers", [])
        ],
        "blocks": [{"card": face(b), "attacker": face(a)} for b, _, a in combat.get("blocks", [])],
        "recent": combat_events(view.get("events", []), names),
    }


def _seat(view: dict, seat: int, names: Names) -> dict:
    """One seat: its name, life, hand (or its size), soldiers and farms."""
    key = str(seat)
    hand = view["hands"][key]
    holder = view["holder"][seat]
    return {
        "seat": seat,
        "name": player_name(names, seat),
        "life": view["life"][str(holder)],
        "out": view["out"][seat],
        "me": view.get("viewer") == seat,
        "hand": [face(c) for c in hand] if isinstance(hand, list) else None,
        "hand_count": len(hand) if isinstance(hand, list) else hand,
        "soldiers": [face(c, sideways=bool(s)) for c, s in view["soldiers"][key]],
        "farms": [face(c, sideways=bool(s)) for c, s in view["farms"][key]],
    }


def combat_events(events: list[dict], names: Names, limit: int = 10) -> list[str]:
    """The latest public events in players' words, newest first."""

    def who(seat) -> str:
        return player_name(names, seat) if isinstance(seat, int) else "?"

    def card(event) -> str:
        return cards.card_name(event["card"]) if event.get("card") else "a card"

    words = {
        "turn": lambda e: f"Turn {e['number']}: {', '.join(who(s) for s in e['seats'])}",
        "attack": lambda e: f"{who(e['seat'])} attacks {who(e['target'])} with the {card(e)}",
        "block": lambda e: (
            f"{who(e['seat'])} blocks the {cards.card_name(e['attacker'])} with the {card(e)}"
        ),
        "damage": lambda e: f"The {card(e)} deals {e['amount']} damage to {who(e['player'])}",
        "destroyed": lambda e: f"The {card(e)} is destroyed",
        "soldier": lambda e: f"{who(e['seat'])} plays the {card(e)}",
        "court": lambda e: f"{who(e['seat'])} plays the {card(e)}",
        "farm": lambda e: f"{who(e['seat'])} plays a farm",
        "special": lambda e: f"{who(e['seat'])} uses the {card(e)}'s special ability",
        "out": lambda e: f"{who(e['seat'])} is out of the game",
        "over": lambda e: "The game is over",
    }
    lines = [words[e["e"]](e) for e in events if e.get("e") in words]
    return lines[::-1][:limit]


def combat_paths(view: dict, actions: list, names: Names) -> Clicks:
    """Card in hand, then soldiers / farms / a target; attacker, then the player it attacks;
    blocker, then the attacker it blocks; the soldier a point of damage goes to."""
    step = view["turn"]["step"]
    done_words = {"attack": "Done attacking", "block": "Done blocking"}
    words: dict[str, str] = {
        "opt:end": "End the main step",
        "opt:done": done_words.get(step, "Done"),
        "opt:special": "Use its special ability (draw two)",
    }
    paths = [_path(action, view.get("viewer")) for action in actions]
    return paths, words, _hint({action["type"] for action in actions}, step)


def _path(action: dict, me) -> Path:
    """The clicks that make one legal action."""
    kind = action["type"]
    card = f"card:{action['card']}" if "card" in action else ""
    if kind in ("soldier", "court"):
        return (card, f"zone:soldiers:{me}")
    if kind == "farm":
        return (card, f"zone:farms:{me}")
    if kind == "special":
        if "target" in action:
            return (card, f"card:{action['target']}")
        if "opponent" in action:
            return (card, f"seat:{action['opponent']}")
        return (card, "opt:special")
    if kind == "attack":
        return (card, f"seat:{action['target']}")
    if kind == "block":
        return (card, f"card:{action['attacker']}")
    if kind == "damage":
        return (f"card:{action['target']}",)
    if kind == "destroy":
        return (card,)
    return (f"opt:{kind}",)  # "end", "done"


def _hint(kinds: set[str], step: str) -> str | tuple[str, str]:
    """What to choose first (and, as a pair, what to choose after the first choice)."""
    if "destroy" in kinds:
        return "Choose which of your soldiers the 2 destroys."
    if "damage" in kinds:
        return "Choose the soldier that takes the next point of damage."
    if step == "attack":
        return (
            "Choose an attacker, then the player it attacks; or say you are done.",
            "Now choose the player it attacks.",
        )
    if step == "block":
        return (
            "Choose a blocker, then the attacker it blocks; or say you are done.",
            "Now choose the attacker it blocks.",
        )
    return (
        "Choose a card in your hand, then where it goes: your soldiers or your farms.",
        "Now choose where it goes (Soldiers or Farms) or the target of its special ability.",
    )


PRESENTATION = Presentation(
    board=combat_board,
    clicks=combat_paths,
    end_words={
        "last side standing": "the last side standing",
        "turn limit": "the turn limit was reached; the most life won",
    },
)
