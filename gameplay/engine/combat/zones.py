"""Who is who (sides, teams, life holders) and moving cards between zones.

Zones in the state (all lists of card ids, top of a draw pile = last item):
draw[pile], discard[pile], hands[seat], soldiers[seat] ([id, sideways]), farms[seat]
([id, sideways]). `pile` is "shared" off the top, or the owner's seat in own-deck formats.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.combat.cards import SUITS, suit_of
from gameplay.engine.core import chance


def pile_of(state: dict[str, Any], seat: int) -> str:
    """The key of the draw/discard pile that seat draws from."""
    return "shared" if state["mode"] == "shared" else str(seat)


def owner_pile(state: dict[str, Any], card: str) -> str:
    """The discard pile a card goes to: its owner's (own decks) or the shared one."""
    return "shared" if state["mode"] == "shared" else str(state["owner"][card])


def holder(state: dict[str, Any], seat: int) -> int:
    """The seat whose life total this seat uses (its as-one team's first seat, or itself)."""
    return state["holder"][seat]


def side_of(state: dict[str, Any], seat: int) -> int:
    """The side a seat plays for: its team, or the seat itself without teams."""
    team_of = state["team_of"]
    return seat if team_of is None else team_of[seat]


def alive_seats(state: dict[str, Any]) -> list[int]:
    """Seats still in the game, in seat order."""
    return [s for s in range(state["seats"]) if not state["out"][s]]


def opponents(state: dict[str, Any], seat: int) -> list[int]:
    """Living seats on another side than seat."""
    if state["team_of"] is None:
        out = state["out"]
        return [s for s in range(state["seats"]) if s != seat and not out[s]]
    side = side_of(state, seat)
    return [s for s in alive_seats(state) if side_of(state, s) != side]


def attack_targets(state: dict[str, Any], seat: int) -> list[int]:
    """Players (life holders) the seat may attack: one per opposing life total."""
    if state["team_of"] is None:
        out = state["out"]
        return [s for s in range(state["seats"]) if s != seat and not out[s]]
    targets = []
    for s in opponents(state, seat):
        h = holder(state, s)
        if h not in targets:
            targets.append(h)
    return targets


def defenders_of(state: dict[str, Any], target: int) -> list[int]:
    """Living seats that may block attackers aimed at that life holder."""
    return [s for s in alive_seats(state) if holder(state, s) == target]


def draw(state: dict[str, Any], seat: int) -> str | None:
    """Draw one card for seat (reshuffling the discard pile when the draw pile is empty)."""
    pile = pile_of(state, seat)
    deck = state["draw"][pile]
    if not deck:
        discard = state["discard"][pile]
        if not discard:
            return None  # ruling R9: nothing to draw, nothing happens
        chance(state, f"reshuffle {pile}").shuffle(discard)
        deck.extend(discard)
        discard.clear()
    card = deck.pop()
    state["hands"][str(seat)].append(card)
    return card


def discard(state: dict[str, Any], card: str) -> None:
    """Put a card into its owner's discard pile (the shared one off the top)."""
    state["discard"][owner_pile(state, card)].append(card)


def find_soldier(state: dict[str, Any], card: str) -> tuple[int, list[Any]] | None:
    """(controller seat, [id, sideways] entry) of a soldier in play, or None."""
    for key, soldiers in state["soldiers"].items():
        for entry in soldiers:
            if entry[0] == card:
                return int(key), entry
    return None


def remove_soldier(state: dict[str, Any], card: str) -> tuple[int, list[Any]]:
    """Take a soldier off the table (it is not put anywhere yet)."""
    found = find_soldier(state, card)
    assert found is not None, f"{card} is a soldier in play"
    seat, entry = found
    state["soldiers"][str(seat)].remove(entry)
    return seat, entry


def destroy(state: dict[str, Any], card: str) -> None:
    """Destroy a soldier: it goes to its owner's discard pile, whoever controlled it."""
    remove_soldier(state, card)
    discard(state, card)


def controlled_suits(state: dict[str, Any], seat: int) -> set[str]:
    """Suits of the soldiers a seat controls (a Joker counts as every suit)."""
    suits = set()
    for card, _ in state["soldiers"][str(seat)]:
        suit = suit_of(card)
        if suit is None:
            return set(SUITS)
        suits.add(suit)
    return suits


def ready_farms(state: dict[str, Any], seat: int) -> list[list[Any]]:
    """The seat's farms that are right-side-up (unused this turn)."""
    return [f for f in state["farms"][str(seat)] if not f[1]]


def pay(state: dict[str, Any], seat: int, cost: int) -> None:
    """Turn `cost` ready farms sideways (farms are face down and interchangeable)."""
    for farm in ready_farms(state, seat)[:cost]:
        farm[1] = 1


def event(state: dict[str, Any], kind: str, **facts: object) -> None:
    """Append a public event (never a hidden card) to the state's event list."""
    facts["e"] = kind
    state["events"].append(facts)
