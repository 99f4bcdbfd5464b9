"""The API of an event's rounds and its organizer's desk: start a round, call time on it,
extend it; the desk."""

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import NotAllowed
from tournaments import desk_serializers, serializers, services
from tournaments.api.common import ERRORS, valid
from tournaments.models import Tournament
from tournaments.reads.bracket import bracket_get
from tournaments.reads.desk import desk_get, desk_public
from tournaments.reads.events import tournament_get
from tournaments.services.common import is_organizer


class DeskApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: desk_serializers.DeskOut, **ERRORS},
        summary="The organizer's desk: what needs attention, most urgent first, and every "
        "table's clock in the rounds being played (organizer)",
    )
    def get(self, request, pk: int):
        tournament = tournament_get(tournament_id=pk)
        if not is_organizer(tournament=tournament, user=request.user):
            raise NotAllowed("Only the organizer sees the desk.", code="not_organizer")
        running = (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING)
        if tournament.status not in running:
            return Response({"queue": [], "rounds": [], "check_in": None})
        bracket = bracket_get(tournament=tournament)
        desk = desk_get(tournament=tournament, bracket=bracket, at=timezone.now())
        return Response(desk_serializers.DeskOut(desk_public(desk)).data)


class RoundCallTimeApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.RoundClocksOut, **ERRORS},
        summary="Call time on every running match of a round (organizer)",
    )
    def post(self, request, pk: int, number: int):
        changed = services.round_clocks(
            tournament=tournament_get(tournament_id=pk),
            number=number,
            by_user=request.user,
            call_time=True,
        )
        return Response({"matches": changed})


class RoundExtendApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.ExtendIn,
        responses={200: serializers.RoundClocksOut, **ERRORS},
        summary="Give every running match of a round more minutes (organizer)",
    )
    def post(self, request, pk: int, number: int):
        data = valid(serializers.ExtendIn, request)
        changed = services.round_clocks(
            tournament=tournament_get(tournament_id=pk),
            number=number,
            by_user=request.user,
            minutes=data["minutes"],
        )
        return Response({"matches": changed})


class RoundStartApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: dict, **ERRORS},
        summary="Start every ready match of a round (organizer)",
    )
    def post(self, request, pk: int, number: int):
        tournament = tournament_get(tournament_id=pk)
        started = services.round_start(tournament=tournament, number=number, by_user=request.user)
        return Response({"round": number, "started": started})
