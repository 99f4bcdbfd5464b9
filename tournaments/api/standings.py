"""The API of the standings (JSON in pages, or CSV; a Swiss event's after any of its rounds)."""

import io

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import renderers
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response
from rest_framework.views import APIView

from config.csv_export import SafeWriter
from config.errors import ServiceError
from tournaments import serializers
from tournaments.api.common import ERRORS, conditional_read, json_page, json_per_version
from tournaments.fastpath import conditional
from tournaments.fastpath.collector import collector_paused
from tournaments.reads import round_robin, swiss
from tournaments.reads.events import tournament_get
from tournaments.reads.standings import standings_get


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
        "group",
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
                    row.get("group") or "",
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
    if not value.isdigit() or len(value) > 4 or int(value) == 0:
        raise ServiceError(
            "`round` is a Swiss round's number (1, 2, ...).",
            code="invalid_round",
            errors={"round": ["A whole number from 1."]},
        )
    return int(value)


class StandingsPagination(LimitOffsetPagination):
    """The standings' pages as the schema documents them: `limit` rows (100 unless asked, at
    most 1,000) from `offset`, with the count and the links to the next and previous pages.
    The view pages the rows cached per version itself (`json_page`), the same way."""

    default_limit = conditional.STANDINGS_PAGE
    max_limit = conditional.STANDINGS_PAGE_MAX


class StandingsApi(APIView):
    renderer_classes = [
        renderers.JSONRenderer,
        renderers.BrowsableAPIRenderer,
        StandingsCsvRenderer,
    ]
    pagination_class = StandingsPagination  # also tells the schema the list is paginated

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "round",
                int,
                description="Swiss events: the standings as they were after this Swiss round.",
            )
        ],
        responses={200: serializers.StandingOut(many=True), **ERRORS},
        summary="Standings, in pages of 100 (?format=csv: every row; a Swiss event's after a "
        "round with ?round=n)",
    )
    def get(self, request, pk: int):
        after = _after_round(request)
        fmt = request.accepted_renderer.format
        kind = conditional.standings_kind(fmt, after, request.query_params)
        tag, unchanged = conditional_read(request, pk, kind)
        if unchanged:
            return unchanged
        tournament = tournament_get(tournament_id=pk)
        if after is not None and after not in swiss.swiss_round_numbers(tournament=tournament):
            raise ServiceError(
                f"Round {after} is not a Swiss round of this event that has been paired.",
                code="not_a_swiss_round",
                errors={"round": ["Give a Swiss round that has been paired."]},
            )

        def rows() -> list[dict]:
            if after is None:
                # not `standings_cached`: the rows' JSON is cached per version (`json_page`),
                # and storing the rows too would cost more than building them
                return [row.as_dict() for row in standings_get(tournament=tournament)]
            past = swiss.standings_rows(tournament=tournament, after_round=after)
            return [row.as_dict() for row in past]

        if fmt == "csv":
            with collector_paused():  # a big read (fastpath.collector)
                response = Response(rows())
            name = f"tournament-{tournament.pk}-standings.csv"
            response["Content-Disposition"] = f'attachment; filename="{name}"'
        else:
            offset, limit = conditional.page_params(request.query_params)
            name = "standings" + (f"-after-{after}" if after else "")
            with collector_paused():  # a big read, built once a version (fastpath.collector)
                response = json_page(request, tournament, name, rows, offset, limit)
        tag = conditional.etag(kind=kind, tournament_id=pk, version=tournament.version)
        return conditional.stamp(response, tag)


class GroupsApi(APIView):
    @extend_schema(
        responses={200: serializers.GroupOut(many=True), **ERRORS},
        summary="A round robin's groups, each with its standings (Swiss tie-breakers)",
    )
    def get(self, request, pk: int):
        tag, unchanged = conditional_read(request, pk, "groups")
        if unchanged:
            return unchanged
        tournament = tournament_get(tournament_id=pk)
        if not tournament.is_round_robin:
            raise ServiceError(
                "Only a round robin has groups; read its standings instead.",
                code="not_a_round_robin",
            )
        response = json_per_version(
            request,
            tournament,
            "groups",
            lambda: [g.as_dict() for g in round_robin.groups_standings(tournament=tournament)],
        )
        tag = conditional.etag(kind="groups", tournament_id=pk, version=tournament.version)
        return conditional.stamp(response, tag)
