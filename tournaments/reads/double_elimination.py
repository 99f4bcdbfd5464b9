"""Reads of a double-elimination bracket (the event's or a round robin's playoff): where each
entry was knocked out, as the places of RULINGS.md D4."""

from __future__ import annotations

from functools import cache

from django.db.models import Q

from tournaments.brackets import Placement
from tournaments.brackets import double_elimination as de
from tournaments.models import Match, MatchEntry, Tournament


def knocked_out(*, tournament: Tournament) -> tuple[dict[int, Placement], int | None]:
    """Each knocked-out entry's shared place, and the champion once the event is finished
    (one query): a loser of a losers' match, of the grand final when no reset follows it, or
    of the reset."""
    first = tournament.double_first_round
    if first is None or tournament.bracket_entries is None:
        return {}, None
    plan = de.layout(tournament.bracket_entries, tournament.bracket_layout)
    places = de.placements(plan.entry_count, tournament.bracket_layout)
    finals = {
        de.round_number(plan, de.GRAND_FINAL, first): de.GRAND_FINAL,
        de.round_number(plan, de.RESET, first): de.RESET,
    }
    losers_first = de.round_number(plan, de.Spot(de.LOSERS, 1, 0), first)
    rows = MatchEntry.objects.filter(
        match__tournament=tournament,
        match__status=Match.Status.FINISHED,
        match__round__number__gte=losers_first if plan.losers_rounds else min(finals),
    ).values_list("entry_id", "slot", "match__winner_id", "match__round__number", "match__index")
    out: dict[int, Placement] = {}
    last_final: tuple[int, int] | None = None  # (round, winner)
    for entry_id, slot, winner_id, number, index in rows:
        if number in finals and (last_final is None or number > last_final[0]):
            last_final = (number, winner_id)
        if entry_id == winner_id:
            continue
        if finals.get(number) == de.GRAND_FINAL and slot == 0 and tournament.grand_final_reset:
            continue  # the winners' bracket winner lost once: the reset follows
        spot = finals.get(number) or de.spot_at(plan, number, index, first)
        out[entry_id] = places[spot]
    champion = None
    if tournament.status == Tournament.Status.FINISHED and last_final is not None:
        champion = last_final[1]
        out.pop(champion, None)  # lost the grand final, then won the reset
    return out, champion


def round_title(tournament: Tournament, number: int) -> str:
    """A double-elimination round's name: "Winners' semifinal", "Losers' round 3", ..."""
    plan, first = _plan(tournament)
    spot = de.spot_at(plan, number, 0, first)
    return de.round_name(plan, spot.side, spot.round)


def round_side(tournament: Tournament, number: int) -> str:
    """The side of a double-elimination round: winners, losers or final."""
    plan, first = _plan(tournament)
    return de.spot_at(plan, number, 0, first).side


def _plan(tournament: Tournament) -> tuple[de.Layout, int]:
    assert tournament.bracket_entries is not None, "the bracket is drawn"
    plan = de.layout(tournament.bracket_entries, tournament.bracket_layout)
    return plan, tournament.double_first_round or 1


def label_matches(tournament: Tournament, matches: list[dict], *, page: bool = False) -> None:
    """For each double-elimination match (as `match_public` shapes it, numbered): who fills
    its empty slots ("Winner of match 3", "Loser of match 5") and `next`, the match its
    winner goes to (the bracket's connector lines). With `page` (a part of the bracket),
    the matches these name outside it are read (one query)."""
    plan, first = _plan(tournament)
    by_spot = {
        de.spot_at(plan, m["round"], m["index"], first): m for m in matches if m["round"] >= first
    }
    feeders = plan.feeders()
    if page:
        by_spot = {**_neighbours(tournament, plan, first, by_spot, feeders), **by_spot}
    for spot, match in list(by_spot.items()):
        if match.get("neighbour"):
            continue
        planned = plan.matches.get(spot)
        target = planned.winner_to if planned is not None else None
        ahead = by_spot.get(target.spot) if target is not None else None
        if spot == de.GRAND_FINAL:
            ahead = by_spot.get(de.RESET)  # both of its entries play the reset, if there is one
        match["next"] = ahead["id"] if ahead is not None else None
        match["waiting_for"] = []
        if len(match["entries"]) >= 2 or match["is_bye"]:
            continue
        for slot in (0, 1):
            fed = feeders.get(de.Place(spot, slot))
            source = by_spot.get(fed[0]) if fed is not None else None
            if fed is None or source is None or source["winner"] is not None:
                continue
            who = "Loser" if fed[1] else "Winner"
            match["waiting_for"].append(f"{who} of match {source['number']}")


def _neighbours(
    tournament: Tournament,
    plan: de.Layout,
    first: int,
    shown: dict[de.Spot, dict],
    feeders: dict[de.Place, tuple[de.Spot, bool]],
) -> dict[de.Spot, dict]:
    """The matches outside a page that its matches name: where their winners go and who
    feeds their slots, with their ids, winners and numbers (one query)."""
    wanted: set[de.Spot] = set()
    for spot in shown:
        planned = plan.matches.get(spot)
        if planned is not None and planned.winner_to is not None:
            wanted.add(planned.winner_to.spot)
        for slot in (0, 1):
            fed = feeders.get(de.Place(spot, slot))
            if fed is not None:
                wanted.add(fed[0])
    wanted -= shown.keys()
    if not wanted:
        return {}
    where = Q(pk__in=[])
    by_round: dict[int, list[int]] = {}
    for spot in wanted:
        by_round.setdefault(de.round_number(plan, spot, first), []).append(spot.position)
    for number, indexes in by_round.items():
        where |= Q(round__number=number, index__in=indexes)
    rows = Match.objects.filter(where, tournament=tournament).values_list(
        "id", "round__number", "index", "winner_id"
    )
    offset = number_offset(tournament, first)
    numbers = match_numbers(plan.entry_count, tournament.bracket_layout)
    found: dict[de.Spot, dict] = {}
    for pk, round_number, index, winner in rows:
        spot = de.spot_at(plan, round_number, index, first)
        shown_number = offset + numbers[spot] if spot in numbers else None  # None: a bye
        found[spot] = {"id": pk, "winner": winner, "number": shown_number, "neighbour": True}
    return found


@cache
def match_numbers(entry_count: int, version: int) -> dict[de.Spot, int]:
    """Each played match's number within the bracket (1, 2, ...): round by round, top to
    bottom, byes not numbered, as the whole bracket numbers them."""
    plan = de.layout(entry_count, version)
    spots = sorted(plan.matches, key=lambda s: de.round_number(plan, s, 1) * 2**32 + s.position)
    playable = [s for s in spots if not plan.matches[s].is_bye]
    numbers = {spot: n for n, spot in enumerate(playable, start=1)}
    numbers[de.RESET] = len(playable) + 1
    return numbers


def number_offset(tournament: Tournament, first: int) -> int:
    """The matches numbered before the bracket (a round robin's group stage; one query)."""
    if first <= 1:
        return 0
    return Match.objects.filter(
        tournament=tournament, round__number__lt=first, is_bye=False
    ).count()


def number_page(tournament: Tournament, matches: list[dict]) -> None:
    """Number a page's double-elimination matches as the whole bracket does (`match_numbers`
    after the matches before the bracket)."""
    plan, first = _plan(tournament)
    numbers = match_numbers(plan.entry_count, tournament.bracket_layout)
    offset = None
    for match in matches:
        if match["round"] < first or match["is_bye"]:
            continue
        if offset is None:
            offset = number_offset(tournament, first)
        match["number"] = offset + numbers[de.spot_at(plan, match["round"], match["index"], first)]


SIDE_NAMES = {de.WINNERS: "Winners' bracket", de.LOSERS: "Losers' bracket", de.FINAL: "Finals"}


def sides(rounds: list[dict]) -> dict:
    """The rounds of a double-elimination bracket by side, as the page draws them: the
    winners' bracket above the losers' bracket (`stack`), the finals to their right."""
    by_side = {
        side: {"side": side, "name": name, "rounds": [r for r in rounds if r.get("stage") == side]}
        for side, name in SIDE_NAMES.items()
    }
    stack = [by_side[side] for side in (de.WINNERS, de.LOSERS) if by_side[side]["rounds"]]
    finals = by_side[de.FINAL] if by_side[de.FINAL]["rounds"] else None
    return {"stack": stack, "finals": finals}


def index_range(tournament: Tournament, number: int, lo: int, hi: int) -> tuple[int, int]:
    """The match indexes [from, to) holding the `lo`-th to `hi`-th matches (by count) of a
    double-elimination round: a losers' round's indexes have gaps where a pass-through is
    not drawn (D3), so its last indexes may pass its match count. No query."""
    if lo >= hi:
        return 0, 0
    plan, first = _plan(tournament)
    spot = de.spot_at(plan, number, 0, first)
    if spot.side == de.FINAL:
        return lo, hi
    indexes = [p.spot.position for p in plan.round_matches(spot.side, spot.round)]
    return indexes[lo], indexes[hi - 1] + 1
