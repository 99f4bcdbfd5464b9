"""The API of events: list, create, read, start, cancel."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import serializers, services
from tournaments.api.common import ERRORS, valid
from tournaments.models import Tournament
from tournaments.reads.calendar import TABS, EventFilter, events_listed
from tournaments.reads.events import tournament_get, tournament_list
from tournaments.services.announce import ANNOUNCEMENT_FIELDS


class TournamentListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = PageNumberPagination  # also tells the schema the list is paginated

    @extend_schema(
        responses={200: serializers.TournamentOut(many=True)},
        parameters=[
            OpenApiParameter(
                "tab",
                str,
                enum=list(TABS),
                description="Upcoming, running or "
                "finished (upcoming soonest first); none: every public event, newest first.",
            ),
            OpenApiParameter("game", str, description="A game's slug."),
            OpenApiParameter("organizer", str, description="The organizer's username."),
            OpenApiParameter("q", str, description="Words of the event's name."),
        ],
        summary="Public tournaments (unlisted ones are left out)",
    )
    def get(self, request):
        paginator = self.pagination_class()
        rows = (
            events_listed(EventFilter.of(request.query_params))
            if "tab" in request.query_params
            else tournament_list().filter(visibility=Tournament.Visibility.PUBLIC)
        )
        page = paginator.paginate_queryset(rows, request, view=self)
        return paginator.get_paginated_response(serializers.TournamentOut(page, many=True).data)

    @extend_schema(
        request=serializers.TournamentIn,
        responses={201: serializers.TournamentOut, **ERRORS},
        summary="Create a tournament (you are its organizer)",
    )
    def post(self, request):
        data = valid(serializers.TournamentIn, request)
        details = {k: data.pop(k) for k in ANNOUNCEMENT_FIELDS}
        tournament = services.tournament_create(
            organizer=request.user, **data, announcement=services.Announcement(**details)
        )
        body = serializers.TournamentOut(tournament_get(tournament_id=tournament.pk)).data
        return Response(body, status=status.HTTP_201_CREATED)


class TournamentDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: serializers.TournamentOut, **ERRORS}, summary="A tournament")
    def get(self, request, pk: int):
        return Response(serializers.TournamentOut(tournament_get(tournament_id=pk)).data)

    @extend_schema(
        request=serializers.TournamentDetailsIn,
        responses={200: serializers.TournamentOut, **ERRORS},
        summary="Edit the name and announcement: date, venue, description, cap, "
        "registration, visibility, decklists (organizer; omitted fields are reset)",
    )
    def put(self, request, pk: int):
        data = valid(serializers.TournamentDetailsIn, request)
        name = data.pop("name")
        services.tournament_update(
            tournament=tournament_get(tournament_id=pk),
            by_user=request.user,
            name=name,
            announcement=services.Announcement(**data),
        )
        return Response(serializers.TournamentOut(tournament_get(tournament_id=pk)).data)


class TournamentStartApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.TournamentOut, **ERRORS},
        summary="Seed, build the bracket and start round 1 (organizer)",
    )
    def post(self, request, pk: int):
        tournament = tournament_get(tournament_id=pk)
        services.tournament_start(tournament=tournament, by_user=request.user)
        return Response(serializers.TournamentOut(tournament_get(tournament_id=pk)).data)


class TournamentCancelApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.TournamentOut, **ERRORS},
        summary="Cancel the tournament (organizer)",
    )
    def post(self, request, pk: int):
        tournament = tournament_get(tournament_id=pk)
        services.tournament_cancel(tournament=tournament, by_user=request.user)
        return Response(serializers.TournamentOut(tournament_get(tournament_id=pk)).data)
