"""Creating games: seats checked, the engine's first state stored, a bot asked to move."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from config.errors import NotAllowed, ServiceError
from gameplay.engine import bots as engine_bots
from gameplay.engine import core, registry
from gameplay.models import GameRecord, GameSeat
from gameplay.services.common import bot_seats, new_seed, save_state, schedule_bot, start_state
from gameplay.services.notices import notify_to_move


def _ruleset(slug: str) -> core.Ruleset:
    try:
        return registry.get(slug)
    except core.UnknownRuleset as exc:
        raise ServiceError(
            str(exc), code="unknown_ruleset", errors={"ruleset": [str(exc)]}
        ) from None


def parse_seats(seats: list[dict]) -> list[dict]:
    """[{user: id} | {bot: name}] checked: users exist, bots are known; 400 otherwise."""
    if not isinstance(seats, list) or not seats:
        raise ServiceError("Give one seat per player.", code="invalid_seats")
    clean = []
    for index, seat in enumerate(seats):
        user, bot = (seat.get("user"), seat.get("bot")) if isinstance(seat, dict) else (None, None)
        if (user is None) == (bot is None):
            raise ServiceError(
                f"Seat {index + 1} needs either a user or a bot.", code="invalid_seats"
            )
        if bot is not None and bot not in engine_bots.BOTS:
            known = ", ".join(sorted(engine_bots.BOTS))
            raise ServiceError(f"Unknown bot {bot!r}; known bots: {known}.", code="unknown_bot")
        clean.append({"user": user, "bot": bot or "", "entry": seat.get("entry")})
    user_ids = {s["user"] for s in clean if s["user"] is not None}
    found = set(get_user_model().objects.filter(pk__in=user_ids).values_list("pk", flat=True))
    if user_ids - found:
        raise ServiceError("A seat names a user that does not exist.", code="unknown_user")
    return clean


@transaction.atomic
def game_create(
    *,
    ruleset: str,
    seats: list[dict],
    options: dict | None = None,
    seed: int | None = None,
    created_by=None,
    match=None,
    game_number: int | None = None,
) -> GameRecord:
    """Start a game with these seats; if a bot moves first, a worker is asked to play it."""
    rules = _ruleset(ruleset)
    clean = parse_seats(seats)
    if not rules.min_players <= len(clean) <= rules.max_players:
        raise ServiceError(
            f"{rules.name} is played by {rules.min_players} to {rules.max_players} players.",
            code="invalid_seats",
        )
    if match is None:
        _check_may_seat(clean, created_by)
    seed = new_seed() if seed is None else seed
    state = start_state(ruleset, seats=len(clean), options=options or {}, seed=seed)
    game = GameRecord.objects.create(
        ruleset=rules.slug,
        ruleset_version=rules.version,
        options=state["options"],
        seed=seed,
        state={k: v for k, v in state.items() if k != "log"},
        actions=[],
        checkpoints=state["log"]["checkpoints"],
        created_by=created_by if created_by is not None and created_by.is_authenticated else None,
        match=match,
        game_number=game_number,
        version=0,
    )
    GameSeat.objects.bulk_create(
        GameSeat(game=game, number=i, user_id=s["user"], bot=s["bot"], entry_id=s["entry"])
        for i, s in enumerate(clean)
    )
    game.version = -1  # save_state bumps it to 0 for the new game
    save_state(game, state, bot_seats(game))
    if game.bot_to_move:
        schedule_bot(game.pk)
    if game.status == GameRecord.Status.IN_PROGRESS:
        notify_to_move(game)
    return game


def _check_may_seat(seats: list[dict], created_by) -> None:
    """A user starts games they play in (or between bots); only staff seat other users alone.

    (Tournament games seat the match's entries instead: match_game_create checks who asks.)
    """
    if created_by is None or not created_by.is_authenticated or created_by.is_staff:
        return
    users = {s["user"] for s in seats if s["user"] is not None}
    if users and created_by.pk not in users:
        raise NotAllowed(
            "You can only start a game you play in (or one between bots).", code="not_your_seat"
        )
