"""Whole bot tournaments through the real services (used by `manage.py simulate --tournament`)."""

from __future__ import annotations

import random

from django.contrib.auth import get_user_model

from decks import selectors as deck_selectors
from decks import services as deck_services
from decks.legality import load_builtin
from decks.services.decks import deck_list_from_input
from gameplay import services
from gameplay.models import GameRecord
from tournaments import services as tournament_services
from tournaments.models import Match, Tournament

ORGANIZER = "simulator"


def run_bot_tournament(
    *, game: str, entries: int, best_of: int, progress, rng: random.Random
) -> dict:
    """Create a tournament of guest entries (played by bots) and play every match to the end."""
    organizer, _ = get_user_model().objects.get_or_create(username=ORGANIZER)
    tournament = tournament_services.tournament_create(
        organizer=organizer, name=f"Bot cup {rng.randrange(10**6)}", game=game, best_of=best_of
    )
    for n in range(entries):
        entry = tournament_services.entry_add(
            tournament=tournament, by_user=organizer, name=f"Bot {n + 1}"
        )
        _register_starter_deck(tournament, entry, organizer, n)
    tournament_services.tournament_start(tournament=tournament, by_user=organizer)
    games = 0
    while True:
        tournament.refresh_from_db()
        if tournament.status != Tournament.Status.RUNNING:
            break
        played = _play_open_matches(tournament, organizer, progress)
        if not played:
            break
        games += played
    winner = _champion(tournament)
    return {
        "tournament": tournament.pk,
        "status": tournament.status,
        "games": games,
        "winner": winner,
    }


def _register_starter_deck(tournament: Tournament, entry, organizer, n: int) -> None:
    """Where the event's format plays decks, the guest entry registers one of the game's
    built-in starter decks of that format (in turn), saved as the organizer's deck; nothing
    when the format uses no decks or the game has no starter deck for it."""
    if deck_selectors.event_format(tournament) is None:
        return
    try:
        starters = load_builtin(tournament.game).get("decks", [])
    except KeyError:
        return
    starters = [d for d in starters if d.get("format") == tournament.deck_format]
    if not starters:
        return
    starter = starters[n % len(starters)]
    deck_list = deck_list_from_input(
        cards=[{"name": name, "count": count} for count, name in starter["cards"]],
        fortresses=starter.get("fortresses", ()),
    )
    deck = deck_services.deck_create(
        owner=organizer,
        game_slug=tournament.game,
        format_slug=tournament.deck_format,
        name=f"{starter['name']} ({entry.display_name})",
        deck_list=deck_list,
    )
    deck_services.deck_register(entry=entry, deck=deck, user=organizer)


def _play_open_matches(tournament: Tournament, organizer, progress) -> int:
    """Start and play every ready or running match; returns the games played."""
    played = 0
    open_matches = Match.objects.filter(
        tournament=tournament, status__in=[Match.Status.READY, Match.Status.IN_PROGRESS]
    )
    for match in open_matches:
        live = GameRecord.objects.filter(match=match, status="in_progress").first()
        if live is None:
            live = services.match_game_create(match_id=match.pk, by_user=organizer)
        while live is not None:
            while GameRecord.objects.get(pk=live.pk).status == "in_progress":
                services.game_bots_play(game_id=live.pk)
            played += 1
            progress(1)
            live = GameRecord.objects.filter(match=match, status="in_progress").first()
    return played


def _champion(tournament: Tournament) -> str | None:
    final = Match.objects.filter(tournament=tournament).order_by("-round__number").first()
    if final is None or final.winner is None:
        return None
    return final.winner.display_name
