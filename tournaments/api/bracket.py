"""The API of the bracket: the whole of it (paged past a size), one round a page at a time."""

from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework import renderers
from rest_framework.views import APIView

from tournaments import serializers
from tournaments.api.common import ERRORS, conditional_read, json_per_version
from tournaments.fastpath import conditional
from tournaments.reads import bracket_parts
from tournaments.reads.events import tournament_get


class BracketApi(APIView):
    @extend_schema(
        responses={200: serializers.BracketOut, 304: None, **ERRORS},
        summary="The bracket: rounds and their matches, top to bottom (ETag / If-None-Match)",
        description=(
            'The whole bracket in one read, `"paged": false`, while it has at most '
            f"{bracket_parts.BRACKET_API_MAX_MATCHES:,} matches (up to 1,024 entries of two). A "
            'bigger bracket (a 4,096-entry event is 1.5 MB of JSON) answers `"paged": true`: '
            "each round has its `number`, `name`, `stage`, `started_at`, its match count "
            "`total` and `page`, the path of its first page of matches; read the round's "
            "matches from `/api/tournaments/{id}/bracket/rounds/{n}/?offset=&limit=` "
            "(up to 1,024 a page, `offset` + `limit` for the next). Both forms carry an ETag; "
            "send it back as If-None-Match to get a 304 while nothing changed."
        ),
    )
    def get(self, request, pk: int):
        tag, unchanged = conditional_read(request, pk, "bracket-api")
        if unchanged:
            return unchanged
        tournament = tournament_get(tournament_id=pk)
        response = json_per_version(
            request,
            tournament,
            "bracket",
            lambda: bracket_parts.bracket_api_get(tournament=tournament),
        )
        tag = conditional.etag(kind="bracket-api", tournament_id=pk, version=tournament.version)
        return conditional.stamp(response, tag)


class BracketRoundApi(APIView):
    @extend_schema(
        parameters=[serializers.RoundPageIn],
        responses={200: serializers.RoundPageOut, 304: None, **ERRORS},
        summary="One round of the bracket, a page of its matches at a time "
        "(?offset=, ?limit= up to 1,024; ETag / If-None-Match)",
    )
    def get(self, request, pk: int, number: int):
        query = serializers.RoundPageIn(data=request.query_params)
        query.is_valid(raise_exception=True)
        offset, limit = query.validated_data["offset"], query.validated_data["limit"]
        kind = f"bracket-round{number}-{offset}-{limit}"
        tag, unchanged = conditional_read(request, pk, kind)
        if unchanged:
            return unchanged
        tournament = tournament_get(tournament_id=pk)
        page = bracket_parts.bracket_round_get(
            tournament=tournament, number=number, offset=offset, limit=limit
        )
        response = HttpResponse(
            renderers.JSONRenderer().render(page), content_type="application/json"
        )
        tag = conditional.etag(kind=kind, tournament_id=pk, version=tournament.version)
        return conditional.stamp(response, tag)
