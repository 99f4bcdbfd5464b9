"""An event's results: its final standings, each entry's matches and, when the organizer
publishes them, the top entries' decklists."""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count

from tournaments import hooks
from tournaments.models import Match, MatchEntry, MatchGame, Tournament
from tournaments.reads.bracket import round_title
from tournaments.reads.standings import Standings, standings_cached

TOP_DECKS = 8  # the decklists shown: the top 8 (or the top cut, if larger)


@dataclass
class PlayedMatch:
    """One match as an entry played it: the round, the opponents, the outcome in words."""

    match_id: int
    round: str
    opponents: list[str]
    outcome: str  # "Won", "Lost", "Draw", "Bye"
    score: str  # games won-lost, "" for a bye or a match with no game recorded
    decided_by: str  # Match.DecidedBy: played, forfeit, time, organizer, ...


@dataclass
class EntryResults:
    entry_id: int
    name: str
    place: str
    record: str
    matches: list[PlayedMatch] = field(default_factory=list)
    decklist: dict | None = None


def _round_names(tournament: Tournament) -> dict[int, str]:
    """Each round's name: "Round n" for a Swiss or group round, else as the bracket names it
    ("Semifinals", "Losers' round 3", "Grand final" ...)."""
    numbers = list(tournament.rounds.order_by("number").values_list("number", flat=True))
    return {
        number: f"Round {number}"
        if tournament.is_swiss_round(number)
        else round_title(tournament, number, numbers)
        for number in numbers
    }


def matches_by_entry(tournament: Tournament) -> dict[int, list[PlayedMatch]]:
    """Every finished match of the event, per entry, in round order (three queries)."""
    names = _round_names(tournament)
    slots = list(
        MatchEntry.objects.filter(match__tournament=tournament, match__status=Match.Status.FINISHED)
        .select_related("match__round", "entry__user")
        .order_by("match__round__number", "match__index", "slot")
    )
    wins: dict[tuple[int, int], int] = {
        (row["match_id"], row["winner_id"]): row["n"]
        for row in MatchGame.objects.filter(
            match__tournament=tournament, superseded=False, winner__isnull=False
        )
        .values("match_id", "winner_id")
        .annotate(n=Count("id"))
    }
    by_match: dict[int, list[MatchEntry]] = defaultdict(list)
    for slot in slots:
        by_match[slot.match_id].append(slot)
    played: dict[int, list[PlayedMatch]] = defaultdict(list)
    for slot in slots:
        match = slot.match
        others = [s for s in by_match[match.pk] if s.entry_id != slot.entry_id]
        played[slot.entry_id].append(
            PlayedMatch(
                match_id=match.pk,
                round=names.get(match.round.number, f"Round {match.round.number}"),
                opponents=[s.entry.display_name for s in others],
                outcome=_outcome(match, slot.entry_id),
                score=_score(wins, match, [slot.entry_id, *(s.entry_id for s in others)]),
                decided_by=match.decided_by,
            )
        )
    return played


def _score(wins: dict[tuple[int, int], int], match: Match, entry_ids: list[int]) -> str:
    counts = [wins.get((match.pk, e), 0) for e in entry_ids]
    return "-".join(map(str, counts)) if any(counts) else ""


def _outcome(match: Match, entry_id: int) -> str:
    if match.is_bye:
        return "Bye"
    if match.decided_by == Match.DecidedBy.DRAW:
        return "Draw"
    return "Won" if match.winner_id == entry_id else "Lost"


def _place(row) -> str:
    if getattr(row, "placement_label", ""):
        return row.placement_label
    place = getattr(row, "placement", None) or getattr(row, "rank", None)
    return str(place) if place else "-"


def _record(row) -> str:
    draws = getattr(row, "match_draws", 0)
    return f"{row.match_wins}-{row.match_losses}" + (f"-{draws}" if draws else "")


def results_get(*, tournament: Tournament) -> list[EntryResults]:
    """The standings, each entry with its matches and (when published) the top decks'
    lists."""
    standings: Standings = standings_cached(tournament=tournament)
    played = matches_by_entry(tournament)
    rows = [
        EntryResults(
            entry_id=row.entry.pk,
            name=row.entry.display_name,
            place=_place(row),
            record=_record(row),
            matches=played.get(row.entry.pk, []),
        )
        for row in standings
    ]
    if tournament.publish_decklists and rows:
        top = rows[: max(TOP_DECKS, tournament.top_cut)]
        lists = hooks.decklists(entry_ids=[r.entry_id for r in top])
        for row in top:
            row.decklist = lists.get(row.entry_id)
    return rows
