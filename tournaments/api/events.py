"""The API of events: list, create, read, start, cancel."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import serializers, services
from tournaments.api.common import ERRORS, valid
from tournaments.reads.events import tournament_get, tournament_list


class TournamentListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = PageNumberPagination  # also tells the schema the list is paginated

    @extend_schema(responses={200: serializers.TournamentOut(many=True)}, summary="Tournaments")
    def get(self, request):
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(tournament_list(), request, view=self)
        return paginator.get_paginated_response(serializers.TournamentOut(page, many=True).data)

    @extend_schema(
        request=serializers.TournamentIn,
        responses={201: serializers.TournamentOut, **ERRORS},
        summary="Create a tournament (you are its organizer)",
    )
    def post(self, request):
        data = valid(serializers.TournamentIn, request)
        tournament = services.tournament_create(organizer=request.user, **data)
        body = serializers.TournamentOut(tournament_get(tournament_id=tournament.pk)).data
        return Response(body, status=status.HTTP_201_CREATED)


class TournamentDetailApi(APIView):
    @extend_schema(responses={200: serializers.TournamentOut, **ERRORS}, summary="A tournament")
    def get(self, request, pk: int):
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
