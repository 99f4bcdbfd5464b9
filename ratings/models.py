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
    """A finished match's outcome as the ratings read it: its sides, each a list of user ids
    (one for a player, the members for a team), and each side's place. A match that rates
    nobody (a bye, a forfeit, a guest in it) has `players` empty."""

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


class RatingChange(models.Model):
    """One player's rating before and after one rated match (the rating history). Rebuilt
    with the ratings whenever a game is replayed (R5), so it is always the fold's steps."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    game = models.CharField(max_length=30, choices=GameSlug.choices)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    played_at = models.DateTimeField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        ordering = ["user", "game", "played_at", "match_id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="rating_change_once_per_match"),
            models.CheckConstraint(
                condition=Q(sigma_before__gt=0, sigma_after__gt=0),
                name="rating_change_sigma_positive",
            ),
        ]
        indexes = [
            models.Index(fields=["user", "game", "played_at"], name="rating_change_player"),
            models.Index(fields=["game", "played_at"], name="rating_change_game"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.match_id}"

    @property
    def rating_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before

    @property
    def rating_after(self) -> float:
        return self.mu_after - 3 * self.sigma_after

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before
