"""Games of tournament matches: seating the match's entries, and results flowing back."""

from __future__ import annotations

import hashlib

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from config.errors import Conflict, NotAllowed, ServiceError
from gameplay.engine import core, registry
from gameplay.models import GameRecord

GUEST_BOT = "greedy"  # plays for entries without a user (guests)


@transaction.atomic
def match_game_create(*, match_id: int, by_user=None) -> GameRecord:
    """Create the match's next game with its entries seated (by a player, the organizer or the
    system); the first game starts the match's clock."""
    from tournaments.models import Match
    from tournaments.services import match_start
    from tournaments.services.common import lock_match

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
    try:
        ruleset = registry.get(tournament.game)
    except core.UnknownRuleset:
        raise ServiceError(
            f"{tournament.game} cannot be played on the engine; report results instead.",
            code="not_on_engine",
        ) from None
    seats = match_seats(match)
    number = _next_number(match)
    if match.status == Match.Status.READY:
        match_start(match=match, by_user=None)
    from gameplay.services.games import game_create

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


CC_MODES = ("quick-duel", "full-match")


def match_options(tournament, ruleset, seats: list[dict]) -> dict:
    """The engine options a tournament implies (Combat: jokers, teams, and in own-deck formats
    each seat's deck: the list its entry registered, as locked when the event started)."""
    if ruleset.slug in ("conventional-combat", "rune-duel"):
        return card_game_options(tournament, ruleset, seats)
    if ruleset.slug != "combat":
        return {}
    options = {"jokers": 2 if tournament.jokers else 0}
    if tournament.team_size > 1:
        options.update(teams=tournament.team_mode, team_size=tournament.team_size)
    if tournament.deck_format in ("", "off-the-top"):
        return options
    from decks.selectors import locked_deck_codes

    decks = locked_deck_codes(entry_ids=[seat["entry"] for seat in seats])
    if len(decks) < len({seat["entry"] for seat in seats}):
        raise ServiceError(
            "Every entry of this match needs a deck locked at the tournament's start before "
            "it can be played on the engine; report this match's results by hand instead.",
            code="decks_needed",
        )
    # A team's members each play a copy of the team's registered deck.
    options.update(format=tournament.deck_format, decks=[decks[s["entry"]] for s in seats])
    return options


def card_game_options(tournament, ruleset, seats: list[dict]) -> dict:
    """Conventional Combat plays the event's format as its mode; it and Rune Duel play each
    entry's locked deck when the event registered decks (else the engine's starter decks)."""
    from decks.selectors import locked_deck_cards

    options = {}
    if ruleset.slug == "conventional-combat" and tournament.deck_format in CC_MODES:
        options["mode"] = tournament.deck_format
    entries = [seat["entry"] for seat in seats]
    decks = locked_deck_cards(entry_ids=entries, game=tournament.game)
    if not decks:
        return options
    if len(decks) < len(set(entries)):
        raise ServiceError(
            "Every entry of this match needs a deck locked at the tournament's start before "
            "it can be played on the engine; report this match's results by hand instead.",
            code="decks_needed",
        )
    if ruleset.slug == "rune-duel":
        return {**options, "decks": [decks[entry] for entry in entries]}
    for number, entry in enumerate(entries):  # Null is added by the engine in a Full Match
        options[f"force_{number}"] = [c for c in decks[entry] if c["name"] != "Null"]
    return options


def match_game_finished(*, game: GameRecord, result) -> None:
    """Record a finished game into its match (no confirmation) and start the next game of a
    best-of-N if the match goes on."""
    from gameplay.selectors import entry_facts
    from tournaments.models import Match
    from tournaments.services import match_game_record_from_engine

    facts = entry_facts(game, result.life, result.first_damage)
    winners = {s.entry_id for s in game.seats.all() if s.number in result.winners and s.entry_id}
    match = match_game_record_from_engine(
        match_id=game.match_id,
        game_number=game.game_number,
        winner_entry_id=winners.pop() if len(winners) == 1 else None,
        life=facts["life"],
        first_damage_entry_id=facts["first_damage"],
    )
    if match.status == Match.Status.IN_PROGRESS:
        match_game_create(match_id=match.pk, by_user=None)


@transaction.atomic
def match_game_close_if_decided(*, game_id: int) -> bool:
    """End a live game whose match is already decided (its time ran out, or the organizer
    decided it): the game finishes with the match's winner and the life totals it had then.
    Returns whether it was closed (idempotent)."""
    from tournaments.models import Match

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
    return True
