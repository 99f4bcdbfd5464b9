"""Whole bot tournaments through the real services (used by `manage.py simulate --tournament`)."""

from __future__ import annotations

import random

from django.contrib.auth import get_user_model

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
        tournament_services.entry_add(tournament=tournament, by_user=organizer, name=f"Bot {n + 1}")
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
    if final is None or final.winner_id is None:
        return None
    return final.winner.display_name
