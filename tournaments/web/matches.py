"""A match's page and its live part (htmx polls it)."""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games import get as declared_game
from tournaments.brackets import AS_ONE_LIFE
from tournaments.fastpath import conditional
from tournaments.fastpath.match_keys import match_live_key
from tournaments.models import Match, Tournament
from tournaments.reads.bracket import EN_DASH
from tournaments.reads.bracket_parts import poll_seconds
from tournaments.reads.matches import match_detail_cached, match_title
from tournaments.services.common import is_organizer, user_entry
from tournaments.services.results import PLAYER_REPORTABLE
from tournaments.web.common import get_match


def _match_context(request: HttpRequest, match: Match, key: str) -> dict:
    """What the match page and its live partial show (a fixed number of queries), the match
    read once per `key` (`match_live_key`, read before the match)."""
    tournament = match.tournament
    detail = match_detail_cached(match=match, key=key)
    report = detail["pending_report"]
    names = {e["id"]: e["name"] for e in detail["entries"]}
    for game in [*detail["games"], *(report["games"] if report else [])]:
        game["winner_name"] = names.get(game["winner"], "no winner")
    live = tournament.status == Tournament.Status.RUNNING and not detail["is_bye"]
    return {
        "tournament": tournament,
        "match": detail,
        # The page keeps itself current while anything can still change it, polling as
        # often as the event's size allows (RULINGS.md 22).
        "live": live,
        "poll_seconds": poll_seconds(tournament=tournament) if live else None,
        **_controls(request, match, detail),
        "game_rows": range(1, tournament.best_of + 1),
        "finished_rows": range(1, tournament.best_of),
        "as_one_life": AS_ONE_LIFE,
        # what decides a game at time, in the game's own words (life, stamina, characters left)
        "time_facts": declared_game(tournament.game).time,
        "winner_name": names.get(detail["winner"]),
        "score": _score(detail),
        **(_report_lines(report, names) if report else _NO_REPORT),
    }


def _controls(request: HttpRequest, match: Match, detail: dict) -> dict:
    """Who the viewer is in the match and what they may do on its page."""
    tournament = match.tournament
    # A cancelled event's matches take no more actions (the services refuse them all).
    cancelled = tournament.status == Tournament.Status.CANCELLED
    mine = None if cancelled else user_entry(tournament=tournament, user=request.user, match=match)
    organizer = not cancelled and is_organizer(tournament=tournament, user=request.user)
    report = detail["pending_report"]
    player_may = mine is not None and detail["status"] in PLAYER_REPORTABLE
    organizer_may = organizer and detail["status"] != Match.Status.PENDING
    return {
        "cancelled": cancelled,
        "is_organizer": organizer,
        # a Swiss round's match may be ruled a draw (RULINGS.md S12)
        "can_draw": tournament.is_swiss_round(match.round.number),
        "my_entry": mine,
        "can_confirm": bool(report and mine and mine.pk not in report["confirmed_entries"]),
        # the organizer confirms for players who cannot (guests without an account), audited
        "organizer_can_confirm": bool(report and organizer and not mine),
        "can_report": not detail["is_bye"] and (player_may or organizer_may),
    }


_NO_REPORT = {
    "reported_by": None,
    "report_winner": None,
    "report_score": "",
    "report_draw_score": "",
}


def _report_lines(report: dict, names: dict[Any, str]) -> dict:
    """ "Ann reports: Ann won 2-1" above the reported games (a draw's level score too)."""
    leader = _leader(report["games"])
    return {
        "reported_by": names.get(report["entry"]),
        "report_winner": names.get(leader),
        "report_score": _score({"games": report["games"], "winner": leader}),
        "report_draw_score": _level_score(report["games"]) if report["draw"] else "",
    }


def _wins(games: list[dict]) -> dict[int, int]:
    """Each entry's game wins among `games` (a drawn game has no winner)."""
    wins: dict[int, int] = {}
    for game in games:
        if game.get("winner") is not None:
            wins[game["winner"]] = wins.get(game["winner"], 0) + 1
    return wins


def _leader(games: list[dict]) -> int | None:
    """The entry with the most game wins in a reported result (who the report says won)."""
    wins = _wins(games)
    return max(wins, key=lambda entry: wins[entry]) if wins else None


def _level_score(games: list[dict]) -> str:
    """A drawn result's score: "1-1", "1-1-1" with a drawn game, "0-0" for no games (en dashes)."""
    level = max(_wins(games).values(), default=0)
    drawn = sum(1 for game in games if game.get("winner") is None)
    figures = [level, level] + ([drawn] if drawn else [])
    return EN_DASH.join(str(n) for n in figures)


def _score(detail: dict) -> str:
    """The winner's game wins against the best of the others': "2-1" with an en dash."""
    wins = _wins(detail["games"])
    if not wins or detail["winner"] is None:
        return ""
    others = max((n for e, n in wins.items() if e != detail["winner"]), default=0)
    return f"{wins.get(detail['winner'], 0)}{EN_DASH}{others}"


def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A match: entries, clock, games, the report/confirm forms and the organizer's controls."""
    key = _live_key_or_404(pk)  # read before what it stands for: never newer than the page
    match = get_match(pk)
    context = {
        **_match_context(request, match, key),
        "title": match_title(match),
        "live_key": key,
    }
    return render(request, "tournaments/match.html", context)


def _live_key_or_404(pk: int) -> str:
    key = match_live_key(match_id=pk)
    if key is None:
        raise Http404("No such match.")
    return key


@require_GET
def match_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The match page's changing parts (htmx polls them): the status, clock, games, the report
    waiting for confirmation, and, out of band, the forms and the audit trail.

    A poll that names the key of what it shows (`?since=key`, `match_keys.match_live_key`)
    gets 204 while the match is the same, whatever else changes in the event: nothing to
    swap, one query (`UnchangedReadMiddleware` answers it before the session)."""
    key = _live_key_or_404(pk)
    if request.GET.get("since") == key:
        return conditional.no_change()
    context = {**_match_context(request, get_match(pk), key), "oob": True, "live_key": key}
    return render(request, "tournaments/_match_live.html", context)
