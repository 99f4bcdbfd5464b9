"""Match results: reports, confirmations, disputes, organizer decisions and corrections, forfeits,
and games played on the engine."""

from django.db import transaction

from config.errors import Conflict, NotAllowed, ServiceError
from tournaments import hooks
from tournaments.brackets import (
    BracketError,
    GameResult,
    check_game_facts,
    game_wins,
)
from tournaments.models import Match, MatchGame, MatchReport, Tournament
from tournaments.services import bracket
from tournaments.services.clock import normalize_life, start_locked
from tournaments.services.common import (
    active_entry_ids,
    audit,
    bracket_error,
    entry_ids,
    is_organizer,
    lock_match,
    pending_report,
    require_organizer,
    slots_of,
    snapshot,
    supersede_pending_reports,
    user_entry,
)
from tournaments.services.events import match_forfeit_entry
from tournaments.services.fairness import result_decided
from tournaments.services.notices import report_to_confirm_notify
from tournaments.services.scores import games_json, outcome, parse_games, write_games

PLAYER_REPORTABLE = (
    Match.Status.READY,
    Match.Status.IN_PROGRESS,
    Match.Status.AWAITING_CONFIRMATION,
)


@transaction.atomic
def match_result_report(
    *, match: Match, by_user, games: list[dict], as_organizer: bool = False, draw: bool = False
) -> Match:
    """A player reports the result (the others confirm it); the organizer's entry is final,
    also on a finished match, where it is a correction the bracket follows.

    An organizer who plays in the match reports as a player, to be confirmed like anyone
    else's report (ruling 17); with `as_organizer` they decide it instead, and the audit
    trail records that the organizer decided their own match.

    `draw`: the match ended drawn (a Swiss round only, S13); the games are the level score
    played (none for an intentional draw), confirmed like any report."""
    # One read with the lock brings the entries, the reporter's entry and the next match.
    tournament, match = lock_match(match.pk, bump=True, facts_for=by_user)
    # What the bracket shows anyone first (400), then who may report (403), then the games.
    if match.status == Match.Status.PENDING:
        raise ServiceError("The match is still waiting for its entries.", code="match_pending")
    if match.is_bye:
        raise ServiceError("A bye has no games to report.", code="match_is_bye")
    organizer, own_match, entry_id = _reporter(tournament, match, by_user, as_organizer)
    entries, active = slots_of(match)
    parsed = parse_games(games, entries, tournament)
    winner = outcome(tournament, match, parsed, entries, active, draw=draw)
    if organizer:
        action = "organizer-own-match" if own_match else "organizer"
        _organizer_decides(tournament, match, by_user, winner, parsed, action=action)
        return match
    _player_report(tournament, match, by_user, entry_id, parsed, draw=draw, active=active)
    return match


def _reporter(tournament: Tournament, match: Match, by_user, as_organizer: bool):
    """Who reports: (as the organizer, in their own match, the reporter's entry or None).
    An organizer playing in the match is a player like any other unless `as_organizer`."""
    organizer = is_organizer(tournament=tournament, user=by_user)
    entry_id = match.viewer_entry
    own_match = organizer and entry_id is not None
    if own_match and not as_organizer:
        organizer = False  # a player like any other: the opponent confirms
    elif organizer:
        entry_id = None
    if not organizer and entry_id is None:
        raise NotAllowed(
            "Only the match's players or the organizer can report it.", code="not_in_match"
        )
    return organizer, own_match, entry_id


def _player_report(
    tournament: Tournament,
    match: Match,
    by_user,
    entry_id: int,
    parsed: list[GameResult],
    *,
    draw: bool,
    active: list[int],
) -> None:
    """A player's report, waiting for the others' confirmation (they are told after the
    commit)."""
    if match.status == Match.Status.FINISHED:
        raise ServiceError(
            "The match is finished; only the organizer can change it.", code="match_finished"
        )
    if match.status not in PLAYER_REPORTABLE:
        raise Conflict(
            f"The match is {match.status}; the organizer will decide it.", code="organizer_decides"
        )
    before = snapshot(match)
    supersede_pending_reports(match)
    assert entry_id is not None  # not the organizer: refused above without an entry
    MatchReport.objects.create(
        match=match,
        reported_by=by_user,
        entry_id=entry_id,
        games=games_json(parsed),
        draw=draw,
        confirmed_entries=[entry_id],
    )
    match.status = Match.Status.AWAITING_CONFIRMATION
    match.save(update_fields=["status"])
    audit(match=match, actor=by_user, action="report", before=before)
    others = [pk for pk in active if pk != entry_id]
    # after the commit: a notice is no part of the result (and the report stays 8 queries)
    transaction.on_commit(
        lambda: report_to_confirm_notify(tournament=tournament, match_id=match.pk, entry_ids=others)
    )


def _organizer_decides(
    tournament,
    match,
    by_user,
    winner: int | None,
    games: list[GameResult],
    *,
    action: str = "organizer",
) -> None:
    """The organizer's result (a draw when `winner` is None), final at once; on a finished
    match a correction the bracket follows (a draw only in a Swiss round, which leads nowhere)."""
    if match.status != Match.Status.FINISHED:
        action = "draw" if winner is None and action == "organizer" else action
        _finish_with_games(tournament, match, by_user, winner, games, action=action)
        return
    correction = "correction-own-match" if action == "organizer-own-match" else "correction"
    decided_by = _played_or_drawn(winner)
    _correct(tournament, match, by_user, winner, decided_by, correction, games=games)


def _played_or_drawn(winner: int | None) -> str:
    """How a match with games played was decided: a draw when nobody won it."""
    return Match.DecidedBy.DRAW if winner is None else Match.DecidedBy.PLAYED


def _finish_with_games(
    tournament, match, by_user, winner, games, *, action: str, confirmed=None
) -> None:
    """Write the games that count and finish the match on them (the organizer's games, or a
    report's once `confirmed`); the bracket moves the winner on."""
    source = MatchGame.Source.ORGANIZER if confirmed is None else MatchGame.Source.REPORT
    written = write_games(match, games, source)
    bracket.match_finish(
        tournament=tournament,
        match=match,
        winner_id=winner,
        decided_by=_played_or_drawn(winner),
        actor=by_user,
        action=action,
        games=written,
        confirmed=confirmed,
    )


def _correct(tournament, match, by_user, winner_id, decided_by, action: str, games=None) -> None:
    """A finished match's new result (with the organizer's games, if any): the new winner
    replaces the old one downstream, the audit trail keeps the old, ratings follow."""
    before = snapshot(match)
    if winner_id is not None and winner_id != match.winner_id:
        bracket.downstream_replace(
            tournament=tournament, match=match, old_id=match.winner_id, new_id=winner_id
        )
    if games is not None:
        write_games(match, games, MatchGame.Source.ORGANIZER)
    match.winner_id, match.decided_by = winner_id, decided_by
    match.save(update_fields=["winner", "decided_by"])
    audit(match=match, actor=by_user, action=action, before=before)
    result_decided(
        tournament=tournament, match=match, actor=by_user, action=action, decided_by=decided_by
    )
    hooks.match_result_changed(match_id=match.pk)


@transaction.atomic
def match_result_confirm(*, match: Match, by_user) -> Match:
    """Another entry's player confirms the pending report; once every entry has, it counts."""
    tournament, match = lock_match(match.pk, bump=True, facts_for=by_user)
    organizer = is_organizer(tournament=tournament, user=by_user)
    entry_id = match.viewer_entry
    if entry_id is None and not organizer:
        raise NotAllowed("Only the match's players can confirm it.", code="not_in_match")
    report = pending_report(match)  # read with the lock
    if match.status != Match.Status.AWAITING_CONFIRMATION or report is None:
        raise Conflict("There is no reported result to confirm.", code="nothing_to_confirm")
    if entry_id is not None and entry_id == report.entry_id:
        # also for an organizer who plays: their own report waits for the opponent (ruling 17)
        raise ServiceError("The other player(s) must confirm your report.", code="own_report")
    if entry_id is not None and entry_id not in report.confirmed_entries:
        report.confirmed_entries = [*report.confirmed_entries, entry_id]
    entries, active = slots_of(match)
    if not organizer and set(active) - set(report.confirmed_entries):
        report.save(update_fields=["confirmed_entries"])
        return match
    games = parse_games(report.games, entries)
    winner = outcome(tournament, match, games, entries, active, draw=report.draw)
    report.status = MatchReport.Status.CONFIRMED  # saved by match_finish, with the match
    match.has_pending_report = False  # this one, now confirmed, was the only one
    # the organizer confirming for the players (a guest without an account cannot)
    action = "confirm" if entry_id is not None else "organizer-confirm"
    _finish_with_games(tournament, match, by_user, winner, games, action=action, confirmed=report)
    return match


@transaction.atomic
def match_result_dispute(*, match: Match, by_user) -> Match:
    """Another entry's player disputes the pending report; the organizer then decides."""
    tournament, match = lock_match(match.pk, bump=True)
    entry = user_entry(tournament=tournament, user=by_user, match=match)
    if entry is None:
        raise NotAllowed("Only the match's players can dispute it.", code="not_in_match")
    report = match.reports.filter(status=MatchReport.Status.PENDING).first()
    if match.status != Match.Status.AWAITING_CONFIRMATION or report is None:
        raise Conflict("There is no reported result to dispute.", code="nothing_to_dispute")
    if entry.pk == report.entry_id:
        raise ServiceError(
            "You reported this result; report again to change it.", code="own_report"
        )
    before = snapshot(match)
    report.status = MatchReport.Status.DISPUTED
    report.save(update_fields=["status"])
    match.status = Match.Status.DISPUTED
    match.save(update_fields=["status"])
    audit(match=match, actor=by_user, action="dispute", before=before)
    return match


def _plays_in(tournament, match, user) -> bool:
    return user_entry(tournament=tournament, user=user, match=match) is not None


@transaction.atomic
def match_decide(
    *, match: Match, by_user, winner_id: int | None = None, draw: bool = False
) -> Match:
    """The organizer names the winner (after a dispute, at time, or to correct a result), or
    in a Swiss round rules the match a draw (S4, S12)."""
    tournament, match = lock_match(match.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="decide a match")
    if match.status == Match.Status.PENDING or match.is_bye:
        raise ServiceError(
            "Only a match with its entries known can be decided.", code="match_pending"
        )
    if draw:
        _draw(tournament, match, by_user)
        return match
    if winner_id not in active_entry_ids(match):
        raise ServiceError(
            f"Entry {winner_id} is not (or no longer) in this match.",
            code="not_in_match",
            errors={"winner": ["Not in this match."]},
        )
    action = "decide-own-match" if _plays_in(tournament, match, by_user) else "decide"
    _rule(tournament, match, by_user, winner_id, Match.DecidedBy.ORGANIZER, action)
    return match


def _rule(tournament, match, by_user, winner_id, decided_by, action: str) -> None:
    """The organizer's ruling (a winner, or None for a draw) finishes the match, or corrects
    it when it is already finished: the new winner replaces the old one downstream."""
    if match.status != Match.Status.FINISHED:
        bracket.match_finish(
            tournament=tournament,
            match=match,
            winner_id=winner_id,
            decided_by=decided_by,
            actor=by_user,
            action=action,
        )
        return
    _correct(tournament, match, by_user, winner_id, decided_by, "correction")


def _draw(tournament: Tournament, match: Match, by_user) -> None:
    """A Swiss match ruled a draw: each entry scores a draw's match point (S4)."""
    if not tournament.is_swiss_round(match.round.number):
        raise ServiceError(
            "Only a Swiss round's match can be a draw; name the winner.",
            code="no_draws_here",
            errors={"winner": ["Name the winner."]},
        )
    _rule(tournament, match, by_user, None, Match.DecidedBy.DRAW, "draw")


@transaction.atomic
def match_forfeit(*, match: Match, by_user, entry_id: int) -> Match:
    """The organizer records a forfeit (a no-show); the last entry left wins the match."""
    tournament, match = lock_match(match.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="record a forfeit")
    if match.status == Match.Status.FINISHED:
        raise ServiceError("The match is finished; decide it instead.", code="match_finished")
    if entry_id not in active_entry_ids(match):
        raise ServiceError(
            f"Entry {entry_id} is not (or no longer) in this match.",
            code="not_in_match",
            errors={"entry": ["Not in this match."]},
        )
    match_forfeit_entry(tournament=tournament, match=match, entry_id=entry_id, actor=by_user)
    return match


@transaction.atomic
def match_game_record_from_engine(
    *,
    match_id: int,
    game_number: int,
    winner_entry_id: int | None,
    life: dict[int, int],
    first_damage_entry_id: int | None,
) -> Match:
    """Record a game played on the engine (no confirmation; idempotent on game_number);
    finish the match once an entry has enough wins and move the winner on."""
    tournament, match = lock_match(match_id, bump=True)
    if match.status == Match.Status.FINISHED:
        return match
    if match.games.filter(number=game_number, superseded=False).exists():
        return match
    if match.status == Match.Status.PENDING:
        raise ServiceError("The match is still waiting for its entries.", code="match_pending")
    if game_number < 1:
        raise ServiceError("Games are numbered from 1.", code="invalid_game_number")
    entries = entry_ids(match)
    game = GameResult(winner_entry_id, normalize_life(life, entries), first_damage_entry_id)
    if winner_entry_id is not None and winner_entry_id not in entries:
        raise ServiceError(
            f"Entry {winner_entry_id} does not play in this match.", code="not_in_match"
        )
    try:
        check_game_facts(game, entries)
    except BracketError as exc:
        raise bracket_error(exc) from None
    if match.status == Match.Status.READY:
        start_locked(tournament, match)
    before = snapshot(match)
    MatchGame.objects.create(
        match=match,
        number=game_number,
        winner_id=winner_entry_id,
        first_damage_id=game.first_damage,
        life={str(k): v for k, v in game.life.items()},
        source=MatchGame.Source.ENGINE,
    )
    audit(match=match, actor=None, action=f"engine-game:{game_number}", before=before)
    counted = [GameResult(g.winner_id, {}, None) for g in match.games.filter(superseded=False)]
    leader = game_wins(counted).most_common(1)
    if leader and leader[0][1] >= tournament.wins_needed:
        supersede_pending_reports(match)
        bracket.match_finish(
            tournament=tournament,
            match=match,
            winner_id=leader[0][0],
            decided_by=Match.DecidedBy.PLAYED,
            actor=None,
            action="engine",
        )
    return match
