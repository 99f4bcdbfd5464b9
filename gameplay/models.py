"""Games played on the engine: the record (ruleset, options, seed, log, state) and its seats.

The state column caches the engine state after the last action; the seed and the action log
alone rebuild it (`gameplay.engine.core.replay`). Workflows live in `gameplay.services`.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q


class GameRecord(models.Model):
    """One game: who sits where, how it was set up, every action so far, and the result."""

    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        FINISHED = "finished", "Finished"

    ruleset = models.CharField(max_length=40)
    ruleset_version = models.CharField(max_length=20)
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    actions = models.JSONField(default=list, blank=True, help_text="[[seat, action], ...]")
    checkpoints = models.JSONField(default=list, blank=True, help_text="[[count, hash], ...]")
    state = models.JSONField(help_text="Engine state after the last action (without its log).")
    status = models.CharField(
        max_length=15, choices=Status.choices, default=Status.IN_PROGRESS, db_index=True
    )
    result = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0, help_text="Bumped by every action.")
    bot_to_move = models.BooleanField(default=False, help_text="A bot must act next.")
    match = models.ForeignKey(
        "tournaments.Match",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="engine_games",
    )
    game_number = models.PositiveSmallIntegerField(null=True, blank=True)
    rematch_of = models.OneToOneField(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="rematch",
        help_text="The finished game this one replays with the seats turned (one per game).",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="created_games",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["in_progress", "finished"]), name="game_status_known"
            ),
            models.CheckConstraint(
                condition=(Q(status="finished") & Q(result__isnull=False))
                | (Q(status="in_progress") & Q(result__isnull=True)),
                name="game_finished_has_result",
            ),
            models.CheckConstraint(
                condition=Q(match__isnull=True, game_number__isnull=True)
                | Q(match__isnull=False, game_number__gte=1),
                name="game_match_has_number",
            ),
            models.UniqueConstraint(
                fields=["match", "game_number"],
                condition=Q(match__isnull=False),
                name="game_number_once_per_match",
            ),
            models.UniqueConstraint(
                fields=["match"],
                condition=Q(status="in_progress", match__isnull=False),
                name="one_live_game_per_match",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "bot_to_move", "updated_at"], name="game_bot_sweep"),
        ]

    def __str__(self) -> str:
        return f"{self.ruleset} game {self.pk}"


class GameSeat(models.Model):
    """A seat at a game: a user or a bot, and the tournament entry it plays for (if any)."""

    game = models.ForeignKey(GameRecord, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="game_seats",
    )
    bot = models.CharField(max_length=20, blank=True)
    entry = models.ForeignKey(
        "tournaments.Entry", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="game_seat_once"),
            models.CheckConstraint(
                condition=(Q(user__isnull=False) & Q(bot="")) | (Q(user__isnull=True) & ~Q(bot="")),
                name="game_seat_user_xor_bot",
            ),
        ]

    def __str__(self) -> str:
        who = self.bot or f"user {self.user_id}"
        return f"seat {self.number} of game {self.game_id}: {who}"


class GameInvite(models.Model):
    """A seat offered at a two-player game: to anyone in the lobby (an open seat) or to one
    player by name (a challenge, which they accept or decline). Taking it starts the game."""

    class Status(models.TextChoices):
        OPEN = "open", "Waiting for an opponent"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        CANCELLED = "cancelled", "Cancelled"

    ruleset = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_invites_sent"
    )
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="game_invites_received",
        help_text="The challenged player; empty for an open seat anyone may take.",
    )
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    game = models.OneToOneField(
        GameRecord, on_delete=models.SET_NULL, null=True, blank=True, related_name="invite"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["open", "accepted", "declined", "cancelled"]),
                name="game_invite_status_known",
            ),
            models.CheckConstraint(
                condition=Q(opponent__isnull=True) | ~Q(opponent=models.F("created_by")),
                name="game_invite_not_to_self",
            ),
            models.CheckConstraint(
                condition=Q(status="open", answered_at__isnull=True)
                | (~Q(status="open") & Q(answered_at__isnull=False)),
                name="game_invite_answered_once_closed",
            ),
        ]

    def __str__(self) -> str:
        to = f"user {self.opponent_id}" if self.opponent_id else "anyone"
        return f"{self.ruleset} seat from user {self.created_by_id} for {to} ({self.status})"
