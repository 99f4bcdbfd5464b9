"""The leagues API: leagues, their events, the season leaderboard (also CSV), a player's
history."""

import io

from drf_spectacular.utils import extend_schema
from rest_framework import renderers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.serializers import ErrorOut
from config.csv_export import SafeWriter
from leagues import selectors, serializers, services

ERRORS = dict.fromkeys((400, 401, 403, 404, 409), ErrorOut)


def _valid(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class LeagueListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: serializers.LeagueOut(many=True)}, summary="Leagues")
    def get(self, request):
        return Response(serializers.LeagueOut(selectors.league_list(), many=True).data)

    @extend_schema(
        request=serializers.LeagueIn,
        responses={201: serializers.LeagueOut, **ERRORS},
        summary="Create a league (a season of events; you organize it)",
    )
    def post(self, request):
        league = services.league_create(
            organizer=request.user, **_valid(serializers.LeagueIn, request)
        )
        return Response(serializers.LeagueOut(league).data, status=status.HTTP_201_CREATED)


class LeagueDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: serializers.LeagueOut, **ERRORS}, summary="A league")
    def get(self, request, pk: int):
        return Response(serializers.LeagueOut(selectors.league_get(league_id=pk)).data)

    @extend_schema(
        request=serializers.LeagueUpdateIn,
        responses={200: serializers.LeagueOut, **ERRORS},
        summary="Change the league's settings (its organizer or staff); the game stays",
    )
    def patch(self, request, pk: int):
        league = selectors.league_get(league_id=pk)
        serializer = serializers.LeagueUpdateIn(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        league = services.league_update(
            league=league, by_user=request.user, **serializer.validated_data
        )
        return Response(serializers.LeagueOut(league).data)


class LeagueNextSeasonApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        request=serializers.NextSeasonIn,
        responses={201: serializers.LeagueOut, **ERRORS},
        summary="Start the league's next season (same game and scoring, no events yet)",
    )
    def post(self, request, pk: int):
        league = selectors.league_get(league_id=pk)
        season = services.league_next_season(
            league=league, by_user=request.user, **_valid(serializers.NextSeasonIn, request)
        )
        return Response(serializers.LeagueOut(season).data, status=status.HTTP_201_CREATED)


class LeagueEventsApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        request=serializers.LeagueEventIn,
        responses={201: serializers.LeagueEventIn, **ERRORS},
        summary="Add one of your events to the league",
    )
    def post(self, request, pk: int):
        league = selectors.league_get(league_id=pk)
        data = _valid(serializers.LeagueEventIn, request)
        services.league_event_add(
            league=league, by_user=request.user, tournament_id=data["tournament"]
        )
        return Response({"tournament": data["tournament"]}, status=status.HTTP_201_CREATED)


class LeagueEventDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={204: None, **ERRORS}, summary="Take an event out of the league")
    def delete(self, request, pk: int, tournament_id: int):
        league = selectors.league_get(league_id=pk)
        services.league_event_remove(
            league=league, by_user=request.user, tournament_id=tournament_id
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class LeaderboardCsvRenderer(renderers.BaseRenderer):
    """The leaderboard as a CSV file (?format=csv): a line per player, a column per event."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        out = io.StringIO()
        writer = SafeWriter(out)
        if "lines" not in data:  # an error body
            writer.writerow(["detail"])
            writer.writerow([data.get("detail", "")])
            return out.getvalue()
        events = data["events"]
        writer.writerow(
            ["rank", "player", "points", "events_played", "events_counted"]
            + [event["name"] for event in events]
        )
        for line in data["lines"]:
            cells = [
                "" if e["points"] is None else f"{e['points']}{'' if e['counted'] else '*'}"
                for e in line["by_event"]
            ]
            writer.writerow(
                [
                    line["rank"],
                    line["player"]["username"],
                    line["points"],
                    line["events_played"],
                    line["events_counted"],
                    *cells,
                ]
            )
        return out.getvalue()


class LeaderboardApi(APIView):
    renderer_classes = [
        renderers.JSONRenderer,
        renderers.BrowsableAPIRenderer,
        LeaderboardCsvRenderer,
    ]

    @extend_schema(
        responses={200: serializers.LeaderboardOut, **ERRORS},
        summary="The season leaderboard (also ?format=csv; * marks points not counted)",
    )
    def get(self, request, pk: int):
        league = selectors.league_get(league_id=pk)
        response = Response(selectors.leaderboard_get(league=league))
        if request.accepted_renderer.format == "csv":
            name = f"league-{league.pk}-leaderboard.csv"
            response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


class PlayerHistoryApi(APIView):
    @extend_schema(
        responses={200: serializers.HistoryOut(many=True), **ERRORS},
        summary="A player's events, results and decks registered, newest first",
    )
    def get(self, request, username: str):
        _player, history = selectors.player_history(username=username)
        body = [
            {
                "tournament": h["tournament"].pk,
                "name": h["tournament"].name,
                "game": h["tournament"].game,
                "status": h["tournament"].status,
                "started_at": h["tournament"].started_at,
                "entry": h["entry"].display_name,
                "placement": h["placement"],
                "match_wins": h["match_wins"],
                "match_losses": h["match_losses"],
                "deck": h["deck"],
                "league": h["league"].pk if h["league"] else None,
            }
            for h in history
        ]
        return Response(body)
