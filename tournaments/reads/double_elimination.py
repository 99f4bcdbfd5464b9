"""Reads of a double-elimination bracket (the event's or a round robin's playoff): where each
entry was knocked out, as the places of RULINGS.md D4."""

from __future__ import annotations

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


def label_matches(tournament: Tournament, matches: list[dict]) -> None:
    """For each double-elimination match (as `match_public` shapes it, numbered): who fills
    its empty slots ("Winner of match 3", "Loser of match 5") and `next`, the match its
    winner goes to (the bracket's connector lines)."""
    plan, first = _plan(tournament)
    by_spot = {
        de.spot_at(plan, m["round"], m["index"], first): m for m in matches if m["round"] >= first
    }
    feeders = plan.feeders()
    for spot, match in by_spot.items():
        planned = plan.matches.get(spot)
        target = planned.winner_to if planned is not None else None
        ahead = by_spot.get(target.spot) if target is not None else None
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
