"""Games of tournament matches: seating the match's entries, and results flowing back."""

from __future__ import annotations

import hashlib
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from config.errors import Conflict, NotAllowed, ServiceError
from decks.locked_decks import locked_deck_cards, locked_deck_codes, locked_deck_lists
from gameplay.engine import core, registry
from gameplay.models import GameRecord
from gameplay.selectors import entry_facts
from gameplay.services.common import announce
from gameplay.services.create import game_create
from games import get as declared_game
from tournaments.models import Match
from tournaments.services import match_game_record_from_engine, match_start
from tournaments.services.common import lock_match

GUEST_BOT = "greedy"  # plays for entries without a user (guests)


@transaction.atomic
def match_game_create(*, match_id: int, by_user=None) -> GameRecord:
    """Create the match's next game with its entries seated (by a player, the organizer or the
    system); the first game starts the match's clock."""
    # The tournament row first, then the match: the order every tournaments service locks in,
    # so a concurrent report or deadline sweep cannot deadlock with this.
    tournament, match = lock_match(match_id, bump=True)
    match.tournament = tournament
    if by_user is not None and not _may_start(match, by_user):
        raise NotAllowed("Only the match's players or the organizer can start its games.")
    if match.status not in (Match.Status.READY, Match.Status.IN_PROGRESS):
        raise Conflict(f"The match is {match.status}; no game can start.", code="match_not_ready")
    if GameRecord.objects.filter(match=match, status=GameRecord.Status.IN_PROGRESS).exists():
        raise Conflict("A game of this match is already being played.", code="game_in_progress")
    declared = declared_game(tournament.game)
    if not declared.engine:
        raise ServiceError(
            declared.engine_note
            or f"{declared.name} cannot be played on the engine; report results instead.",
            code="not_on_engine",
        )
    ruleset = registry.get(tournament.game)
    seats = match_seats(match)
    number = _next_number(match)
    if match.status == Match.Status.READY:
        match_start(match=match, by_user=None)
    return game_create(
        ruleset=ruleset.slug,
        seats=seats,
        options=match_options(tournament, ruleset, seats),
        seed=match_game_seed(tournament.rng_seed, match.pk, number),
        created_by=by_user,
        match=match,
        game_number=number,
    )


def match_game_seed(tournament_seed: int, match_id: int, number: int) -> int:
    """A game's seed derived from the tournament's: the whole event can be replayed."""
    digest = hashlib.sha256(f"{tournament_seed}:{match_id}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def _may_start(match, user) -> bool:
    if not user.is_authenticated:
        return False
    if match.tournament.organizer_id == user.pk or user.is_staff:
        return True
    return any(s["user"] == user.pk for s in match_seats(match))


def _next_number(match) -> int:
    played = GameRecord.objects.filter(match=match).aggregate(n=Max("game_number"))["n"] or 0
    recorded = match.games.filter(superseded=False).aggregate(n=Max("number"))["n"] or 0
    return max(played, recorded) + 1


def match_seats(match) -> list[dict]:
    """One seat per player: entries in slot order; a team's members interleaved (A B A B)."""
    slots = list(match.slots.select_related("entry").order_by("slot"))
    teams = []
    for slot in slots:
        entry = slot.entry
        members = list(entry.memberships.order_by("user_id").values_list("user_id", flat=True))
        users = members or ([entry.user_id] if entry.user_id else [None])
        teams.append([(u, entry.pk) for u in users])
    seats = []
    for index in range(max(len(t) for t in teams)):
        for team in teams:
            if index < len(team):
                user, entry = team[index]
                seat = {"user": user} if user else {"bot": GUEST_BOT}
                seats.append({**seat, "entry": entry})
    return seats


def match_options(tournament, ruleset, seats: list[dict]) -> dict:
    """The engine options a tournament implies, read from the game's declaration: Jokers and
    teams where the game has them, the format as the mode where it is one, and each seat's deck
    (the list its entry registered, as locked when the event started)."""
    game = declared_game(tournament.game)
    options: dict = {}
    if game.jokers:
        options["jokers"] = 2 if tournament.jokers else 0
    if game.teams and tournament.team_size > 1:
        options.update(teams=tournament.team_mode, team_size=tournament.team_size)
    fmt = game.format(tournament.deck_format)
    if fmt is not None and fmt.engine_mode:
        options["mode"] = fmt.engine_mode
    if fmt is None or not fmt.uses_deck or not game.engine_decks:
        return options
    entries = [seat["entry"] for seat in seats]
    decks: dict[int, Any]
    if game.engine_decks == "codes":
        decks = locked_deck_codes(entry_ids=entries)
    elif game.engine_decks == "kingdom":
        decks = locked_deck_lists(entry_ids=entries, game=tournament.game)
    else:
        decks = locked_deck_cards(entry_ids=entries, game=tournament.game)
        if not decks:  # no deck registered: the engine's starter decks
            return options
    if len(decks) < len(set(entries)):
        raise ServiceError(
            "Every entry of this match needs a deck locked at the tournament's start before "
            "it can be played on the engine; report this match's results by hand instead.",
            code="decks_needed",
        )
    return {**options, **_deck_options(game.engine_decks, fmt.slug, [decks[e] for e in entries])}


def _deck_options(kind: str, format_slug: str, decks: list) -> dict:
    """The decks in the engine's option words; a team's members each play a copy of the
    team's registered deck."""
    if kind == "codes":
        return {"format": format_slug, "decks": decks}
    if kind in ("cards", "kingdom"):
        return {"decks": decks}
    # a Combat Force per seat; Null is added by the engine in a Full Match
    return {f"force_{n}": [c for c in deck if c["name"] != "Null"] for n, deck in enumerate(decks)}


def match_game_finished(*, game: GameRecord, result) -> None:
    """The one workflow after an engine game of a match ends: the game finished -> its result
    is recorded into the match (no confirmation) -> the match's next game opens while the
    match goes on (a best-of-N)."""
    match = _record_into_match(game, result)
    if match.status == Match.Status.IN_PROGRESS:
        match_game_create(match_id=match.pk, by_user=None)


def _record_into_match(game: GameRecord, result):
    """The finished game's winner, life totals and first damage, by entry, into its match."""
    # a game of a match
    assert game.match_id is not None
    assert game.game_number is not None
    facts = entry_facts(game, result.life, result.first_damage)
    winners = {s.entry_id for s in game.seats.all() if s.number in result.winners and s.entry_id}
    return match_game_record_from_engine(
        match_id=game.match_id,
        game_number=game.game_number,
        winner_entry_id=winners.pop() if len(winners) == 1 else None,
        life=facts["life"],
        first_damage_entry_id=facts["first_damage"],
    )


@transaction.atomic
def match_game_close_if_decided(*, game_id: int) -> bool:
    """End a live game whose match is already decided (its time ran out, or the organizer
    decided it): the game finishes with the match's winner and the life totals it had then.
    Returns whether it was closed (idempotent)."""
    game = GameRecord.objects.select_for_update().filter(pk=game_id).first()
    if game is None or game.match_id is None or game.status != GameRecord.Status.IN_PROGRESS:
        return False
    match = Match.objects.only("status", "winner_id", "decided_by").get(pk=game.match_id)
    if match.status != Match.Status.FINISHED:
        return False
    facts = registry.get(game.ruleset).time_facts(game.state)
    winners = [
        s.number for s in game.seats.all() if match.winner_id and s.entry_id == match.winner_id
    ]
    reason = f"the match was decided ({match.decided_by})"
    game.result = core.Result(
        winners, facts["life"], facts["first_damage"], {"reason": reason}
    ).to_dict()
    game.status = GameRecord.Status.FINISHED
    game.finished_at = timezone.now()
    game.bot_to_move = False
    game.version += 1
    game.save()
    announce(game)
    return True
