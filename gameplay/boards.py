"""Turning a seat's view into what a board template draws (one presenter per game, optional).

A game plugs into the play page with `templates/gameplay/boards/<slug>.html` and, if its
template wants ready-made data, a presenter registered here; without one the template gets the
raw view.
"""

from __future__ import annotations

import re

from gameplay.engine.combat import cards

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


def combat_board(view: dict, names: dict[int, str]) -> dict:
    """Seats with life, hand, soldiers, farms and piles; the step; the combat in progress."""
    seats = []
    for seat in range(view["seats"]):
        key = str(seat)
        hand = view["hands"][key]
        holder = view["holder"][seat]
        seats.append(
            {
                "seat": seat,
                "name": names.get(seat, f"Player {seat + 1}"),
                "life": view["life"][str(holder)],
                "out": view["out"][seat],
                "me": view.get("viewer") == seat,
                "hand": [face(c) for c in hand] if isinstance(hand, list) else None,
                "hand_count": len(hand) if isinstance(hand, list) else hand,
                "soldiers": [face(c, sideways=bool(s)) for c, s in view["soldiers"][key]],
                "farms": [face(c, sideways=bool(s)) for c, s in view["farms"][key]],
            }
        )
    turn = view["turn"]
    combat = view.get("combat") or {}
    return {
        "seats": seats,
        "step": turn["step"],
        "turn_number": turn["number"],
        "active": [names.get(s, f"Player {s + 1}") for s in view["units"][turn["unit"]]],
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


def combat_events(events: list[dict], names: dict[int, str], limit: int = 10) -> list[str]:
    """The latest public events in players' words, newest first."""

    def who(seat) -> str:
        return names.get(seat, f"Player {seat + 1}") if isinstance(seat, int) else "?"

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


_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def rune_duel_board(view: dict, names: dict[int, str]) -> dict:
    """The round's story with players named as on every board: the engine writes "seat N"
    (counted from 1) and this names the player sitting there."""

    def named(match: re.Match) -> str:
        seat = int(match.group(2)) - 1
        return names.get(seat, match.group(0))

    return {"story": [_SEAT.sub(named, line) for line in view.get("story") or []]}


PRESENTERS = {"combat": combat_board, "rune-duel": rune_duel_board}


def board_context(slug: str, view: dict, names: dict[int, str]) -> dict:
    """The presenter's data for a game's board template ({} when the game has none)."""
    presenter = PRESENTERS.get(slug)
    return presenter(view, names) if presenter else {}


# How a game ended, per game, in players' words (the engines' result facts are codes).
END_WORDS = {
    "combat": {
        "last side standing": "the last side standing",
        "turn limit": "the turn limit was reached; the most life won",
    },
    "army": {
        "armies": "every army of the other side fell",
        "round_limit": "the round limit was reached; the most SP won",
    },
    "conventional-combat": {
        "no_fighter": "the other side had no Fighter left",
        "duel": "the deciding duel was won",
        "surrender": "the other side surrendered",
    },
    "rune-duel": {
        "life": "the other side's life ran out",
        "round_limit": "the round limit was reached",
    },
}


def result_words(slug: str, result: dict | None, names: dict[int, str]) -> dict:
    """The result banner's text: {"headline": "ann won", "how": "the last side standing"}."""
    if not result:
        return {"headline": "", "how": ""}
    winners = [names.get(s, f"Player {s + 1}") for s in result.get("winners", [])]
    if not winners:
        headline = "A draw"
    elif len(winners) == len(names):
        headline = "A draw: " + " & ".join(winners) + " share the game"
    else:
        headline = " & ".join(winners) + (" win" if len(winners) > 1 else " wins")
    facts = result.get("facts") or {}
    code = facts.get("reason") or facts.get("end") or ""
    how = END_WORDS.get(slug, {}).get(code) or str(code).replace("_", " ")
    return {"headline": headline, "how": how}
