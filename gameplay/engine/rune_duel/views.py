"""What a seat sees of a Rune Duel game, and a full state sampled back from such a view.

Public: life totals, the duel so far, both battle lines, discard piles, holding areas, each
deck's card list (ruling R2: deck lists are open) and every count. Hidden: the cards in the
other hand, the order of every deck, and the other seat's end-of-combat choice.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from gameplay.engine.core import base_state, to_json
from gameplay.engine.rune_duel.battle import card, stats
from gameplay.engine.rune_duel.cards import RUNES

if TYPE_CHECKING:
    from gameplay.engine.core import Ruleset


def card_view(state: dict[str, Any], card_id: str) -> dict[str, Any]:
    """A visible card: its id plus its printed data."""
    printed = card(state, card_id)
    return {"id": card_id, **printed, "rune_label": RUNES[printed["rune"] - 1]}


def entry_view(state: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    """A creature on the line with its current attack, health, damage and artifacts."""
    attack, health, keywords, _ = stats(state, entry)
    return {
        "card": card_view(state, entry["card"]),
        "damage": entry["damage"],
        "buff": list(entry["buff"]),
        "attack": attack,
        "health": health,
        "keywords": sorted(keywords),
        "artifacts": [card_view(state, a) for a in entry["artifacts"]],
    }


def deck_list(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The seat's deck list as [{card, count}] sorted by name (no ids: the order stays hidden)."""
    catalogue = state["catalogue"]
    return [{"card": catalogue[i], "count": n} for i, n in state["deck_lists"][str(seat)]]


def player_view(state: dict[str, Any], seat: int, own: bool) -> dict[str, Any]:
    """One player's zones: the hand only for its own seat, decks always as counts."""
    zone = state["zones"][str(seat)]
    pending = state["pending"].get(str(seat))
    seen = {
        "life": state["life"][str(seat)],
        "damage_taken": state["damage_taken"][str(seat)],
        "life_gained": state["life_gained"][str(seat)],
        "hand_count": len(zone["hand"]),
        "deck_count": len(zone["deck"]),
        "discard": [card_view(state, c) for c in zone["discard"]],
        "holding": [card_view(state, c) for c in zone["holding"]],
        "line": [None if e is None else entry_view(state, e) for e in state["line"][str(seat)]],
        "deck_list": deck_list(state, seat),
        "asked": str(seat) in state["pending"],
        "chosen": pending is not None,
    }
    if own:
        seen["hand"] = [card_view(state, c) for c in zone["hand"]]
        seen["choice"] = pending
    return seen


def table_view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The table as that seat (None: a spectator) sees it."""
    return {
        "ruleset": state["ruleset"],
        "seat": seat,
        "phase": state["phase"],
        "round": state["round"],
        "summons": state["summons"],
        "options": {k: v for k, v in state["options"].items() if k != "decks"},
        "leader": state["leader"],
        "duel_first": state["duel_first"],
        "turn": state["turn"],
        "duel": [{"seat": s, "card": card_view(state, c)} for s, c in state["duel"]],
        "players": {str(s): player_view(state, s, seat is not None and s == seat) for s in (0, 1)},
        "work": [task_view(state, task) for task in state["work"]],
        "choice": choice_view(state),
        "first_damage": state["first_damage"],
        "last_duel": state["last_duel"],
        "story": list(state["story"]),
        "outcome": state["outcome"],
    }


def task_view(state: dict[str, Any], task: dict[str, Any]) -> dict[str, Any]:
    """A battle-line task still to do (ruling R8: the shuffled pile is placed face up)."""
    if "card" not in task:
        return dict(task)
    return {**task, "card": card_view(state, task["card"])}


def choice_view(state: dict[str, Any]) -> dict[str, Any] | None:
    """The placement choice a player is making: who, for which card, and the options."""
    choice = state["choice"]
    if choice is None:
        return None
    return {
        "seat": choice["seat"],
        "task": task_view(state, choice["task"]),
        "options": [dict(option) for option in choice["options"]],
    }


# ----- determinization -----------------------------------------------------------------------
def _strip(shown: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in shown.items() if k not in ("id", "rune_label")}


def visible_cards(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every card the view shows, by id (printed data only)."""
    seen = {item["card"]["id"]: _strip(item["card"]) for item in view["duel"]}
    tasks = list(view["work"]) + ([view["choice"]["task"]] if view["choice"] else [])
    for task in tasks:
        if "card" in task:
            seen[task["card"]["id"]] = _strip(task["card"])
    for player in view["players"].values():
        for shown in player.get("hand", []) + player["discard"] + player["holding"]:
            seen[shown["id"]] = _strip(shown)
        for entry in player["line"]:
            if entry is not None:
                for shown in (entry["card"], *entry["artifacts"]):
                    seen[shown["id"]] = _strip(shown)
    return seen


def _catalogue(view: dict[str, Any]) -> tuple[list[Any], dict[str, Any], dict[str, Any]]:
    """The distinct cards of both deck lists, their index by JSON text, and the deck lists."""
    catalogue: list[Any] = []
    index_of: dict[str, Any] = {}
    deck_lists: dict[str, Any] = {}
    for key, player in view["players"].items():
        pairs = []
        for item in player["deck_list"]:
            text = to_json(item["card"])
            if text not in index_of:
                index_of[text] = len(catalogue)
                catalogue.append(item["card"])
            pairs.append([index_of[text], item["count"]])
        deck_lists[key] = pairs
    return catalogue, index_of, deck_lists


def _deal_unseen(
    seat: str,
    pairs: list[Any],
    seen: dict[str, Any],
    index_of: dict[str, Any],
    cards: dict[str, Any],
    rng: random.Random,
) -> list[Any]:
    """Index the seat's visible cards; deal its unseen cards to the other ids, in random order."""
    unseen = Counter(dict(pairs))
    prefix = f"{seat}-"
    for card_id, printed in seen.items():
        if card_id.startswith(prefix):
            cards[card_id] = index_of[to_json(printed)]
            unseen[cards[card_id]] -= 1
    pool = [index for index, count in sorted(unseen.items()) for _ in range(count)]
    total = sum(count for _, count in pairs)
    ids = [f"{seat}-{i}" for i in range(total) if f"{seat}-{i}" not in seen]
    rng.shuffle(pool)
    for card_id, index in zip(ids, pool, strict=True):
        cards[card_id] = index
    rng.shuffle(ids)
    return ids


def _line(player: dict[str, Any]) -> list[Any]:
    return [
        None
        if entry is None
        else {
            "card": entry["card"]["id"],
            "damage": entry["damage"],
            "artifacts": [a["id"] for a in entry["artifacts"]],
            "buff": list(entry["buff"]),
        }
        for entry in player["line"]
    ]


def determinize(
    ruleset: Ruleset, view: dict[str, Any], seat: int, rng: random.Random
) -> dict[str, Any]:
    """A full state matching the view: unseen cards dealt at random to the hidden zones."""
    seen = visible_cards(view)
    catalogue, index_of, deck_lists = _catalogue(view)
    cards: dict[str, int] = {}
    zones = {
        key: _zone(
            player, key == str(seat), _deal_unseen(key, deck_lists[key], seen, index_of, cards, rng)
        )
        for key, player in view["players"].items()
    }
    state = base_state(ruleset, seats=2, options=dict(view["options"]), seed=rng.getrandbits(62))
    state.update(
        {
            "catalogue": catalogue,
            "cards": cards,
            "deck_lists": deck_lists,
            "zones": zones,
            "line": {key: _line(player) for key, player in view["players"].items()},
            "duel": [[item["seat"], item["card"]["id"]] for item in view["duel"]],
            "pending": {
                key: _choice(player, key == str(seat))
                for key, player in view["players"].items()
                if player["asked"]
            },
            "work": [_task(task) for task in view["work"]],
            "choice": _state_choice(view["choice"]),
            # the public story: the search bot reads the last duel's end from it (opponent.py)
            "story": list(view["story"]),
        }
    )
    for key in ("life", "damage_taken", "life_gained"):
        state[key] = {k: p[key] for k, p in view["players"].items()}
    for key in ("round", "summons", "leader", "duel_first", "turn", "phase", "first_damage"):
        state[key] = view[key]
    state["last_duel"], state["outcome"] = view["last_duel"], view["outcome"]
    return state


def _zone(player: dict[str, Any], own: bool, hidden: list[Any]) -> dict[str, Any]:
    """A seat's zones: its own hand as seen, or the first `hand_count` hidden cards."""
    if own:
        hand = [c["id"] for c in player["hand"]]
    else:
        hand, hidden = hidden[: player["hand_count"]], hidden[player["hand_count"] :]
    return {
        "deck": hidden,
        "hand": hand,
        "discard": [c["id"] for c in player["discard"]],
        "holding": [c["id"] for c in player["holding"]],
    }


def _task(task: dict[str, Any]) -> dict[str, Any]:
    if "card" not in task:
        return dict(task)
    return {**task, "card": task["card"]["id"]}


def _state_choice(choice: dict[str, Any] | None) -> dict[str, Any] | None:
    if choice is None:
        return None
    options = [dict(option) for option in choice["options"]]
    return {"seat": choice["seat"], "task": _task(choice["task"]), "options": options}


def _choice(player: dict[str, Any], own: bool) -> dict[str, Any] | None:
    """The seat's end-of-combat choice: its own as seen, the other's sampled as keeping."""
    if own:
        return player["choice"]
    return {"type": "keep"} if player["chosen"] else None
