"""Playing people: an open seat in the lobby, or a challenge to one player by name.

The player who offers sits in seat 1; whoever takes the seat (the first to join an open seat,
or the challenged player accepting) sits in seat 2 and the game starts. The invite row is
locked while it is answered, so two players taking one open seat at once get one game: the
second is told the seat is taken (409)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from accounts.notifications import announce_to_user, notify
from config.errors import Conflict, NotAllowed, NotFound, ServiceError
from gameplay.engine import core, registry
from gameplay.models import GameInvite, GameRecord
from gameplay.services.common import start_state
from gameplay.services.create import game_create

MAX_OPEN_INVITES = 10  # per player: the lobby is not a place to flood
PLAYERS = 2


def _ruleset(slug: str) -> core.Ruleset:
    try:
        rules = registry.get(slug)
    except core.UnknownRuleset as exc:
        raise ServiceError(
            str(exc), code="unknown_ruleset", errors={"ruleset": [str(exc)]}
        ) from None
    if not rules.min_players <= PLAYERS <= rules.max_players:
        message = f"{rules.name} is not a two-player game."
        raise ServiceError(message, code="invalid_seats", errors={"ruleset": [message]})
    return rules


def _signed_in(user) -> None:
    if user is None or not user.is_authenticated:
        raise NotAllowed("Log in to play other people.", code="not_authenticated")


@transaction.atomic
def invite_create(
    *, by_user, ruleset: str, opponent_username: str = "", options: dict | None = None
) -> GameInvite:
    """Offer a seat: to `opponent_username` (a challenge, and they are told) or, without one,
    to anyone in the lobby. The options are checked now by dealing a game that is not kept."""
    _signed_in(by_user)
    rules = _ruleset(ruleset)
    # the options checked (a 400 naming the problem) and stored as the engine reads them
    options = start_state(rules.slug, seats=PLAYERS, options=dict(options or {}), seed=1)["options"]
    opponent = None
    name = (opponent_username or "").strip()
    if name:
        opponent = get_user_model().objects.filter(username__iexact=name, is_active=True).first()
        if opponent is None:
            message = f"There is no player called {name!r}."
            raise ServiceError(message, code="unknown_user", errors={"opponent": [message]})
        if opponent.pk == by_user.pk:
            message = "You cannot challenge yourself; open a seat or play a bot instead."
            raise ServiceError(message, code="self_challenge", errors={"opponent": [message]})
    # The player's row locked first: two offers at once would both count 9 waiting and both
    # insert (16 at once left 15 open); locked, each counts after the other's commit.
    get_user_model().objects.select_for_update().filter(pk=by_user.pk).values_list("pk").get()
    waiting = GameInvite.objects.filter(created_by=by_user, status=GameInvite.Status.OPEN)
    if waiting.count() >= MAX_OPEN_INVITES:
        raise Conflict(
            f"You already have {MAX_OPEN_INVITES} seats waiting; cancel one first.",
            code="too_many_invites",
        )
    invite = GameInvite.objects.create(
        ruleset=rules.slug, options=options, created_by=by_user, opponent=opponent
    )
    if opponent is not None:
        notify(
            user_ids=[opponent.pk],
            text=f"{by_user.username} challenges you to {rules.name}.",
            url="/games/lobby/",
        )
    return invite


def _lock(invite_id: int) -> GameInvite:
    invite = GameInvite.objects.select_for_update().filter(pk=invite_id).first()
    if invite is None:
        raise NotFound("There is no such seat or challenge.", code="invite_not_found")
    return invite


def _still_open(invite: GameInvite, user=None) -> None:
    if invite.status == GameInvite.Status.OPEN:
        return
    if invite.status == GameInvite.Status.ACCEPTED:
        mine = user is not None and invite.opponent_id == user.pk
        message = (
            f"You already took this seat: game {invite.game_id}."
            if mine
            else "Someone else took this seat first."
        )
        raise Conflict(message, code="seat_taken", data={"game": invite.game_id} if mine else {})
    raise Conflict(f"This offer was {invite.status}.", code=f"invite_{invite.status}")


@transaction.atomic
def invite_accept(*, invite_id: int, user) -> GameRecord:
    """Take the seat (join an open seat, or accept a challenge): the game starts, the player who
    offered is told. Only the challenged player may accept a challenge; nobody joins their own."""
    _signed_in(user)
    invite = _lock(invite_id)
    if invite.created_by_id == user.pk:
        raise ServiceError("You cannot take your own seat.", code="own_invite")
    _still_open(invite, user)  # first: a taken open seat names its taker as the opponent
    if invite.opponent_id is not None and invite.opponent_id != user.pk:
        raise NotAllowed("This challenge is for another player.", code="not_your_invite")
    game = game_create(
        ruleset=invite.ruleset,
        seats=[{"user": invite.created_by_id}, {"user": user.pk}],
        options=invite.options,
        created_by=user,
    )
    invite.status = GameInvite.Status.ACCEPTED
    invite.opponent_id = user.pk
    invite.game = game
    invite.answered_at = timezone.now()
    invite.save(update_fields=["status", "opponent", "game", "answered_at"])
    name = registry.get(invite.ruleset).name
    notify(
        user_ids=[invite.created_by_id],
        text=f"{user.username} took your seat: your {name} game {game.pk} has started.",
        url=f"/games/{game.pk}/",
    )
    return game


@transaction.atomic
def invite_decline(*, invite_id: int, user) -> GameInvite:
    """The challenged player says no; the challenger is told."""
    _signed_in(user)
    invite = _lock(invite_id)
    if invite.opponent_id is None or invite.opponent_id != user.pk:
        raise NotAllowed("Only the challenged player can decline.", code="not_your_invite")
    _still_open(invite)
    invite.status = GameInvite.Status.DECLINED
    invite.answered_at = timezone.now()
    invite.save(update_fields=["status", "answered_at"])
    notify(
        user_ids=[invite.created_by_id],
        text=f"{user.username} declined your {registry.get(invite.ruleset).name} challenge.",
        url="/games/lobby/",
    )
    return invite


@transaction.atomic
def invite_cancel(*, invite_id: int, user) -> GameInvite:
    """The player who offered the seat withdraws it (while nobody took it)."""
    _signed_in(user)
    invite = _lock(invite_id)
    if invite.created_by_id != user.pk:
        raise NotAllowed("Only the player who offered the seat can cancel it.", code="not_yours")
    _still_open(invite)
    invite.status = GameInvite.Status.CANCELLED
    invite.answered_at = timezone.now()
    invite.save(update_fields=["status", "answered_at"])
    if invite.opponent_id is not None:  # the challenge leaves their open home page
        announce_to_user(invite.opponent_id)
    return invite
