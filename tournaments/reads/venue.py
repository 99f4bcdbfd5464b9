"""Reads for the room on event day: the round being played as tables (for the printed
pairings, the result slips and the projector), the same pairings by player name, the round's
clock, and the one name of the action that starts a round."""

from __future__ import annotations

from tournaments.brackets import swiss as pure
from tournaments.models import Tournament
from tournaments.reads.bracket import bracket_cached, cut_after, round_stage
from tournaments.reads.swiss import swiss_state


def round_start_label(*, tournament: Tournament, number: int, name: str, waiting: int = 0) -> str:
    """The one name of the action that starts round `number` (named `name` in the bracket),
    wherever it is offered: "Start round 2 of 3 (Swiss)", "Start group round 2 of 5",
    "Start Quarterfinals", "Start round 2". Once the round is under way (some of its matches
    started or finished), `waiting` says how many still wait for their clocks: "Start the 4
    waiting matches of round 2 of 3 (Swiss)"."""
    heading = round_heading(tournament=tournament, number=number, name=name)
    if heading.startswith(("Round ", "Group ")):
        heading = heading[0].lower() + heading[1:]
    if waiting:
        matches = "the waiting match" if waiting == 1 else f"the {waiting} waiting matches"
        of = heading if heading[0].islower() else f"the {heading}"
        return f"Start {matches} of {of}"
    return f"Start {heading}"


def round_under_way(round_row: dict) -> bool:
    """Whether some match of the round (a bye aside) has started or finished."""
    return any(
        not m["is_bye"] and m["status"] not in ("pending", "ready") for m in round_row["matches"]
    )


def round_heading(*, tournament: Tournament, number: int, name: str) -> str:
    """A round's name for the room: "Round 2 of 3 (Swiss)", "Group round 2 of 5",
    "Quarterfinals"."""
    stage = round_stage(tournament, number)
    if stage == "swiss":
        return f"Round {number} of {tournament.swiss_rounds} (Swiss)"
    if stage == "groups":
        return f"Group round {number} of {tournament.swiss_rounds}"
    return name


def venue_round(*, tournament: Tournament, number: int | None = None) -> dict | None:
    """The round the room is on (`_current`, or round `number`):
    its name, its tables in order with each entry's name (and, in a Swiss round, its match
    points before the round), its clock (the latest deadline of a match still being played),
    whether every match of it is finished, and the matches of later rounds that can be
    played already (a bracket moves on match by match). None before the bracket is drawn
    or for a round it does not have. Reads the bracket cached per version (plus three
    queries for a Swiss round's points)."""
    rounds = bracket_cached(tournament=tournament)["rounds"]
    shown = [r for r in rounds if r["number"] == number] if number is not None else rounds
    if not shown:
        return None
    current = _current(shown)
    swiss = tournament.is_swiss_round(current["number"])
    points = _points_before(tournament, current["number"]) if swiss else None
    tables = _tables(current["matches"], points, numbered=_numbered(tournament, current))
    playing = [t for t in tables if t["status"] == "in_progress"]
    deadlines = [t["deadline"] for t in playing if t["deadline"] and not t["time_called"]]
    later = _ready_later(tournament, rounds, current["number"])
    going_on = {e["id"]: t["label"] for t in later for e in t["entries"]}
    return {
        "number": current["number"],
        "name": round_heading(
            tournament=tournament, number=current["number"], name=current["name"]
        ),
        "swiss": swiss,
        "started": _started(current),
        "tables": tables,
        "deadline": max(deadlines) if deadlines else None,
        "finished": all(t["status"] == "finished" for t in tables),
        "playing": bool(playing),  # a match of it is being played now
        "ready": any(t["status"] == "ready" for t in tables),  # playable before the start
        # each entry with the match it plays next already, if any ("next: Match 9")
        "by_name": [{**r, "next": going_on.get(r["id"], "")} for r in pairings_by_name(tables)],
        "ready_later": later,
    }


def _numbered(tournament: Tournament, round_row: dict) -> bool:
    """Tables numbered 1, 2, ... as the room lays them out: a Swiss (or group) round and a
    top cut's (or playoff's) rounds; a plain bracket keeps its match numbers."""
    last_scored = cut_after(tournament)
    return tournament.is_swiss_round(round_row["number"]) or (
        last_scored is not None and round_row["number"] > last_scored
    )


def table_labels(tournament: Tournament, round_row: dict) -> dict[int, str]:
    """Each match of a round by the name the printouts and the projector give its table
    ("Table 3" in a Swiss round or a top cut, "Match 5" in a plain bracket), by match id."""
    numbered = _numbered(tournament, round_row)
    return {
        t["match_id"]: t["label"] for t in _tables(round_row["matches"], None, numbered=numbered)
    }


def _ready_later(tournament: Tournament, rounds: list[dict], after: int) -> list[dict]:
    """The matches of rounds after `after` that can be played now or are being played (both
    entries known while round `after` still runs), each with its round's name."""
    found = []
    for round_row in rounds:
        if round_row["number"] <= after:
            continue
        name = round_heading(
            tournament=tournament, number=round_row["number"], name=round_row["name"]
        )
        numbered = _numbered(tournament, round_row)
        for table in _tables(round_row["matches"], None, numbered=numbered):
            if table["status"] in ("ready", "in_progress") and not table["is_bye"]:
                found.append({**table, "round_name": name})
    return found


def _current(rounds: list[dict]) -> dict:
    """The last round started while it is being played; once it is over, the next round
    with pairings (the room needs them before it starts); else the last one started."""
    started = [r for r in rounds if _started(r)]
    if not started:
        return rounds[0]
    last = started[-1]
    if any(m["status"] != "finished" for m in last["matches"] if m["entries"]):
        return last
    later = [r for r in rounds if r["number"] > last["number"]]
    paired = [r for r in later if any(m["entries"] and not m["is_bye"] for m in r["matches"])]
    return paired[0] if paired else last


def _started(round_row: dict) -> bool:
    """Started by the organizer, or under way already (a result is in)."""
    waiting = ("pending", "ready")
    return bool(round_row["started_at"]) or any(
        m["status"] not in waiting for m in round_row["matches"] if m["entries"] and not m["is_bye"]
    )


def _points_before(tournament: Tournament, number: int) -> dict[int, int]:
    state = swiss_state(tournament=tournament, through_round=number - 1)
    return {row.entry: row.match_points for row in pure.standings(state.entries, state.results)}


def _tables(matches: list[dict], points: dict[int, int] | None, *, numbered: bool) -> list[dict]:
    """Each match with its entries as a table: `numbered` 1, 2, ... in the round's order
    (the bye last, without a number; a match still waiting for its entries keeps its
    number, so a table never changes number), else by its match number in the bracket."""
    tables, count = [], 0
    for match in matches:
        if not match["is_bye"]:
            count += 1
        if not match["entries"]:
            continue  # waiting for the winners of earlier matches
        number = count if numbered else match["number"]
        label = "Bye" if match["is_bye"] else f"{'Table' if numbered else 'Match'} {number}"
        tables.append(
            {
                "label": label,
                "table": None if match["is_bye"] else number,
                "match_id": match["id"],
                "is_bye": match["is_bye"],
                "status": match["status"],
                "result": match.get("result") or "",
                "deadline": match["deadline"],
                "time_called": match["time_called"],
                "entries": [
                    {
                        "id": e["id"],
                        "name": e["name"],
                        "points": None if points is None else points.get(e["id"], 0),
                        "winner": match["winner"] == e["id"],
                        "forfeited": e["forfeited"],
                    }
                    for e in match["entries"]
                ],
            }
        )
    return tables


def pairings_by_name(tables: list[dict]) -> list[dict]:
    """Every entry of the round in name order (as a player looks for themselves on a wall),
    with their table and whom they play."""
    rows = []
    for table in tables:
        for entry in table["entries"]:
            others = [e["name"] for e in table["entries"] if e["id"] != entry["id"]]
            rows.append({**entry, "label": table["label"], "table": table, "opponents": others})
    return sorted(rows, key=lambda row: (row["name"].casefold(), row["id"]))
