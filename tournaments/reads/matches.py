"""Reads of one match (its page and API body, its title) and of a player's next matches."""

from collections import defaultdict

from django.db.models import Q

from config.errors import NotFound
from tournaments.fastpath.cache import cached_per_match_key
from tournaments.models import Entry, Match, MatchEntry, Round, Tournament
from tournaments.reads.bracket import cut_after, match_public, round_title


def match_get(*, match_id: int) -> Match:
    """A match with its tournament and round; NotFound if there is none."""
    match = Match.objects.select_related("tournament", "round").filter(pk=match_id).first()
    if match is None:
        raise NotFound("No such match.", code="match_not_found")
    return match


def match_detail(*, match: Match) -> dict:
    """The match as in the bracket, plus its games, pending report and audit trail."""
    slots = list(
        match.slots.select_related("entry__user")
        .prefetch_related("entry__memberships__user")
        .order_by("slot")
    )
    tournament = match.tournament
    body = match_public(match, slots, cut_after(tournament))
    body["tournament"] = match.tournament_id
    body["best_of"] = tournament.best_of
    body["team_mode"] = tournament.team_mode if tournament.team_size > 1 else None
    for entry, slot in zip(body["entries"], slots, strict=True):
        members = slot.entry.memberships.all()
        entry["members"] = [{"id": m.user_id, "username": m.user.username} for m in members]
    body["games"] = [
        {
            "number": g.number,
            "winner": g.winner_id,
            "life": g.life,
            "first_damage": g.first_damage_id,
            "source": g.source,
        }
        for g in match.games.filter(superseded=False).order_by("number")
    ]
    report = match.reports.filter(status="pending").first()
    body["pending_report"] = (
        {
            "id": report.pk,
            "entry": report.entry_id,
            "games": report.games,
            "draw": report.draw,
            "confirmed_entries": report.confirmed_entries,
            "reported_by": report.reported_by_id,
        }
        if report
        else None
    )
    names = {entry["id"]: entry["name"] for entry in body["entries"]}
    body["audit"] = [
        {
            "action": a.action,
            "action_label": audit_label(a.action, names),
            "actor": a.actor.username if a.actor else None,
            "at": a.created_at,
            "before": a.before,
            "after": a.after,
            # the trail reads names, never entry ids
            "before_winner": names.get((a.before or {}).get("winner")),
            "after_winner": names.get((a.after or {}).get("winner")),
        }
        for a in match.audit.select_related("actor").order_by("created_at", "id")
    ]
    return body


def match_detail_cached(*, match: Match, key: str) -> dict:
    """`match_detail` once per key of what the match shows (`match_live_key` of
    `tournaments.fastpath.match_keys`, read before the match), for every reader: the match
    page, its live part and the API read it after each change (issue 17). Team events
    (members, not in the key) are read each time."""
    if match.tournament.team_size > 1:
        return match_detail(match=match)
    return cached_per_match_key(match, key, lambda: match_detail(match=match))


AUDIT_LABELS = {
    "report": "Result reported",
    "confirm": "Result confirmed",
    "organizer-confirm": "Result confirmed by the organizer for the players",
    "dispute": "Result disputed",
    "decide": "Decided by the organizer",
    "decide-own-match": "Decided by the organizer (who plays in it)",
    "organizer": "Result entered by the organizer",
    "organizer-own-match": "Result entered by the organizer (who plays in it)",
    "correction": "Result corrected",
    "correction-own-match": "Result corrected by the organizer (who plays in it)",
    "time-called": "Time called",
    "time": "Decided at time",
    "time-undecided": "Time: the organizer must decide",
    "time-draw": "Drawn at time (level after the time rule)",
    "draw": "Ruled a draw by the organizer",
    "forfeit": "Won by forfeit",
    "forfeit-win": "Won by forfeit",
    "double-forfeit": "Everyone forfeited; the first goes on",
    "bye-follows-correction": "Bye passed on after a correction",
    "engine": "Game played on the engine",
}


def audit_label(action: str, names: dict[int, str]) -> str:
    """An audit action in words: "extend:5" is "Time extended by 5 minutes"."""
    kind, _sep, value = action.partition(":")
    if kind == "extend":
        return f"Time extended by {value} minutes"
    if kind == "forfeit" and value.isdigit():
        return f"{names.get(int(value), 'An entry')} forfeited"
    if kind == "engine-game":
        return f"Game {value} played on the engine"
    return AUDIT_LABELS.get(action, action.replace("-", " ").capitalize())


def match_title(match: Match) -> str:
    """The match as the bracket names it: "Semifinals · Match 10" (two queries)."""
    tournament = match.tournament
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    name = round_title(tournament, match.round.number, rounds)
    if match.is_bye:
        return f"{name} · bye"
    if tournament.is_swiss_round(match.round.number):
        return f"{name} · Table {_table_number(match)}"
    before = Match.objects.filter(tournament=tournament, is_bye=False).filter(
        Q(round__number__lt=match.round.number)
        | Q(round__number=match.round.number, index__lt=match.index)
    )
    return f"{name} · Match {before.count() + 1}"


def _table_number(match: Match) -> int:
    """A Swiss match's table: its place among the round's matches that are not byes."""
    earlier = Match.objects.filter(round_id=match.round_id, is_bye=False, index__lt=match.index)
    return earlier.count() + 1


def next_matches_for_user(
    *,
    user,
    limit: int = 5,
    tournament: Tournament | None = None,
    entry_ids: set[int] | None = None,
) -> list[dict]:
    """The user's unfinished matches in running events (or in one), soonest round first, as
    people read them: event, "Semifinals · Match 10" (the table), opponents, status and clock.
    Three queries, plus two for each match's title (at most `limit`). In one event whose
    entries of the user are known (`entry_ids`, `entry_ids_of_user`), two: the matches are
    found through those entries' slots, not through every membership."""
    if user is None or not user.is_authenticated:
        return []
    if tournament is not None and entry_ids is not None:
        if not entry_ids or tournament.status != Tournament.Status.RUNNING:
            return []
        rows = Match.objects.filter(tournament=tournament, slots__entry_id__in=entry_ids)
        rows = rows.filter(is_bye=False)
    else:
        rows = Match.objects.filter(
            tournament__status=Tournament.Status.RUNNING,
            slots__entry__memberships__user=user,
            is_bye=False,
        )
        if tournament is not None:
            rows = rows.filter(tournament=tournament)
    matches = list(
        rows.exclude(status=Match.Status.FINISHED)
        .select_related("tournament", "round")
        .distinct()
        .order_by("round__number", "id")[:limit]
    )
    slots = MatchEntry.objects.filter(match__in=matches).select_related("entry__user")
    names: dict[int, list[tuple[int, str]]] = defaultdict(list)
    if entry_ids is None or tournament is None:
        mine = set(
            Entry.objects.filter(memberships__user=user, slots__match__in=matches).values_list(
                "pk", flat=True
            )
        )
    else:
        mine = entry_ids
    for slot in slots.order_by("match_id", "slot"):
        names[slot.match_id].append((slot.entry_id, slot.entry.display_name))
    return [
        {
            "id": m.pk,
            "tournament": m.tournament,
            "title": match_title(m),
            "opponents": [name for pk, name in names[m.pk] if pk not in mine] or ["not known yet"],
            "status": m.status,
            "deadline": m.deadline if m.status == Match.Status.IN_PROGRESS else None,
            "time_called": m.time_called_at is not None and m.status == Match.Status.IN_PROGRESS,
        }
        for m in matches
    ]
