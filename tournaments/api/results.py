"""The API of an event's results: final standings, each entry's matches and (when the
organizer publishes them) the top decks' lists."""

from dataclasses import asdict

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.common import ERRORS
from tournaments.models import Tournament
from tournaments.reads.events import tournament_get
from tournaments.reads.results import results_get

# The shapes below are this resource's alone (the results read's dataclasses as JSON).
PLAYED = inline_serializer(
    "ResultMatchOut",
    {
        "match_id": serializers.IntegerField(),
        "round": serializers.CharField(help_text="Round 2, Semifinals, Final, ..."),
        "opponents": serializers.ListField(child=serializers.CharField()),
        "outcome": serializers.CharField(help_text="Won, Lost, Draw or Bye."),
        "score": serializers.CharField(help_text="Games won-lost; empty without games."),
        "decided_by": serializers.CharField(),
    },
    many=True,
)
ENTRY = inline_serializer(
    "ResultEntryOut",
    {
        "entry_id": serializers.IntegerField(),
        "name": serializers.CharField(),
        "place": serializers.CharField(help_text="1, 2, 3-4, ..."),
        "record": serializers.CharField(help_text="Matches won-lost(-drawn)."),
        "matches": PLAYED,
        "decklist": serializers.JSONField(
            allow_null=True,
            help_text="{deck, cards: [[count, card]], fortresses} for the top entries when "
            "the organizer publishes decklists, else null.",
        ),
    },
    many=True,
)


class ResultsApi(APIView):
    @extend_schema(
        responses={
            200: inline_serializer(
                "ResultsOut",
                {
                    "final": serializers.BooleanField(help_text="The event is finished."),
                    "entries": ENTRY,
                },
            ),
            **ERRORS,
        },
        summary="Results: standings, each entry's matches, the published top decks",
    )
    def get(self, request, pk: int):
        tournament = tournament_get(tournament_id=pk)
        final = tournament.status == Tournament.Status.FINISHED
        started = final or tournament.status == Tournament.Status.RUNNING
        rows = results_get(tournament=tournament) if started else []
        return Response({"final": final, "entries": [asdict(r) for r in rows]})
