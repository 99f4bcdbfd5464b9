"""Leagues: an organizer's named series of events (a season), scored per placement or per
match win, counting each player's best N events (leagues/RULINGS.md)."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournaments.models import GameSlug, Tournament


class League(models.Model):
    """A season of events; its leaderboard is computed from the events' standings."""

    class ScoreBy(models.TextChoices):
        PLACEMENT = "placement", "Points per placement"
        MATCH_WINS = "match-wins", "Points per match win"

    name = models.CharField(max_length=120)
    game = models.CharField(max_length=30, choices=GameSlug.choices, default=GameSlug.COMBAT)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="leagues"
    )
    score_by = models.CharField(max_length=12, choices=ScoreBy.choices, default=ScoreBy.PLACEMENT)
    # Points for 1st, 2nd, ... (placement scoring); past the list a placement scores 0.
    placement_points = models.JSONField(default=list)
    points_per_win = models.PositiveSmallIntegerField(default=3)
    # Best N of M: how many of a player's events count (empty: all), and how many the season plans.
    counted_events = models.PositiveSmallIntegerField(null=True, blank=True)
    planned_events = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(score_by__in=["placement", "match-wins"]), name="league_score_by_known"
            ),
            models.CheckConstraint(
                condition=Q(counted_events__isnull=True) | Q(counted_events__gte=1),
                name="league_counted_events_positive",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class LeagueEvent(models.Model):
    """An event of a league (an event is in one league at most)."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="league_events")
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="league_event"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["league", "added_at", "id"]

    def __str__(self) -> str:
        return f"{self.tournament_id} in {self.league_id}"
