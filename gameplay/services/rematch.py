"""A rematch: the same players and options again, seats turned so the other side starts."""

from __future__ import annotations

from django.db import transaction

from config.errors import Conflict, NotAllowed
from gameplay.models import GameRecord, GameSeat
from gameplay.services.common import lock_game
from gameplay.services.create import game_create


@transaction.atomic
def game_rematch(*, game_id: int, by_user) -> GameRecord:
    """A new game with the finished game's players and options, each player one seat on (with
    two players: swapped, so the other side starts), and a fresh seed drawn by the server
    (a chosen one would predict every shuffle). Only the game's players may ask; a second ask
    (the other player, a double click) opens the rematch already made."""
    game = lock_game(game_id)
    seats = list(GameSeat.objects.filter(game=game).order_by("number"))
    if (
        by_user is None
        or not by_user.is_authenticated
        or all(s.user_id != by_user.pk for s in seats)
    ):
        raise NotAllowed("Only the game's players can ask for a rematch.", code="not_your_seat")
    if game.match_id is not None:
        raise Conflict(
            "A tournament game has no rematch: the match page starts its next game.",
            code="match_game",
        )
    if game.status != GameRecord.Status.FINISHED:
        raise Conflict("A rematch can be asked once the game is over.", code="game_not_over")
    existing = GameRecord.objects.filter(rematch_of=game).first()
    if existing is not None:
        return existing
    turned = seats[1:] + seats[:1]
    rematch = game_create(
        ruleset=game.ruleset,
        seats=[{"user": s.user_id} if s.user_id else {"bot": s.bot} for s in turned],
        options=game.options,
        seed=None,  # the server draws it
        created_by=by_user,
    )
    rematch.rematch_of = game
    rematch.save(update_fields=["rematch_of"])
    return rematch
