"""Input and output shapes of the leagues API."""

from rest_framework import serializers

from leagues.models import League
from tournaments.models import GameSlug


class LeagueIn(serializers.Serializer):
    name = serializers.CharField(max_length=120, allow_blank=True)
    game = serializers.ChoiceField(choices=GameSlug.choices, default=GameSlug.COMBAT)
    score_by = serializers.ChoiceField(choices=League.ScoreBy.choices, default="placement")
    placement_points = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=10_000),
        required=False,
        max_length=64,
        help_text="Points for 1st, 2nd, ... (placement scoring); default 10, 8, 6, 5, 4, 3, 2, 1.",
    )
    points_per_win = serializers.IntegerField(default=3, min_value=0, max_value=100)
    counted_events = serializers.IntegerField(
        required=False, allow_null=True, default=None, help_text="Best N events count."
    )
    planned_events = serializers.IntegerField(
        required=False, allow_null=True, default=None, help_text="M events in the season."
    )


class LeagueOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    organizer = serializers.CharField(source="organizer.username")
    score_by = serializers.CharField()
    placement_points = serializers.ListField(child=serializers.IntegerField())
    points_per_win = serializers.IntegerField()
    counted_events = serializers.IntegerField(allow_null=True)
    planned_events = serializers.IntegerField(allow_null=True)


class LeagueEventIn(serializers.Serializer):
    tournament = serializers.IntegerField(min_value=1, max_value=2**63 - 1)


class EventPointsOut(serializers.Serializer):
    event = serializers.IntegerField()
    points = serializers.IntegerField(allow_null=True, help_text="None: did not play it.")
    counted = serializers.BooleanField(help_text="Among the player's best N.")


class PlayerOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class LineOut(serializers.Serializer):
    rank = serializers.IntegerField()
    player = PlayerOut()
    points = serializers.IntegerField()
    events_played = serializers.IntegerField()
    events_counted = serializers.IntegerField()
    by_event = EventPointsOut(many=True)


class LeagueEventOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    started_at = serializers.DateTimeField(allow_null=True)


class LeaderboardOut(serializers.Serializer):
    events = LeagueEventOut(many=True)
    lines = LineOut(many=True)


class HistoryOut(serializers.Serializer):
    tournament = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    status = serializers.CharField()
    started_at = serializers.DateTimeField(allow_null=True)
    entry = serializers.CharField()
    placement = serializers.CharField()
    match_wins = serializers.IntegerField()
    match_losses = serializers.IntegerField()
    deck = serializers.CharField(help_text="The deck registered, empty if none.")
    league = serializers.IntegerField(allow_null=True)
