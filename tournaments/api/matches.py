"""The API of a match: read it, and every action on it (report, confirm, dispute, start,
call time, enter time, decide, extend, forfeit)."""

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from config.errors import NotFound
from tournaments import serializers, services
from tournaments.api.common import ERRORS, valid
from tournaments.fastpath.match_keys import match_live_key
from tournaments.reads.matches import match_detail, match_detail_cached, match_get


class MatchDetailApi(APIView):
    @extend_schema(
        responses={200: serializers.MatchDetailOut, **ERRORS},
        summary="A match with its games and audit trail",
    )
    def get(self, request, pk: int):
        """Conditional on the key of what the match shows (`selectors.match_live_key`): a
        client that has it gets 304, and the body is read once per key for everyone."""
        key = match_live_key(match_id=pk)
        if key is None:
            raise NotFound("No such match.", code="match_not_found")
        tag = f'"match-{pk}-{key}"'
        if request.headers.get("If-None-Match") == tag:
            response = Response(status=304)
        else:
            match = match_get(match_id=pk)
            response = Response(match_detail_cached(match=match, key=key))
        response["ETag"] = tag
        response["Cache-Control"] = "no-cache"
        return response


class _MatchActionApi(APIView):
    """POST to a match: parse the body, call the service, answer with the match."""

    permission_classes = [IsAuthenticated]
    input_class: type[Serializer] | None = None

    def post(self, request, pk: int):
        match = match_get(match_id=pk)
        data: dict[str, Any] = valid(self.input_class, request) if self.input_class else {}
        self.act(match=match, user=request.user, data=data)
        return Response(match_detail(match=match_get(match_id=pk)))

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
