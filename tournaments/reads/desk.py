"""The organizer's desk: what needs attention, check-in, and every table's clock."""

from django.db.models import F

from tournaments.models import Tournament
from tournaments.reads.events import entry_public
from tournaments.reads.venue import table_labels

# What the organizer must do about a match, most urgent first.
ATTENTION = {
    "disputed": (0, "Disputed: decide the winner"),
    "needs_decision": (1, "Needs your decision"),
    "over_time": (2, "Over time: call time"),
    "time_called": (3, "Time called: life totals to enter"),
    "awaiting_confirmation": (4, "Waiting for the opponent's confirmation"),
}


NOT_CHECKED_IN = (5, "Not checked in")


ROUND_READY = (6, "Ready to start")


def _attention_key(match: dict, at) -> str:
    if match["time_called"]:
        return "time_called"
    overdue = match["deadline"] is not None and at is not None and match["deadline"] <= at
    if match["status"] == "in_progress" and overdue:
        return "over_time"
    return match["status"]


def needs_attention(bracket: dict, *, at=None) -> list[dict]:
    """The organizer's queue: matches that wait on someone, most urgent first, from the
    bracket already read (no query). With `at` (now), a running clock past its deadline
    counts as over time."""
    queue = []
    for round_row in bracket["rounds"]:
        for match in round_row["matches"]:
            key = _attention_key(match, at)
            if key not in ATTENTION:
                continue
            priority, reason = ATTENTION[key]
            names = " vs ".join(entry["name"] for entry in match["entries"])
            queue.append(
                {
                    "priority": priority,
                    "kind": key,
                    "match": match,
                    "round": round_row["name"],
                    "reason": reason,
                    "names": names,
                }
            )
    return sorted(queue, key=lambda row: row["priority"])


def check_in_get(*, tournament: Tournament) -> dict:
    """Check-in before the start (one query): who has and has not checked in. Check-in is
    "open" once anyone has checked in; until then nobody is chased."""
    rows = list(
        tournament.entries.filter(dropped=False, waitlisted=False)
        .select_related("user")
        .order_by(F("seed").asc(nulls_last=True), "id")
    )
    missing = [entry_public(e) for e in rows if e.checked_in_at is None]
    return {
        "checked_in": len(rows) - len(missing),
        "total": len(rows),
        "open": len(missing) < len(rows),
        "missing": missing,
    }


def desk_get(*, tournament: Tournament, bracket: dict, at) -> dict:
    """The organizer's desk: the "needs attention" queue (matches, then players not checked
    in) and, for every round being played, each table's clock. One query on top of the
    bracket already read (none once the event runs)."""
    queue = needs_attention(bracket, at=at)
    check_in = None
    if tournament.status == Tournament.Status.REGISTRATION:
        check_in = check_in_get(tournament=tournament)
        if check_in["open"]:
            priority, reason = NOT_CHECKED_IN
            queue += [
                {"priority": priority, "kind": "check_in", "entry": e, "reason": reason}
                for e in check_in["missing"]
            ]
    for round_row in bracket["rounds"]:
        ready = sum(1 for m in round_row["matches"] if m["status"] == "ready")
        if ready:
            queue.append(
                {
                    "priority": ROUND_READY[0],
                    "kind": "round_ready",
                    "round": round_row,
                    "ready": ready,
                    "reason": f"{ready} match{'es' if ready != 1 else ''} ready to start",
                }
            )
    rounds = []
    for round_row in bracket["rounds"]:
        playing = [
            m
            for m in round_row["matches"]
            if not m["is_bye"] and m["status"] != "finished" and m["entries"]
        ]
        if not (round_row["started_at"] and playing):
            continue  # labelled only where there are tables to show
        labels = table_labels(tournament, round_row)
        tables = [
            {**m, "over_time": _attention_key(m, at) == "over_time", "table": labels[m["id"]]}
            for m in playing
        ]
        running = any(t["status"] == "in_progress" for t in tables)
        rounds.append({**round_row, "tables": tables, "running": running})
    return {"queue": queue, "rounds": rounds, "check_in": check_in}


def desk_public(desk: dict) -> dict:
    """The desk as the API gives it (plain JSON: names and ids, no nested bracket rows)."""

    def names(match: dict) -> list[dict]:
        return [{"id": e["id"], "name": e["name"]} for e in match["entries"]]

    queue = []
    for row in desk["queue"]:
        match, round_row = row.get("match"), row.get("round")
        queue.append(
            {
                "kind": row["kind"],
                "reason": row["reason"],
                "match": {"id": match["id"], "number": match["number"], "entries": names(match)}
                if match
                else None,
                "round": round_row["number"] if isinstance(round_row, dict) else None,
                "entry": row.get("entry"),
            }
        )
    rounds = [
        {
            "number": r["number"],
            "name": r["name"],
            "running": r["running"],
            "tables": [
                {
                    "match": t["id"],
                    "number": t["number"],
                    "status": t["status"],
                    "entries": names(t),
                    "deadline": t["deadline"],
                    "time_called": t["time_called"],
                    "over_time": t["over_time"],
                }
                for t in r["tables"]
            ],
        }
        for r in desk["rounds"]
    ]
    check_in = desk["check_in"]
    return {
        "queue": queue,
        "rounds": rounds,
        "check_in": {k: check_in[k] for k in ("checked_in", "total", "open")} if check_in else None,
    }
