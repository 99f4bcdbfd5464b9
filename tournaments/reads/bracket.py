"""The whole bracket: every round with its matches in bracket order, numbered and labelled."""

from collections import defaultdict
from collections.abc import Iterable, Sequence, Sized
from types import SimpleNamespace
from typing import Any, cast

from django.db.models import Count, Q

from tournaments.brackets.labels import feeder_indexes, match_numbers, round_name
from tournaments.fastpath.cache import cached_per_version
from tournaments.models import Entry, EntryMember, Match, MatchEntry, MatchGame, Round, Tournament
from tournaments.reads import double_elimination
from tournaments.reads.events import entry_public


def bracket_get(*, tournament: Tournament) -> dict:
    """Every round with its matches in bracket order (top to bottom) and their entries.

    Three queries, whatever the size: rounds, matches, slots with entries (and one more for a
    team event: each entry's members, by name, shown on its card).
    """
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    numbers = {r.pk: r.number for r in rounds}
    by_match = slot_records(tournament)
    by_round: dict[int, list[dict]] = defaultdict(list)
    for match in match_records(tournament, numbers):
        by_round[match.round_id].append(
            match_public(match, by_match[match.pk], cut_after(tournament))
        )
    _label(tournament, rounds, by_round)
    scores(tournament, by_round)
    if tournament.team_size > 1:
        team_members(tournament, by_round)
    return {
        "rounds": [
            {
                "number": r.number,
                "name": round_title(tournament, r.number, rounds),
                "stage": round_stage(tournament, r.number),
                "started_at": r.started_at,
                "matches": by_round[r.pk],
            }
            for r in rounds
        ]
    }


def round_stage(tournament: Tournament, number: int) -> str:
    """What a round is: "swiss" or "groups" (scored in the standings), "winners", "losers"
    or "final" (double elimination), "bracket" (single elimination, a cut or a playoff)."""
    if tournament.is_swiss_round(number):
        return "groups" if tournament.is_round_robin else "swiss"
    if tournament.is_double_round(number):
        return double_elimination.round_side(tournament, number)
    return "bracket"


def bracket_cached(*, tournament: Tournament) -> dict:
    """`bracket_get` for the tournament's version, built once per version."""
    return cached_per_version("bracket", tournament, lambda: bracket_get(tournament=tournament))


def cut_after(tournament: Tournament) -> int | None:
    """The last Swiss (or group) round of an event with a top cut or a playoff (its later
    rounds are the cut)."""
    if tournament.is_swiss and tournament.top_cut:
        return tournament.swiss_rounds
    if tournament.is_round_robin and tournament.playoff:
        return tournament.swiss_rounds
    return None


def match_public(
    match: Match | SimpleNamespace,
    slots: Sequence[MatchEntry | SimpleNamespace],
    cut_after: int | None = None,
) -> dict:
    """A match as the bracket shows it; in a top cut's round (after round `cut_after`) each
    entry's seed is its cut seed, 1..N by standing (S11), not its registration seed."""
    number = match.round_number if hasattr(match, "round_number") else match.round.number
    in_cut = cut_after is not None and number > cut_after
    return {
        "id": match.pk,
        "round": number,
        "index": match.index,
        "entries": [
            {
                **entry_public(s.entry),
                **({"seed": s.entry.cut_seed} if in_cut and s.entry.cut_seed else {}),
                "forfeited": s.forfeited,
                "dropped": s.entry.dropped,
            }
            for s in slots
        ],
        "status": match.status,
        "time_called": match.time_called_at is not None and match.status == "in_progress",
        "winner": match.winner_id,
        "decided_by": match.decided_by or None,
        "is_bye": match.is_bye,
        "started_at": match.started_at,
        "deadline": match.deadline,
    }


# A big bracket has thousands of matches: they are read as plain rows into light records with
# the attributes `match_public` reads (a model instance costs ten times as much to make).
MATCH_FIELDS = (
    "pk",
    "round_id",
    "index",
    "status",
    "is_bye",
    "winner_id",
    "decided_by",
    "started_at",
    "deadline",
    "time_called_at",
)


def match_records(
    tournament: Tournament, numbers: dict[int, int], wanted: Q | None = None
) -> list[SimpleNamespace]:
    rows = Match.objects.filter(tournament=tournament)
    if wanted is not None:
        rows = rows.filter(wanted)
    # plain tuples of MATCH_FIELDS (the stubs cannot type a values_list of a tuple's names)
    values = cast(Iterable[tuple], rows.order_by("round_id", "index").values_list(*MATCH_FIELDS))
    records = []
    for row in values:
        record = SimpleNamespace(**dict(zip(MATCH_FIELDS, row, strict=True)))
        record.round_number = numbers[record.round_id]
        records.append(record)
    return records


def slot_records(
    tournament: Tournament, match_ids: list[int] | None = None
) -> dict[int, list[SimpleNamespace]]:
    """Each match's slots in order (of the whole event, or of `match_ids`), each with its
    entry (one record per entry)."""
    rows = MatchEntry.objects.filter(match__tournament=tournament)
    if match_ids is not None:
        rows = rows.filter(match_id__in=match_ids)
    values = rows.order_by("match_id", "slot").values_list(
        "match_id",
        "forfeited",
        "entry_id",
        "entry__name",
        "entry__seed",
        "entry__cut_seed",
        "entry__dropped",
        "entry__user_id",
        "entry__user__username",
    )
    entries: dict[int, SimpleNamespace] = {}
    by_match: dict[int, list[SimpleNamespace]] = defaultdict(list)
    for match_id, *slot in values:
        by_match[match_id].append(slot_entry(entries, slot))
    return by_match


def slot_entry(entries: dict[int, SimpleNamespace], row: Sequence[Any]) -> SimpleNamespace:
    """A slot's record from its row (forfeited, entry id, name, seed, cut seed, dropped, user
    id, username), its entry's record made once per entry (`entries`)."""
    forfeited, entry_id, name, seed, cut_seed, dropped, user_id, username = row
    entry = entries.get(entry_id)
    if entry is None:
        entry = SimpleNamespace(
            pk=entry_id,
            name=name,
            seed=seed,
            cut_seed=cut_seed,
            dropped=dropped,
            user_id=user_id,
            user=SimpleNamespace(username=username),
        )
        entry.display_name = Entry.display_name.fget(entry)  # type: ignore[attr-defined]
        entries[entry_id] = entry
    return SimpleNamespace(entry=entry, forfeited=forfeited)


def team_members(
    tournament: Tournament, by_round: dict[int, list[dict]], entry_ids: set[int] | None = None
) -> None:
    """Each team entry's members' usernames, in the order they joined (one query)."""
    names: dict[int, list[str]] = defaultdict(list)
    rows = EntryMember.objects.filter(tournament=tournament)
    if entry_ids is not None:
        rows = rows.filter(entry_id__in=entry_ids)
    values = rows.order_by("entry_id", "pk").values_list("entry_id", "user__username")
    for entry_id, username in values:
        names[entry_id].append(username)
    for matches in by_round.values():
        for match in matches:
            for entry in match["entries"]:
                entry["members"] = names.get(entry["id"], [])


def round_title(tournament: Tournament, number: int, rounds: Sized) -> str:
    """Names: "Round 2", "Semifinals", ...; a Swiss event's rounds are "Swiss round n", and its top
    cut's are named as the cut's own bracket ("Quarterfinals" for the first of three); a round
    robin's are "Group round n"; double elimination's "Winners' semifinal", "Losers' round 3",
    "Grand final" ..."""
    if tournament.is_double_round(number):
        return double_elimination.round_title(tournament, number)
    if not tournament.is_swiss and not tournament.is_round_robin:
        return round_name(number, total_rounds(tournament, rounds))
    if tournament.is_swiss_round(number):
        return f"Group round {number}" if tournament.is_round_robin else f"Swiss round {number}"
    swiss = tournament.swiss_rounds or 0
    return round_name(number - swiss, len(rounds) - swiss)


def total_rounds(tournament: Tournament, rounds: Sized) -> int:
    """The fixed bracket has every round from the start; random pairing adds one at a time,
    so its total comes from the number of entries (rulebook: k entries a match)."""
    if tournament.pairing == Tournament.Pairing.BRACKET or not rounds:
        return len(rounds)
    entries = tournament.entries.filter(seed__isnull=False).count()
    total, left = 0, max(entries, 2)
    while left > 1:
        left = -(-left // tournament.entries_per_match)
        total += 1
    return max(total, len(rounds))


EN_DASH = "\u2013"  # game scores read "2\u20131"


def scores(
    tournament: Tournament,
    by_round: dict[int, list[dict]],
    match_ids: list[int] | None = None,
    wins: dict[int, dict[int, int]] | None = None,
) -> None:
    """A finished match's result as people read it: "2-1" (en dash), "by time", "forfeit", ... (one
    query for the whole bracket, or for `match_ids`; none given their `wins`)."""
    if wins is None:
        wins = game_wins(tournament, match_ids)
    for matches in by_round.values():
        for match in matches:
            match["result"] = result_label(match, wins.get(match["id"], {}))


def game_wins(
    tournament: Tournament, match_ids: list[int] | None = None
) -> dict[int, dict[int, int]]:
    """Each match's games won, by entry (of the whole event, or of `match_ids`; one query);
    a corrected result's replaced games (kept for the audit trail) do not count."""
    wins: dict[int, dict[int, int]] = defaultdict(dict)
    if match_ids is not None and not match_ids:
        return wins
    rows = MatchGame.objects.filter(
        match__tournament=tournament, winner__isnull=False, superseded=False
    )
    if match_ids is not None:
        rows = rows.filter(match_id__in=match_ids)
    counts = rows.values("match_id", "winner_id").annotate(n=Count("id"))
    for row in counts:
        wins[row["match_id"]][row["winner_id"]] = row["n"]
    return wins


def result_label(match: dict, wins: dict[int, int]) -> str:
    """How a finished match was won, for its card in the bracket."""
    if match["status"] != "finished":
        return ""
    by = match["decided_by"]
    if by == "bye" or match["is_bye"]:
        return "bye"
    if by == "forfeit":
        return "forfeit"
    if by == "draw":
        return "draw"
    if by == "organizer":
        return "by decision"
    winner = wins.get(match["winner"], 0)
    others = max((n for entry, n in wins.items() if entry != match["winner"]), default=0)
    score = f"{winner}{EN_DASH}{others}" if winner else ""
    if by == "time":
        return f"{score} by time".strip()
    return score


def _label(tournament: Tournament, rounds: list[Round], by_round: dict[int, list[dict]]) -> None:
    """Match numbers, and for a slot still empty who will fill it ("Winner of match 3")."""
    per_match = tournament.entries_per_match
    numbered = match_numbers([[m["is_bye"] for m in by_round[r.pk]] for r in rounds])
    previous: list[dict] = []
    for round_row, numbers in zip(rounds, numbered, strict=True):
        matches = by_round[round_row.pk]
        for match, number in zip(matches, numbers, strict=True):
            match["number"] = number
            match["waiting_for"] = []
            missing = per_match - len(match["entries"])
            if tournament.pairing != Tournament.Pairing.BRACKET or missing <= 0:
                continue
            if tournament.is_double_round(round_row.number):
                continue  # labelled below, from the layout's routes
            if match["is_bye"] or not previous:
                continue
            feeders = [previous[i] for i in feeder_indexes(match["index"], per_match)]
            match["waiting_for"] = [
                f"Winner of match {f['number']}" for f in feeders if f["winner"] is None
            ][:missing]
        previous = matches
    if tournament.double_first_round is not None and tournament.bracket_entries is not None:
        double_elimination.label_matches(tournament, [m for r in rounds for m in by_round[r.pk]])
