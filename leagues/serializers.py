"""Input and output shapes of the leagues API."""

from rest_framework import serializers

import games
from leagues.models import League
from tournaments.models import GameSlug


class LeagueIn(serializers.Serializer):
    name = serializers.CharField(max_length=120, allow_blank=True)
    game = serializers.ChoiceField(choices=GameSlug.choices, default=games.default().slug)
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
    description = serializers.CharField(max_length=2000, allow_blank=True, default="")
    starts_on = serializers.DateField(
        required=False, allow_null=True, default=None, help_text="Default: today."
    )
    ends_on = serializers.DateField(
        required=False, allow_null=True, default=None, help_text="Empty: no end set yet."
    )


class LeagueUpdateIn(serializers.Serializer):
    """The settings an organizer may change (any of them; the game stays)."""

    name = serializers.CharField(max_length=120, allow_blank=True, required=False)
    description = serializers.CharField(max_length=2000, allow_blank=True, required=False)
    score_by = serializers.ChoiceField(choices=League.ScoreBy.choices, required=False)
    placement_points = serializers.ListField(
        child=serializers.IntegerField(max_value=10_000), required=False, max_length=64
    )
    points_per_win = serializers.IntegerField(required=False, max_value=10_000)
    counted_events = serializers.IntegerField(required=False, allow_null=True)
    planned_events = serializers.IntegerField(required=False, allow_null=True)
    starts_on = serializers.DateField(required=False)
    ends_on = serializers.DateField(required=False, allow_null=True)


class NextSeasonIn(serializers.Serializer):
    name = serializers.CharField(max_length=120, allow_blank=True)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(required=False, allow_null=True, default=None)


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
    description = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField(allow_null=True)
    previous_season = serializers.IntegerField(source="previous_season_id", allow_null=True)
    next_season = serializers.SerializerMethodField()

    def get_next_season(self, league) -> int | None:
        """The season that follows this one (its id), if started."""
        following = getattr(league, "next_season", None)
        return following.pk if following else None


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
    starts_at = serializers.DateTimeField(
        allow_null=True, help_text="When the event is announced to start (empty: no date)."
    )
    started_at = serializers.DateTimeField(
        allow_null=True, help_text="When it was started (the day the season counts it on)."
    )
    time_zone = serializers.CharField(help_text="The event's time zone, as its page reads times.")
    outside_season = serializers.BooleanField(help_text="Started outside the season: no points.")


class LeaderboardOut(serializers.Serializer):
    starts_on = serializers.DateField(help_text="The season's first day.")
    ends_on = serializers.DateField(allow_null=True, help_text="Its last day (empty: not set).")
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
