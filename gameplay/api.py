"""The gameplay API: thin views that parse input, call one service or selector, render."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.serializers import ErrorOut
from config.errors import NotAllowed, NotFound
from decks.selectors import games_with_formats
from decks.serializers import GameFormatsOut
from gameplay import selectors, serializers, services
from gameplay.engine import registry

ERRORS = dict.fromkeys((400, 401, 403, 404, 409), ErrorOut)


def _valid(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _game(pk: int):
    game = selectors.game_get(pk)
    if game is None:
        raise NotFound("There is no such game.", code="game_not_found")
    return game


def _detail(pk: int, user) -> dict:
    return serializers.GameOut(selectors.game_detail(_game(pk), user)).data


class RulesetListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        responses={200: serializers.RulesetOut(many=True)}, summary="Games on the engine"
    )
    def get(self, request):
        rulesets = [r.describe() for r in registry.all_rulesets()]
        return Response(serializers.RulesetOut(rulesets, many=True).data)


class GameListApi(APIView):
    """/api/games/: GET lists the five games and their deck formats (the decks issue's
    catalogue); POST starts a game on the engine. One path, so one view serves both."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        responses={200: GameFormatsOut(many=True)}, summary="The games and their deck formats"
    )
    def get(self, request):
        return Response(GameFormatsOut(games_with_formats(), many=True).data)

    @extend_schema(
        request=serializers.GameIn,
        responses={201: serializers.GameOut, **ERRORS},
        summary="Start a game (seats: users or bots), or the next game of a match",
    )
    def post(self, request):
        data = _valid(serializers.GameIn, request)
        if data.get("match") is not None:
            game = services.match_game_create(match_id=data["match"], by_user=request.user)
        else:
            _require_seed_allowed(data, request.user)
            game = services.game_create(
                ruleset=data["ruleset"],
                seats=data["seats"],
                options=data.get("options") or {},
                seed=data.get("seed"),
                created_by=request.user,
            )
        return Response(_detail(game.pk, request.user), status=status.HTTP_201_CREATED)


def _require_seed_allowed(data: dict, user) -> None:
    """With two or more people at the table the server draws the seed: a chosen one predicts
    every shuffle, so the opponent's hand. A chosen seed stays possible for games against bots
    only, and for staff. The log publishes the seed once the game is over."""
    humans = sum(
        1 for seat in data.get("seats") or [] if isinstance(seat, dict) and seat.get("user")
    )
    if data.get("seed") is not None and humans >= 2 and not user.is_staff:
        raise NotAllowed(
            "With two or more people in a game the server chooses the seed; leave seed out. "
            "It is published in the game's log when the game ends.",
            code="seed_not_allowed",
            errors={"seed": ["Only for games against bots."]},
        )


class MatchGameApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={201: serializers.GameOut, **ERRORS},
        summary="Start the next game of a tournament match with its entries seated",
    )
    def post(self, request, pk: int):
        game = services.match_game_create(match_id=pk, by_user=request.user)
        return Response(_detail(game.pk, request.user), status=status.HTTP_201_CREATED)


class GameDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        responses={200: serializers.GameOut, **ERRORS},
        summary="A game as the requesting seat sees it (spectators: the public view)",
    )
    def get(self, request, pk: int):
        return Response(_detail(pk, request.user))


class GameActionApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.ActionIn,
        responses={200: serializers.GameOut, **ERRORS},
        summary="Play one action (one of legal_actions) at the version you saw",
        description=(
            "409 `stale_version` (with the current game) when the game moved on since that "
            "version, except that in a simultaneous secret choice (Army, Conventional Combat) "
            "an answer still counts when only the other side's hidden choice came since."
        ),
    )
    def post(self, request, pk: int):
        data = _valid(serializers.ActionIn, request)
        # one small query, not the whole game: the move is on every watcher's way to the screen
        if selectors.game_version(pk) is None:
            raise NotFound("There is no such game.", code="game_not_found")
        services.game_act(
            game_id=pk, user=request.user, action=data["action"], expected_version=data["version"]
        )
        return Response(_detail(pk, request.user))


class GameRematchApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={201: serializers.GameOut, **ERRORS},
        summary="Rematch a finished game: same players and options, seats turned, a new seed",
        description=(
            "Only the game's players. Each player moves one seat on (two players: swapped, so "
            "the other side starts) and the server draws the seed. Asking again returns the "
            "rematch already made (200). 409 `game_not_over` while the game is played, "
            "409 `match_game` for a tournament game (its match starts the next one)."
        ),
    )
    def post(self, request, pk: int):
        _game(pk)
        had = selectors.rematch_of_id(pk)
        game = services.game_rematch(game_id=pk, by_user=request.user)
        code = status.HTTP_200_OK if had == game.pk else status.HTTP_201_CREATED
        return Response(_detail(game.pk, request.user), status=code)


class GameLogApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        responses={200: serializers.GameLogOut, **ERRORS},
        summary="Seed, options, seats, actions and result (after the game, or its organizer)",
    )
    def get(self, request, pk: int):
        game = _game(pk)
        if not selectors.may_read_log(game, request.user):
            raise NotAllowed(
                "The log (its seed reveals every card to come) is public once the game is over.",
                code="game_in_progress",
            )
        return Response(serializers.GameLogOut(selectors.game_log(game)).data)


def _invite(pk: int) -> dict:
    row = selectors.invite_get(pk)
    if row is None:
        raise NotFound("There is no such seat or challenge.", code="invite_not_found")
    return row


class InviteListApi(APIView):
    """/api/invites/: the lobby (GET) and offering a seat or a challenge (POST)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: serializers.LobbyOut}, summary="The lobby: seats to take")
    def get(self, request):
        lobby = {
            "open_seats": selectors.open_seats(),
            "challenges": selectors.challenges_for(user=request.user),
            "mine": selectors.invites_of(user=request.user),
        }
        return Response(serializers.LobbyOut(lobby).data)

    @extend_schema(
        request=serializers.InviteIn,
        responses={201: serializers.InviteOut, **ERRORS},
        summary="Open a seat in the lobby, or challenge a player by username",
        description=(
            "You sit in seat 1. With `opponent`, only that player may accept (they are "
            "notified); without, anyone may join. 400 `unknown_user`, `self_challenge`, "
            "`invalid_game`; 409 `too_many_invites` past 10 waiting."
        ),
    )
    def post(self, request):
        data = _valid(serializers.InviteIn, request)
        invite = services.invite_create(
            by_user=request.user,
            ruleset=data["ruleset"],
            opponent_username=data["opponent"],
            options=data["options"],
        )
        return Response(
            serializers.InviteOut(_invite(invite.pk)).data, status=status.HTTP_201_CREATED
        )


class InviteAcceptApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={201: serializers.GameOut, **ERRORS},
        summary="Take an open seat or accept a challenge: the game starts",
        description=(
            "409 `seat_taken` when someone else took the seat first (or the challenge was "
            "already accepted); 403 `not_your_invite` for another player's challenge; "
            "400 `own_invite` for your own seat."
        ),
    )
    def post(self, request, pk: int):
        game = services.invite_accept(invite_id=pk, user=request.user)
        return Response(_detail(game.pk, request.user), status=status.HTTP_201_CREATED)


class InviteDeclineApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.InviteOut, **ERRORS},
        summary="Decline a challenge (the challenged player only)",
    )
    def post(self, request, pk: int):
        invite = services.invite_decline(invite_id=pk, user=request.user)
        return Response(serializers.InviteOut(_invite(invite.pk)).data)


class InviteCancelApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.InviteOut, **ERRORS},
        summary="Withdraw your open seat or challenge while nobody took it",
    )
    def post(self, request, pk: int):
        invite = services.invite_cancel(invite_id=pk, user=request.user)
        return Response(serializers.InviteOut(_invite(invite.pk)).data)
