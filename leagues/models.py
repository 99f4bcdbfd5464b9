"""Leagues: an organizer's named series of events (a season), scored per placement or per
match win, counting each player's best N events (leagues/RULINGS.md)."""

from datetime import date

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

import games
from tournaments.models import GameSlug, Tournament


class League(models.Model):
    """A season of events; its leaderboard is computed from the events' standings."""

    class ScoreBy(models.TextChoices):
        PLACEMENT = "placement", "Points per placement"
        MATCH_WINS = "match-wins", "Points per match win"

    name = models.CharField(max_length=120)
    game = models.CharField(max_length=30, choices=GameSlug.choices, default=games.default().slug)
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
    description = models.TextField(max_length=2000, blank=True)
    # The season (L8): an event scores when it started on a day from starts_on to ends_on
    # (both included); no end: the season is open until the organizer sets one.
    starts_on = models.DateField()
    ends_on = models.DateField(null=True, blank=True)
    # The season this one follows (L9): a league's seasons are a chain, one next season each.
    previous_season = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="next_season"
    )
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
            models.CheckConstraint(
                condition=Q(counted_events__isnull=True)
                | Q(planned_events__isnull=True)
                | Q(counted_events__lte=F("planned_events")),
                name="league_best_n_of_m",
            ),
            models.CheckConstraint(
                condition=Q(points_per_win__gte=0, points_per_win__lte=100),
                name="league_points_per_win_range",
            ),
            models.CheckConstraint(
                condition=Q(ends_on__isnull=True) | Q(ends_on__gte=F("starts_on")),
                name="league_season_ends_after_start",
            ),
            models.CheckConstraint(
                condition=Q(previous_season__isnull=True) | ~Q(previous_season=F("id")),
                name="league_season_not_its_own_previous",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def in_season(self, day: date) -> bool:
        """Whether a day falls within the season, both ends included (L8)."""
        return self.starts_on <= day and (self.ends_on is None or day <= self.ends_on)


def event_day(tournament: Tournament) -> date | None:
    """The day an event counts on for a season (L8): the day it started, None before then."""
    return timezone.localdate(tournament.started_at) if tournament.started_at else None


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
