"""The tournaments API: thin views that parse input, call one service or selector, render."""

import io

from django.http import HttpResponse
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import renderers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.serializers import ErrorOut
from config.csv_export import SafeWriter
from config.errors import NotAllowed, NotFound, ServiceError
from tournaments import freshness, selectors, serializers, services, swiss_selectors
from tournaments.models import Entry, Tournament
from tournaments.services.common import is_organizer

ERRORS = dict.fromkeys((400, 401, 403, 404, 409), ErrorOut)


def _valid(serializer_class, request) -> dict:
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class TournamentListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    pagination_class = PageNumberPagination  # also tells the schema the list is paginated

    @extend_schema(responses={200: serializers.TournamentOut(many=True)}, summary="Tournaments")
    def get(self, request):
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(selectors.tournament_list(), request, view=self)
        return paginator.get_paginated_response(serializers.TournamentOut(page, many=True).data)

    @extend_schema(
        request=serializers.TournamentIn,
        responses={201: serializers.TournamentOut, **ERRORS},
        summary="Create a tournament (you are its organizer)",
    )
    def post(self, request):
        data = _valid(serializers.TournamentIn, request)
        tournament = services.tournament_create(organizer=request.user, **data)
        body = serializers.TournamentOut(selectors.tournament_get(tournament_id=tournament.pk)).data
        return Response(body, status=status.HTTP_201_CREATED)


class TournamentDetailApi(APIView):
    @extend_schema(responses={200: serializers.TournamentOut, **ERRORS}, summary="A tournament")
    def get(self, request, pk: int):
        return Response(serializers.TournamentOut(selectors.tournament_get(tournament_id=pk)).data)


class EntryListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: serializers.EntryOut(many=True)}, summary="Entries by seed")
    def get(self, request, pk: int):
        tournament = selectors.tournament_get(tournament_id=pk)
        return Response(
            serializers.EntryOut(selectors.entry_list(tournament=tournament), many=True).data
        )

    @extend_schema(
        request=serializers.EntryIn,
        responses={201: serializers.EntryOut, **ERRORS},
        summary="Register a player, guest or team (a player with no body joins themselves)",
    )
    def post(self, request, pk: int):
        data = _valid(serializers.EntryIn, request)
        tournament = selectors.tournament_get(tournament_id=pk)
        entry = services.entry_add(
            tournament=tournament,
            by_user=request.user,
            user_id=data["user"],
            name=data["name"],
            member_ids=data["members"],
            seed=data["seed"],
        )
        return Response(serializers.EntryOut(entry).data, status=status.HTTP_201_CREATED)


def _entry(pk: int, entry_id: int) -> Entry:
    entry = Entry.objects.filter(pk=entry_id, tournament_id=pk).first()
    if entry is None:
        raise NotFound("No such entry in this tournament.", code="entry_not_found")
    return entry


class EntryDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.EntryUpdateIn,
        responses={200: serializers.EntryOut, **ERRORS},
        summary="Rename a guest or team entry, or move it to another seed (organizer; a swap)",
    )
    def patch(self, request, pk: int, entry_id: int):
        data = _valid(serializers.EntryUpdateIn, request)
        entry = services.entry_update(
            entry=_entry(pk, entry_id),
            by_user=request.user,
            name=data.get("name"),
            seed=data.get("seed"),
        )
        return Response(serializers.EntryOut(entry).data)

    @extend_schema(
        request=None,
        responses={204: None, **ERRORS},
        summary="Remove an entry before the start (organizer, or its player leaving)",
    )
    def delete(self, request, pk: int, entry_id: int):
        services.entry_remove(entry=_entry(pk, entry_id), by_user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class EntriesPasteApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.EntriesPasteIn,
        responses={201: serializers.EntryOut(many=True), **ERRORS},
        summary="Add many guests at once, one name a line (organizer; all or none)",
    )
    def post(self, request, pk: int):
        data = _valid(serializers.EntriesPasteIn, request)
        entries = services.entries_paste(
            tournament=selectors.tournament_get(tournament_id=pk),
            by_user=request.user,
            text=data["text"],
        )
        return Response(
            serializers.EntryOut(entries, many=True).data, status=status.HTTP_201_CREATED
        )


class EntryDropApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.EntryOut, **ERRORS},
        summary="Drop an entry (it forfeits its current match)",
    )
    def post(self, request, pk: int, entry_id: int):
        entry = Entry.objects.filter(pk=entry_id, tournament_id=pk).first()
        if entry is None:
            raise NotFound("No such entry in this tournament.", code="entry_not_found")
        entry = services.entry_drop(entry=entry, by_user=request.user)
        return Response(serializers.EntryOut(entry).data)


class EntryCheckInApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.CheckInIn,
        responses={200: serializers.EntryOut, **ERRORS},
        summary="Check an entry in before the start, or undo it (its player, or the organizer)",
    )
    def post(self, request, pk: int, entry_id: int):
        data = _valid(serializers.CheckInIn, request)
        entry = services.entry_check_in(
            entry=_entry(pk, entry_id), by_user=request.user, checked_in=data["checked_in"]
        )
        return Response(serializers.EntryOut(entry).data)


class EntriesDropUncheckedApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.DroppedOut, **ERRORS},
        summary="Drop every entry that has not checked in (organizer, before the start)",
    )
    def post(self, request, pk: int):
        count = services.entries_drop_unchecked(
            tournament=selectors.tournament_get(tournament_id=pk), by_user=request.user
        )
        return Response({"dropped": count})


class EntriesSeedOrderApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.SeedOrderIn,
        responses={200: serializers.EntryOut(many=True), **ERRORS},
        summary="Seed the listed entries 1, 2, ... in that order (organizer, before the start)",
    )
    def post(self, request, pk: int):
        data = _valid(serializers.SeedOrderIn, request)
        entries = services.entries_seed_order(
            tournament=selectors.tournament_get(tournament_id=pk),
            by_user=request.user,
            entry_ids=data["entries"],
        )
        return Response(serializers.EntryOut(entries, many=True).data)


class DeskApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: serializers.DeskOut, **ERRORS},
        summary="The organizer's desk: what needs attention, most urgent first, and every "
        "table's clock in the rounds being played (organizer)",
    )
    def get(self, request, pk: int):
        tournament = selectors.tournament_get(tournament_id=pk)
        if not is_organizer(tournament=tournament, user=request.user):
            raise NotAllowed("Only the organizer sees the desk.", code="not_organizer")
        running = (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING)
        if tournament.status not in running:
            return Response({"queue": [], "rounds": [], "check_in": None})
        bracket = selectors.bracket_get(tournament=tournament)
        desk = selectors.desk_get(tournament=tournament, bracket=bracket, at=timezone.now())
        return Response(serializers.DeskOut(selectors.desk_public(desk)).data)


class RoundCallTimeApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.RoundClocksOut, **ERRORS},
        summary="Call time on every running match of a round (organizer)",
    )
    def post(self, request, pk: int, number: int):
        changed = services.round_clocks(
            tournament=selectors.tournament_get(tournament_id=pk),
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
        data = _valid(serializers.ExtendIn, request)
        changed = services.round_clocks(
            tournament=selectors.tournament_get(tournament_id=pk),
            number=number,
            by_user=request.user,
            minutes=data["minutes"],
        )
        return Response({"matches": changed})


class TournamentStartApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.TournamentOut, **ERRORS},
        summary="Seed, build the bracket and start round 1 (organizer)",
    )
    def post(self, request, pk: int):
        tournament = selectors.tournament_get(tournament_id=pk)
        services.tournament_start(tournament=tournament, by_user=request.user)
        return Response(serializers.TournamentOut(selectors.tournament_get(tournament_id=pk)).data)


class TournamentCancelApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.TournamentOut, **ERRORS},
        summary="Cancel the tournament (organizer)",
    )
    def post(self, request, pk: int):
        tournament = selectors.tournament_get(tournament_id=pk)
        services.tournament_cancel(tournament=tournament, by_user=request.user)
        return Response(serializers.TournamentOut(selectors.tournament_get(tournament_id=pk)).data)


class RoundStartApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: dict, **ERRORS},
        summary="Start every ready match of a round (organizer)",
    )
    def post(self, request, pk: int, number: int):
        tournament = selectors.tournament_get(tournament_id=pk)
        started = services.round_start(tournament=tournament, number=number, by_user=request.user)
        return Response({"round": number, "started": started})


def _conditional(request, pk: int, kind: str):
    """The read's ETag from the tournament's version (one query), and a 304 when the client
    has that already; 404 for no such tournament. The bracket and standings are the same
    for every reader, so the tag does not name the reader."""
    state = freshness.version_of(request, pk)
    if state is None:
        raise NotFound("No such tournament.", code="tournament_not_found")
    tag = freshness.etag(kind=kind, tournament_id=pk, version=state.version)
    return tag, freshness.not_modified(tag) if freshness.matches(request, tag) else None


def _json_per_version(request, tournament, kind: str, build):
    """The body as JSON bytes rendered once per version (for the JSON renderer; others such
    as the browsable API or CSV render the cached data themselves)."""
    if request.accepted_renderer.format != "json":
        return Response(build())
    body = selectors.cached_per_version(
        f"{kind}-json", tournament, lambda: renderers.JSONRenderer().render(build())
    )
    return HttpResponse(body, content_type="application/json")


class BracketApi(APIView):
    @extend_schema(
        responses={200: serializers.BracketOut, 304: None, **ERRORS},
        summary="The bracket: rounds and their matches, top to bottom (ETag / If-None-Match)",
        description=(
            'The whole bracket in one read, `"paged": false`, while it has at most '
            f"{selectors.BRACKET_API_MAX_MATCHES:,} matches (up to 1,024 entries of two). A "
            'bigger bracket (a 4,096-entry event is 1.5 MB of JSON) answers `"paged": true`: '
            "each round has its `number`, `name`, `stage`, `started_at`, its match count "
            "`total` and `page`, the path of its first page of matches; read the round's "
            "matches from `/api/tournaments/{id}/bracket/rounds/{n}/?offset=&limit=` "
            "(up to 1,024 a page, `offset` + `limit` for the next). Both forms carry an ETag; "
            "send it back as If-None-Match to get a 304 while nothing changed."
        ),
    )
    def get(self, request, pk: int):
        tag, unchanged = _conditional(request, pk, "bracket-api")
        if unchanged:
            return unchanged
        tournament = selectors.tournament_get(tournament_id=pk)
        response = _json_per_version(
            request,
            tournament,
            "bracket",
            lambda: selectors.bracket_api_get(tournament=tournament),
        )
        tag = freshness.etag(kind="bracket-api", tournament_id=pk, version=tournament.version)
        return freshness.stamp(response, tag)


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
        tag, unchanged = _conditional(request, pk, kind)
        if unchanged:
            return unchanged
        tournament = selectors.tournament_get(tournament_id=pk)
        page = selectors.bracket_round_get(
            tournament=tournament, number=number, offset=offset, limit=limit
        )
        response = HttpResponse(
            renderers.JSONRenderer().render(page), content_type="application/json"
        )
        tag = freshness.etag(kind=kind, tournament_id=pk, version=tournament.version)
        return freshness.stamp(response, tag)


class StandingsCsvRenderer(renderers.BaseRenderer):
    """The standings as a CSV file (?format=csv)."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"
    columns = [
        "placement",
        "entry_id",
        "name",
        "seed",
        "match_wins",
        "match_losses",
        "game_wins",
        "game_losses",
        "byes",
        "dropped",
    ]

    # A Swiss event's standings add its rank, points and tie-breakers (RULINGS.md S1-S5).
    swiss_columns = [
        "placement",
        "rank",
        "entry_id",
        "name",
        "seed",
        "match_points",
        "match_wins",
        "match_draws",
        "match_losses",
        "omw_percent",
        "gw_percent",
        "ogw_percent",
        "game_wins",
        "game_losses",
        "byes",
        "dropped",
    ]

    def render(self, data, accepted_media_type=None, renderer_context=None):
        """One header line, then one line per entry."""
        out = io.StringIO()
        writer = SafeWriter(out)
        if isinstance(data, list) and data and "match_points" in data[0]:
            return self._render_swiss(out, writer, data)
        writer.writerow(self.columns)
        if isinstance(data, dict):  # an error body
            writer.writerow([data.get("detail", "")])
            return out.getvalue()
        for row in data:
            entry = row["entry"]
            writer.writerow(
                [
                    row["placement_label"],
                    entry["id"],
                    entry["name"],
                    entry["seed"],
                    row["match_wins"],
                    row["match_losses"],
                    row["game_wins"],
                    row["game_losses"],
                    row["byes"],
                    row["dropped"],
                ]
            )
        return out.getvalue()

    def _render_swiss(self, out, writer, data) -> str:
        writer.writerow(self.swiss_columns)
        for row in data:
            entry = row["entry"]
            writer.writerow(
                [
                    row["placement_label"],
                    row["rank"],
                    entry["id"],
                    entry["name"],
                    entry["seed"],
                    row["match_points"],
                    row["match_wins"],
                    row["match_draws"],
                    row["match_losses"],
                    row["opponents_match_win_percent"],
                    row["game_win_percent"],
                    row["opponents_game_win_percent"],
                    row["game_wins"],
                    row["game_losses"],
                    row["byes"],
                    row["dropped"],
                ]
            )
        return out.getvalue()


def _after_round(request) -> int | None:
    """The `round` query parameter: None when absent, else a positive round number (400)."""
    value = request.query_params.get("round")
    if value is None or value == "":
        return None
    if not value.isdigit() or not 0 < int(value) < 10_000:
        raise ServiceError(
            "`round` is a Swiss round's number (1, 2, ...).",
            code="invalid_round",
            errors={"round": ["A whole number from 1."]},
        )
    return int(value)


class StandingsApi(APIView):
    renderer_classes = [
        renderers.JSONRenderer,
        renderers.BrowsableAPIRenderer,
        StandingsCsvRenderer,
    ]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "round",
                int,
                description="Swiss events: the standings as they were after this Swiss round.",
            )
        ],
        responses={200: serializers.StandingOut(many=True), **ERRORS},
        summary="Standings (also ?format=csv; a Swiss event's after a round with ?round=n)",
    )
    def get(self, request, pk: int):
        after = _after_round(request)
        kind = f"standings-{request.accepted_renderer.format}" + (
            f"-after-{after}" if after else ""
        )
        tag, unchanged = _conditional(request, pk, kind)
        if unchanged:
            return unchanged
        tournament = selectors.tournament_get(tournament_id=pk)
        if after is not None and after not in swiss_selectors.swiss_round_numbers(
            tournament=tournament
        ):
            raise ServiceError(
                f"Round {after} is not a Swiss round of this event that has been paired.",
                code="not_a_swiss_round",
                errors={"round": ["Give a Swiss round that has been paired."]},
            )

        def rows() -> list[dict]:
            if after is None:
                # not `standings_cached`: the JSON made of them is cached per version (below),
                # and storing the rows too would cost more than building them
                return [row.as_dict() for row in selectors.standings_get(tournament=tournament)]
            past = swiss_selectors.standings_rows(tournament=tournament, after_round=after)
            return [row.as_dict() for row in past]

        response = _json_per_version(
            request, tournament, "standings" + (f"-after-{after}" if after else ""), rows
        )
        if request.accepted_renderer.format == "csv":
            name = f"tournament-{tournament.pk}-standings.csv"
            response["Content-Disposition"] = f'attachment; filename="{name}"'
        tag = freshness.etag(kind=kind, tournament_id=pk, version=tournament.version)
        return freshness.stamp(response, tag)


class MatchDetailApi(APIView):
    @extend_schema(
        responses={200: serializers.MatchDetailOut, **ERRORS},
        summary="A match with its games and audit trail",
    )
    def get(self, request, pk: int):
        """Conditional on the key of what the match shows (`selectors.match_live_key`): a
        client that has it gets 304, and the body is read once per key for everyone."""
        key = selectors.match_live_key(match_id=pk)
        if key is None:
            raise NotFound("No such match.", code="match_not_found")
        tag = f'"match-{pk}-{key}"'
        if request.headers.get("If-None-Match") == tag:
            response = Response(status=304)
        else:
            match = selectors.match_get(match_id=pk)
            response = Response(selectors.match_detail_cached(match=match, key=key))
        response["ETag"] = tag
        response["Cache-Control"] = "no-cache"
        return response


class _MatchActionApi(APIView):
    """POST to a match: parse the body, call the service, answer with the match."""

    permission_classes = [IsAuthenticated]
    input_class = None

    def post(self, request, pk: int):
        match = selectors.match_get(match_id=pk)
        data = _valid(self.input_class, request) if self.input_class else {}
        self.act(match=match, user=request.user, data=data)
        return Response(selectors.match_detail(match=selectors.match_get(match_id=pk)))

    def act(self, *, match, user, data) -> None:
        """The service call."""
        raise NotImplementedError


def _action(summary: str, input_class=None):
    return extend_schema(
        request=input_class, responses={200: serializers.MatchDetailOut, **ERRORS}, summary=summary
    )


class MatchReportApi(_MatchActionApi):
    input_class = serializers.ReportIn

    @_action("Report the result (players) or enter/correct it (organizer)", serializers.ReportIn)
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, match, user, data):
        services.match_result_report(
            match=match,
            by_user=user,
            games=[dict(g) for g in data["games"]],
            as_organizer=data["as_organizer"],
            draw=data["draw"],
        )


class MatchConfirmApi(_MatchActionApi):
    @_action("Confirm the reported result")
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, match, user, data):
        services.match_result_confirm(match=match, by_user=user)


class MatchDisputeApi(_MatchActionApi):
    @_action("Dispute the reported result")
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, match, user, data):
        services.match_result_dispute(match=match, by_user=user)


class MatchStartApi(_MatchActionApi):
    @_action("Start the match's clock")
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, match, user, data):
        services.match_start(match=match, by_user=user)


def _time_facts(data: dict) -> dict:
    """Life, first damage and (if given) the games finished before time, for the services."""
    games = data.get("games")
    return {
        "life": data["life"],
        "first_damage": data["first_damage"],
        "games": None if games is None else [dict(g) for g in games],
    }


class MatchCallTimeApi(_MatchActionApi):
    input_class = serializers.TimeIn

    @_action(
        "Call time (organizer), optionally with life totals and first damage", serializers.TimeIn
    )
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, match, user, data):
        services.match_time_call(match=match, by_user=user, **_time_facts(data))


class MatchTimeApi(_MatchActionApi):
    input_class = serializers.TimeIn

    @_action("Enter life totals and first damage after time was called", serializers.TimeIn)
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, match, user, data):
        services.match_time_enter(match=match, by_user=user, **_time_facts(data))


class MatchDecideApi(_MatchActionApi):
    input_class = serializers.DecideIn

    @_action("Name the winner, or a draw in a Swiss round (organizer)", serializers.DecideIn)
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, match, user, data):
        services.match_decide(
            match=match, by_user=user, winner_id=data["winner"], draw=data["draw"]
        )


class MatchExtendApi(_MatchActionApi):
    input_class = serializers.ExtendIn

    @_action("Give the match more minutes (organizer)", serializers.ExtendIn)
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, match, user, data):
        services.match_time_extend(match=match, by_user=user, minutes=data["minutes"])


class MatchForfeitApi(_MatchActionApi):
    input_class = serializers.ForfeitIn

    @_action("Record a forfeit, e.g. a no-show (organizer)", serializers.ForfeitIn)
    def post(self, request, pk: int):
        return super().post(request, pk)

    def act(self, *, match, user, data):
        services.match_forfeit(match=match, by_user=user, entry_id=data["entry"])
