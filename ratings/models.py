"""Ratings: each registered player's skill per game, and the rated outcome of each finished
match it is folded from (ratings/RULINGS.md)."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournaments.models import GameSlug, Match


class Rating(models.Model):
    """A player's OpenSkill rating in one game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(max_length=30, choices=GameSlug.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    matches = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "-mu"]
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="rating_once_per_game"),
            models.CheckConstraint(condition=Q(sigma__gt=0), name="rating_sigma_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.game}"

    @property
    def ordinal(self) -> float:
        """The conservative rating shown and seeded by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


class RatedMatch(models.Model):
    """A finished match's outcome as the ratings read it: its players (user ids) and places.
    A match that rates nobody (a bye, a forfeit, a guest in it) has `players` empty."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="rated")
    game = models.CharField(max_length=30, choices=GameSlug.choices)
    played_at = models.DateTimeField()
    players = models.JSONField(default=list)
    ranks = models.JSONField(default=list)

    class Meta:
        ordering = ["game", "played_at", "match_id"]
        indexes = [models.Index(fields=["game", "played_at", "match"], name="rated_match_order")]

    def __str__(self) -> str:
        return f"rated {self.match_id}"
