"""The drafting API: thin views that parse input, call one service or selector, and render."""

from collections.abc import Callable

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from decks.drafting import event_selectors, selectors, serializers, services, winston_selectors
from decks.drafting.inputs import pod_settings_from

ERRORS = dict.fromkeys((400, 401, 403, 404, 409), serializers.ErrorOut)


def _valid(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _detail(request, draft_id: int, code: int = 200) -> Response:
    return Response(selectors.draft_detail(draft_id=draft_id, user=request.user), status=code)


class DraftListApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: serializers.DraftSummaryOut(many=True)}, summary="Recent drafts")
    def get(self, request):
        return Response(selectors.draft_summaries(limit=50))

    @extend_schema(
        request=serializers.DraftCreateIn,
        responses={201: serializers.DraftOut, **ERRORS},
        summary="Create a pod (or, with a tournament, all of its pods: the first is returned, "
        "every pod is in 'pods')",
    )
    def post(self, request):
        data = _valid(serializers.DraftCreateIn, request)
        if data["tournament"] is not None:
            pods = services.tournament_pods_create(
                tournament_id=data["tournament"],
                user=request.user,
                pick_timer=data["pick_timer"],
                seed=data["seed"] or None,
                card_set_id=data["card_set"],
                booster_layout=data["booster_layout"] or None,
                format=data["format"],
                cube=data["cube"],
            )
            body = selectors.draft_detail(draft_id=pods[0].id, user=request.user)
            body["pods"] = selectors.drafts_details(draft_ids=[p.id for p in pods])
            return Response(body, status=status.HTTP_201_CREATED)
        draft = services.draft_create(
            organizer=request.user, seed=data["seed"] or None, **pod_settings_from(data)
        )
        return _detail(request, draft.id, status.HTTP_201_CREATED)


class DraftDetailApi(APIView):
    @extend_schema(responses={200: serializers.DraftOut, 404: serializers.ErrorOut})
    def get(self, request, pk: int):
        return _detail(request, pk)


class DraftJoinApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=serializers.DraftJoinIn, responses={201: serializers.DraftOut, **ERRORS})
    def post(self, request, pk: int):
        team = _valid(serializers.DraftJoinIn, request)["team"]
        _seat, created = services.draft_join(draft_id=pk, user=request.user, team=team)
        return _detail(request, pk, status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class _OrganizerActionApi(APIView):
    permission_classes = [IsAuthenticated]
    run = staticmethod(services.draft_start)

    @extend_schema(request=None, responses={200: serializers.DraftOut, **ERRORS})
    def post(self, request, pk: int):
        self.run(draft_id=pk, user=request.user)
        return _detail(request, pk)


class DraftStartApi(_OrganizerActionApi):
    run = staticmethod(services.draft_start)


class DraftPauseApi(_OrganizerActionApi):
    run = staticmethod(services.draft_pause)


class DraftResumeApi(_OrganizerActionApi):
    run = staticmethod(services.draft_resume)


class SeatReplaceWithBotApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: serializers.DraftOut, **ERRORS})
    def post(self, request, pk: int, index: int):
        services.draft_seat_replace_with_bot(draft_id=pk, seat_index=index, user=request.user)
        return _detail(request, pk)


class DraftMeApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: serializers.SeatViewOut, **ERRORS}, summary="Your seat's view")
    def get(self, request, pk: int):
        return Response(selectors.draft_seat_view(draft_id=pk, user=request.user))


class DraftPickApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.PickIn,
        responses={201: serializers.SeatViewOut, **ERRORS},
        summary="Pick a card; 409 with your current state when the pack or pick is stale",
    )
    def post(self, request, pk: int):
        data = _valid(serializers.PickIn, request)
        pick = services.draft_pick_make(
            draft_id=pk,
            user=request.user,
            pack_id=data["pack"],
            pick_number=data["pick_number"],
            pack_card_id=data["card"],
        )
        body = selectors.draft_seat_view(draft_id=pk, user=request.user)
        body["pick"] = {"id": pick.id, "round": pick.round, "pick_number": pick.pick_number}
        return Response(body, status=status.HTTP_201_CREATED)


class DraftLogApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: serializers.LogOut(many=True), **ERRORS})
    def get(self, request, pk: int):
        return Response(selectors.draft_log(draft_id=pk, user=request.user))


class DraftPodApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: serializers.DraftOut, **ERRORS}, summary="Organizer's view")
    def get(self, request, pk: int):
        return Response(selectors.draft_organizer_view(draft_id=pk, user=request.user))


class TournamentSealedPoolsApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: serializers.PoolRefOut(many=True), **ERRORS})
    def get(self, request, pk: int):
        return Response(event_selectors.tournament_pools(tournament_id=pk, user=request.user))

    @extend_schema(
        request=serializers.SealedPoolsIn,
        responses={201: serializers.PoolRefOut(many=True), **ERRORS},
        summary="Deal a sealed pool to every entry (once)",
    )
    def post(self, request, pk: int):
        data = _valid(serializers.SealedPoolsIn, request)
        services.sealed_pools_create(
            tournament_id=pk,
            user=request.user,
            seed=data["seed"] or None,
            booster_layout=data["booster_layout"] or None,
            boosters=data["boosters"],
            card_set_id=data["card_set"],
        )
        body = event_selectors.tournament_pools(tournament_id=pk, user=request.user)
        return Response(body, status=status.HTTP_201_CREATED)


class TournamentDraftsApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: serializers.DraftOut(many=True), **ERRORS})
    def get(self, request, pk: int):
        return Response(event_selectors.tournament_drafts(tournament_id=pk))

    @extend_schema(
        request=serializers.TournamentPodsIn,
        responses={201: serializers.DraftOut(many=True), **ERRORS},
        summary="Seat a draft tournament's entries in pods of at most 8, or the chosen ones in one",
    )
    def post(self, request, pk: int):
        data = _valid(serializers.TournamentPodsIn, request)
        services.tournament_pods_create(
            tournament_id=pk,
            user=request.user,
            pick_timer=data["pick_timer"],
            seed=data["seed"] or None,
            card_set_id=data["card_set"],
            booster_layout=data["booster_layout"] or None,
            drafter_entry_ids=data["drafters"],
            format=data["format"],
            cube=data["cube"],
        )
        return Response(event_selectors.tournament_drafts(tournament_id=pk), status=201)


class PoolDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: serializers.PoolOut, **ERRORS}, summary="A pool's cards")
    def get(self, request, pk: int):
        return Response(event_selectors.pool_detail(pool_id=pk, user=request.user))


class _TurnTableApi(APIView):
    """A turn-based draft's table: GET what the user's seat sees (a visitor: what everyone
    sees), POST the user's move; the format's selector, move serializer and service."""

    table: Callable[..., dict]
    move_in: type[Serializer]
    move: Callable[..., object]

    def get(self, request, pk: int):
        return Response(self._table(request, pk))

    def post(self, request, pk: int):
        if not request.user.is_authenticated:
            raise NotAuthenticated()
        data = _valid(self.move_in, request)  # the move's fields and the quoted `turn`
        self.move(draft_id=pk, user=request.user, **data)
        return Response(self._table(request, pk), status=status.HTTP_201_CREATED)

    def _table(self, request, pk: int) -> dict:
        draft = selectors.draft_get(pk)
        return self.table(draft=draft, seat=selectors.seat_of_user(draft, request.user))


def _table_schema(out, move_in, summary: str):
    """The OpenAPI of a turn-based table: GET its view, POST a move (201 with the view)."""
    return extend_schema_view(
        get=extend_schema(responses={200: out, 404: serializers.ErrorOut}),
        post=extend_schema(request=move_in, responses={201: out, **ERRORS}, summary=summary),
    )


@_table_schema(
    serializers.WinstonOut,
    serializers.WinstonMoveIn,
    "Take or decline the pile you look at; 409 with the current turn when stale",
)
class DraftWinstonApi(_TurnTableApi):
    """A Winston draft's table: GET what you see, POST your move."""

    table = staticmethod(winston_selectors.winston_view)
    move_in = serializers.WinstonMoveIn
    move = staticmethod(services.winston_move_make)


@_table_schema(
    serializers.GridOut,
    serializers.GridMoveIn,
    "Take a row or a column; 409 with the current turn when stale",
)
class DraftGridApi(_TurnTableApi):
    """A grid draft's table: GET the grid, POST the line you take."""

    table = staticmethod(winston_selectors.grid_view)
    move_in = serializers.GridMoveIn
    move = staticmethod(services.grid_move_make)


@_table_schema(
    serializers.RochesterOut,
    serializers.RochesterPickIn,
    "Take a card from the open pack; 409 with the current turn when stale",
)
class DraftRochesterApi(_TurnTableApi):
    """A Rochester draft's table: GET the open pack and the picks, POST your pick."""

    table = staticmethod(winston_selectors.rochester_view)
    move_in = serializers.RochesterPickIn
    move = staticmethod(services.rochester_pick_make)
