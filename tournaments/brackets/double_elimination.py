"""Double elimination: the winners' bracket, the losers' bracket its losers drop into, the
grand final and its optional reset (two entries a match only).

The winners' bracket is the single-elimination bracket (`seeding.first_round_pods`: the
standard seed order, byes to the top seeds). Its losers drop into the losers' bracket as
brackets-manager.js and Challonge place them: the losers of winners' round 1 meet each other in
losers' round 1; the loser of winners' round r >= 2 meets a losers' bracket survivor in losers'
round 2(r - 1), in the order `drop_orders` chooses so that an entry's first losers' match is
not against someone it may already have met, wherever that can be avoided (RULINGS.md D2);
with byes `chosen_orders` picks winners' round 2's order that allows the fewest such rematches.

A slot fed by nobody (the loser of a bye) makes its match a pass-through: the lone entry goes
straight on and the match is left out of the layout, so every match listed is played (or is a
winners' round-1 bye, drawn as in single elimination). Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

from tournaments.brackets.collector import collector_paused
from tournaments.brackets.errors import BracketError
from tournaments.brackets.placements import Placement
from tournaments.brackets.seeding import first_round_pods, rounds_needed

WINNERS, LOSERS, FINAL = "winners", "losers", "final"
GRAND_FINAL_ROUND, RESET_ROUND = 1, 2
# The layouts an event may have been drawn with (stored on the event, so a bracket drawn
# before a change keeps its routes): 1 the standard drop orders whatever the byes; 2 with
# byes, winners' round 2's drop order chosen to allow the fewest early rematches (D2).
LAYOUT_VERSION = 2


class Spot(NamedTuple):
    """Where a match sits: its side, its round on that side (1-based), its position in the
    round (top first). The grand final is (final, 1, 0) and its reset (final, 2, 0). A tuple:
    spots key every map of the bracket, and a tuple hashes fastest."""

    side: str
    round: int
    position: int


GRAND_FINAL = Spot(FINAL, GRAND_FINAL_ROUND, 0)
RESET = Spot(FINAL, RESET_ROUND, 0)


class Place(NamedTuple):
    """A slot of a match: where a winner or a loser goes."""

    spot: Spot
    slot: int


@dataclass(frozen=True, slots=True)
class Planned:
    """One match of the layout. `seeds`: a winners' round-1 match's seeds in slot order (one
    seed: a bye). `winner_to` / `loser_to`: where its winner and loser go (None: the grand
    final decides the event; a losers' bracket loser is out)."""

    spot: Spot
    seeds: tuple[int, ...]
    winner_to: Place | None
    loser_to: Place | None

    @property
    def is_bye(self) -> bool:
        return len(self.seeds) == 1


@dataclass(frozen=True, slots=True)
class Layout:
    """A double-elimination bracket for `entry_count` entries, `size` (a power of two) slots."""

    entry_count: int
    size: int
    winners_rounds: int
    losers_rounds: int
    matches: dict[Spot, Planned]  # shared (cached): read, never change it
    orders: tuple[str, ...]  # the drop order of winners' rounds 2, 3, ... (D2)

    def round_matches(self, side: str, number: int) -> list[Planned]:
        """The matches of one round, top to bottom."""
        found = [p for s, p in self.matches.items() if s.side == side and s.round == number]
        return sorted(found, key=lambda p: p.spot.position)

    def feeders(self) -> dict[Place, tuple[Spot, bool]]:
        """For every slot fed by another match: that match and whether its loser comes."""
        fed: dict[Place, tuple[Spot, bool]] = {}
        for planned in self.matches.values():
            if planned.winner_to is not None:
                fed[planned.winner_to] = (planned.spot, False)
            if planned.loser_to is not None:
                fed[planned.loser_to] = (planned.spot, True)
        return fed


class NotDoubleElimination(BracketError):
    """Double elimination is played in matches of two entries."""

    code = "double_elimination_two_entries"


def _reverse(items: list[int]) -> list[int]:
    return items[::-1]


def _half_shift(items: list[int]) -> list[int]:
    half = len(items) // 2
    return items[half:] + items[:half]


def _reverse_half_shift(items: list[int]) -> list[int]:
    half = len(items) // 2
    return items[:half][::-1] + items[half:][::-1]


def _pair_flip(items: list[int]) -> list[int]:
    flipped: list[int] = []
    for i in range(0, len(items) - 1, 2):
        flipped += [items[i + 1], items[i]]
    return flipped + items[len(flipped) :]


ORDERINGS: dict[str, Callable[[list[int]], list[int]]] = {
    "natural": list,
    "reverse": _reverse,
    "half_shift": _half_shift,
    "reverse_half_shift": _reverse_half_shift,
    "pair_flip": _pair_flip,
}


def drop_orders(size: int) -> tuple[str, ...]:
    """The orders in which the losers of winners' rounds 2, 3, ... take the losers' matches
    (brackets-manager.js's orders; winners' round 1's is natural).

    Pair flip for the early rounds, then reverse half shift, reverse and natural for the last
    three: the loser of a winners' match never takes a losers' match that someone it may have
    played could reach, except the winners' final's loser, who has no other match to take
    (D2; the brute-force test tries every order up to 64 slots, brackets-manager.js's own
    table allows such rematches at 32, 64 and 128 slots)."""
    rounds = size.bit_length() - 1
    if rounds < 2:
        return ()
    tail = ("reverse_half_shift", "reverse", "natural") if rounds > 2 else ("natural",)
    orders = ("pair_flip",) * (rounds - 1) + tail
    return orders[-(rounds - 1) :]


def drops_of(size: int, orders: Sequence[str]) -> list[list[int]]:
    """For winners' rounds 2, 3, ...: the losers' match each match's loser takes, by order name."""
    rounds = size.bit_length() - 1
    return [ORDERINGS[orders[r - 2]](list(range(size >> r))) for r in range(2, rounds + 1)]


def _losers_count(size: int, number: int) -> int:
    """Matches in losers' round `number` of the full bracket: S/4, S/4, S/8, S/8, ..."""
    return size >> ((number + 1) // 2 + 1)


def _raw_routes(
    size: int, drops: Sequence[Sequence[int]]
) -> dict[Spot, tuple[Place, Place | None]]:
    """Every match of the full bracket (no byes) with where its winner and loser go, in the
    order they are played: winners' rounds, then losers' rounds (winners' round r is played
    before losers' round 2(r - 1) that its losers drop into). `drops`: `drops_of`."""
    rounds = size.bit_length() - 1
    losers_rounds = 2 * (rounds - 1)
    final_win, final_lose = Place(GRAND_FINAL, 0), Place(GRAND_FINAL, 1)
    routes: dict[Spot, tuple[Place, Place | None]] = {}
    for r in range(1, rounds + 1):
        count = size >> r
        drop = drops[r - 2] if r >= 2 else []
        for i in range(count):
            win = Place(Spot(WINNERS, r + 1, i // 2), i % 2) if r < rounds else final_win
            if r == 1:
                lose = Place(Spot(LOSERS, 1, i // 2), i % 2) if rounds > 1 else final_lose
            else:
                lose = Place(Spot(LOSERS, 2 * (r - 1), drop[i]), 1)
            routes[Spot(WINNERS, r, i)] = (win, lose)
    for j in range(1, losers_rounds + 1):
        for i in range(_losers_count(size, j)):
            if j == losers_rounds:
                win = final_lose
            elif j % 2 == 1:
                win = Place(Spot(LOSERS, j + 1, i), 0)
            else:
                win = Place(Spot(LOSERS, j + 1, i // 2), i % 2)
            routes[Spot(LOSERS, j, i)] = (win, None)
    return routes


def early_rematches(entry_count: int, drops: Sequence[Sequence[int]]) -> int:
    """How many losers' matches may be an early rematch (D2): a match where an entry playing
    its first losers' match may meet someone it may have played in the winners' bracket (an
    entry of the winners' region it dropped from). Byes count: a bye's loser is nobody and a
    losers' match fed by one entry passes it on. Entry sets are bit masks of the bracket's
    slots, so one count is linear in the matches."""
    size = 1 << rounds_needed(entry_count, 2)
    pods = first_round_pods(entry_count, 2)
    # the entries of each winners' match's region, round by round
    regions = [[sum(1 << (2 * i + k) for k in range(len(pod))) for i, pod in enumerate(pods)]]
    while len(regions[-1]) > 1:
        below = regions[-1]
        regions.append([below[i] | below[i + 1] for i in range(0, len(below), 2)])
    # per slot: the masks of the winners' regions of entries yet to play a losers' match
    # there, and the mask of everyone who may come
    held: dict[Place, tuple[tuple[int, ...], int]] = {}
    count = 0
    for spot, (win, lose) in _raw_routes(size, drops).items():  # in play order
        if spot.side == WINNERS:
            region = regions[spot.round - 1][spot.position]
            if lose is not None and (spot.round > 1 or len(pods[spot.position]) == 2):
                held[lose] = ((region,), region)
            continue
        a, b = held.get(Place(spot, 0)), held.get(Place(spot, 1))
        if a is not None and b is not None:
            count += any(f & b[1] for f in a[0]) or any(f & a[1] for f in b[0])
            held[win] = ((), a[1] | b[1])
        elif a is not None or b is not None:
            held[win] = a or b  # type: ignore[assignment]  # one of them is not None
    return count


def chosen_orders(entry_count: int, version: int = LAYOUT_VERSION) -> tuple[str, ...]:
    """The drop orders of the event's bracket: the standard ones (`drop_orders`), except
    that with byes (layout 2) winners' round 2's losers drop in whichever ordering allows
    the fewest early rematches, the standard one on a tie (D2)."""
    size = 1 << rounds_needed(entry_count, 2)
    orders = drop_orders(size)
    if version < LAYOUT_VERSION or entry_count == size or len(orders) < 2:
        return orders
    best, fewest = orders, early_rematches(entry_count, drops_of(size, orders))
    for name in ORDERINGS if fewest > 1 else ():  # 1: the losers' final's, never avoidable
        trial = (name, *orders[1:])
        found = early_rematches(entry_count, drops_of(size, trial)) if name != orders[0] else fewest
        if found < fewest:
            best, fewest = trial, found
    return best


@cache
def layout(entry_count: int, version: int = LAYOUT_VERSION) -> Layout:
    """The double-elimination bracket of `entry_count` entries (cached per count and layout
    version: an event keeps the version it was drawn with).

    Byes go to the top seeds in winners' round 1; a losers' match fed by only one entry (the
    other slot's feeder was a bye) is a pass-through, left out: its entry goes straight on."""
    with collector_paused():
        return _layout_built(entry_count, version)


def _layout_built(entry_count: int, version: int) -> Layout:
    """`layout`'s build, uncached."""
    rounds = rounds_needed(entry_count, 2)
    size = 1 << rounds
    orders = chosen_orders(entry_count, version)
    routes = _raw_routes(size, drops_of(size, orders))
    pods = first_round_pods(entry_count, 2)
    # what reaches each slot: (match, its loser?) or None for nobody (a bye's loser)
    incoming: dict[Place, tuple[Spot, bool] | None] = {}
    kept: dict[Spot, tuple[int, ...]] = {}
    delivered: dict[tuple[Spot, bool], Place] = {}

    def send(origin: tuple[Spot, bool] | None, place: Place | None) -> None:
        if place is not None:
            incoming[place] = origin

    for spot, (win, lose) in routes.items():  # in play order (_raw_routes)
        if spot.side == WINNERS and spot.round == 1:
            seeds = pods[spot.position]
            kept[spot] = seeds
            send((spot, False), win)
            send((spot, True) if len(seeds) == 2 else None, lose)
            continue
        comers = [incoming.get(Place(spot, 0)), incoming.get(Place(spot, 1))]
        real = [c for c in comers if c is not None]
        if len(real) == 2:
            kept[spot] = ()
            for slot, origin in enumerate(comers):
                delivered[origin] = Place(spot, slot)  # type: ignore[index]
            send((spot, False), win)
            send((spot, True), lose)
        else:  # a pass-through (one entry) or nobody at all
            send(real[0] if real else None, win)
            send(None, lose)
    for slot in (0, 1):
        origin = incoming.get(Place(GRAND_FINAL, slot))
        if origin is not None:
            delivered[origin] = Place(GRAND_FINAL, slot)
    matches = {
        spot: Planned(
            spot=spot,
            seeds=seeds,
            winner_to=delivered.get((spot, False)),
            loser_to=delivered.get((spot, True)),
        )
        for spot, seeds in kept.items()
    }
    matches[GRAND_FINAL] = Planned(spot=GRAND_FINAL, seeds=(), winner_to=None, loser_to=None)
    return Layout(
        entry_count=entry_count,
        size=size,
        winners_rounds=rounds,
        losers_rounds=2 * (rounds - 1),
        matches=matches,
        orders=orders,
    )


def check_two_entries(per_match: int) -> None:
    """Raise unless matches are of two entries."""
    if per_match != 2:
        raise NotDoubleElimination(
            "Double elimination is played in matches of two entries; choose 2 entries a match "
            "or single elimination."
        )


def needs_reset(*, winner_slot: int, reset_allowed: bool) -> bool:
    """After the grand final: a reset is played when the losers' bracket winner (slot 1) won
    it and the organizer allows resets (then both entries have lost once)."""
    return reset_allowed and winner_slot == 1


def placements(entry_count: int, version: int = LAYOUT_VERSION) -> dict[Spot, Placement]:
    """The shared place of an entry by the match it was knocked out in: a losers' match, the
    grand final or its reset (both: 2nd). An entry knocked out in losers' round j shares the
    places after every entry still in then: 3rd for the losers' final, 4th for the round
    before, then 5-6, 7-8, ... (with byes, fewer)."""
    plan = layout(entry_count, version)
    out: dict[Spot, Placement] = {}
    remaining = entry_count
    by_round: dict[int, int] = {}
    for spot in plan.matches:
        if spot.side == LOSERS:
            by_round[spot.round] = by_round.get(spot.round, 0) + 1
    firsts: dict[int, Placement] = {}
    for number in sorted(by_round):
        count = by_round[number]
        remaining -= count
        firsts[number] = Placement(first=remaining + 1, last=remaining + count)
    for spot in plan.matches:
        if spot.side == LOSERS:
            out[spot] = firsts[spot.round]
    out[GRAND_FINAL] = Placement(first=2, last=2)
    out[RESET] = Placement(first=2, last=2)
    return out


@dataclass
class Run:
    """A double-elimination event in memory: who sits in each slot, who won each match. What
    the services keep in rows; the property tests and the bench play whole events with it."""

    plan: Layout
    reset_allowed: bool
    slots: dict[Spot, list[int | None]]
    winners: dict[Spot, int]
    champion: int | None = None
    # the matches that got their second entry, in order (the caller may pop them)
    became_ready: list[Spot] = field(default_factory=list)


def run_start(entries_by_seed: Sequence[int], *, reset_allowed: bool) -> Run:
    """Place the entries (seed order) and play the byes."""
    plan = layout(len(entries_by_seed))
    with collector_paused():  # a slot pair a match, all kept (`collector_paused`)
        run = Run(plan, reset_allowed, {s: [None, None] for s in plan.matches}, {})
    for planned in plan.round_matches(WINNERS, 1):
        run.slots[planned.spot] = [entries_by_seed[seed - 1] for seed in planned.seeds]
        if planned.is_bye:
            _finish(run, planned.spot, 0)
        else:
            run.became_ready.append(planned.spot)
    return run


def ready(run: Run) -> list[Spot]:
    """The matches with both entries known and no winner yet."""
    return [
        spot
        for spot, held in run.slots.items()
        if spot not in run.winners and len(held) == 2 and None not in held
    ]


def run_report(run: Run, spot: Spot, winner_slot: int) -> None:
    """Record a match's winner (slot 0 or 1) and move both entries on."""
    held = run.slots[spot]
    if spot in run.winners or None in held or len(held) != 2:
        raise BracketError("That match is not ready to be reported.")
    _finish(run, spot, winner_slot)


def _finish(run: Run, spot: Spot, winner_slot: int) -> None:
    held = run.slots[spot]
    winner = held[winner_slot]
    assert winner is not None
    run.winners[spot] = winner
    if spot == GRAND_FINAL and needs_reset(
        winner_slot=winner_slot, reset_allowed=run.reset_allowed
    ):
        run.slots[RESET] = list(held)
        run.became_ready.append(RESET)
        return
    if spot.side == FINAL:
        run.champion = winner
        return
    planned = run.plan.matches[spot]
    if planned.winner_to is not None:
        _seat(run, planned.winner_to, winner)
    if planned.loser_to is not None and len(held) == 2:
        _seat(run, planned.loser_to, held[1 - winner_slot])


def _seat(run: Run, place: Place, entry: int | None) -> None:
    held = run.slots[place.spot]
    held[place.slot] = entry
    if None not in held:
        run.became_ready.append(place.spot)


def round_number(plan: Layout, spot: Spot, first: int) -> int:
    """The event's round number of a spot, the bracket starting at round `first`: the
    winners' rounds, then the losers' rounds, then the grand final and its reset."""
    if spot.side == WINNERS:
        return first + spot.round - 1
    if spot.side == LOSERS:
        return first + plan.winners_rounds + spot.round - 1
    return first + plan.winners_rounds + plan.losers_rounds + spot.round - 1


def spot_at(plan: Layout, number: int, index: int, first: int) -> Spot:
    """The spot of the match at `index` in the event's round `number` (`round_number`'s
    inverse)."""
    offset = number - first
    if offset < 0:
        raise BracketError(f"Round {number} is before the bracket.")
    if offset < plan.winners_rounds:
        return Spot(WINNERS, offset + 1, index)
    offset -= plan.winners_rounds
    if offset < plan.losers_rounds:
        return Spot(LOSERS, offset + 1, index)
    return Spot(FINAL, offset - plan.losers_rounds + 1, index)


def round_name(plan: Layout, side: str, number: int) -> str:
    """A round as people name it: "Winners' semifinal", "Losers' round 3", "Grand final"."""
    if side == FINAL:
        return "Grand final" if number == GRAND_FINAL_ROUND else "Grand final reset"
    if side == LOSERS:
        return "Losers' final" if number == plan.losers_rounds else f"Losers' round {number}"
    from_the_end = plan.winners_rounds - number
    named = {0: "Winners' final", 1: "Winners' semifinal", 2: "Winners' quarterfinal"}
    return named.get(from_the_end, f"Winners' round {number}")
