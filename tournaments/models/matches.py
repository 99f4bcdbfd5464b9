"""Rounds and matches: slots, games, reports and the audit trail of every change."""

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournaments.models.entries import Entry
from tournaments.models.events import Tournament


class Round(models.Model):
    """One round of a tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class Match(models.Model):
    """A match of 1 (a bye) to 4 entries; its winner goes on to the next round."""

    # Facts some reads annotate on the rows they load (not columns; absent otherwise).
    next_id: int | None
    next_status: str
    next_filled: int
    next_forfeited: int
    has_games: bool
    has_reports: bool
    has_pending_report: bool
    viewer_entry: int | None
    pending_report_id: int | None
    pending_report_entry: int
    pending_report_games: list[dict[str, Any]]
    pending_report_draw: bool | None
    pending_report_confirmed: list[int]

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for entries"
        READY = "ready", "Ready"
        IN_PROGRESS = "in_progress", "In progress"
        AWAITING_CONFIRMATION = "awaiting_confirmation", "Awaiting confirmation"
        DISPUTED = "disputed", "Disputed"
        NEEDS_DECISION = "needs_decision", "Needs the organizer's decision"
        FINISHED = "finished", "Finished"

    class DecidedBy(models.TextChoices):
        PLAYED = "played", "Played"
        BYE = "bye", "Bye"
        FORFEIT = "forfeit", "Forfeit"
        TIME = "time", "Time"
        ORGANIZER = "organizer", "Organizer"
        DRAW = "draw", "Draw"  # Swiss rounds only (tournaments/RULINGS.md S4, S12)

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="matches")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    index = models.PositiveIntegerField(help_text="Position in the round, top to bottom.")
    status = models.CharField(max_length=25, choices=Status.choices, default=Status.PENDING)
    is_bye = models.BooleanField(default=False)
    winner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="won_matches"
    )
    decided_by = models.CharField(max_length=10, choices=DecidedBy.choices, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    time_called_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    entries = models.ManyToManyField(Entry, through="MatchEntry", related_name="matches")

    class Meta:
        ordering = ["round__number", "index"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["round", "index"], name="match_index_unique"),
            # A finished match has a winner, unless it is a (Swiss) draw, and only a finished
            # match has one.
            models.CheckConstraint(
                condition=(
                    Q(status="finished")
                    & Q(winner__isnull=False)
                    & ~Q(decided_by="")
                    & ~Q(decided_by="draw")
                )
                | (Q(status="finished") & Q(winner__isnull=True) & Q(decided_by="draw"))
                | (~Q(status="finished") & Q(winner__isnull=True) & Q(decided_by="")),
                name="match_finished_has_winner",
            ),
            models.CheckConstraint(
                condition=Q(is_bye=False) | Q(decided_by="bye"), name="match_bye_decided_by_bye"
            ),
        ]
        indexes = [
            models.Index(fields=["tournament", "status"], name="match_tournament_status"),
            # a game's results of the last minutes, not rated yet (ratings.tasks.game_rate_new)
            models.Index(fields=["finished_at"], name="match_finished_at"),
        ]

    def __str__(self) -> str:
        return f"Match {self.pk}"


class MatchEntry(models.Model):
    """An entry's slot in a match (slot order is the order drawn in the bracket)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="slots")
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="slots")
    slot = models.PositiveSmallIntegerField()
    forfeited = models.BooleanField(default=False)

    class Meta:
        ordering = ["match", "slot"]
        constraints = [
            models.UniqueConstraint(fields=["match", "slot"], name="match_entry_slot_unique"),
            models.UniqueConstraint(fields=["match", "entry"], name="match_entry_once"),
            models.CheckConstraint(condition=Q(slot__lt=4), name="match_entry_slot_range"),
        ]

    def __str__(self) -> str:
        return f"{self.entry_id} in {self.match_id}"


class MatchGame(models.Model):
    """One game of a match: its winner, final life totals and who dealt the first damage.

    A correction supersedes games instead of deleting them.
    """

    class Source(models.TextChoices):
        REPORT = "report", "Reported and confirmed"
        ORGANIZER = "organizer", "Entered by the organizer"
        ENGINE = "engine", "Played on the engine"
        TIME = "time", "Decided at time"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    winner = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="won_games"
    )
    life = models.JSONField(default=dict, blank=True)
    first_damage = models.ForeignKey(
        Entry, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    source = models.CharField(max_length=10, choices=Source.choices)
    superseded = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"],
                condition=Q(superseded=False),
                name="match_game_number_unique",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="match_game_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Game {self.number} of match {self.match_id}"


class MatchReport(models.Model):
    """A player's report of a match result, waiting for the other entries to confirm it."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        CONFIRMED = "confirmed", "Confirmed"
        DISPUTED = "disputed", "Disputed"
        SUPERSEDED = "superseded", "Superseded"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    reported_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="+")
    games = models.JSONField()
    # a Swiss round's match reported as drawn (RULINGS.md S13): no winner once confirmed
    draw = models.BooleanField(default=False)
    confirmed_entries = models.JSONField(default=list)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match"], condition=Q(status="pending"), name="match_report_one_pending"
            ),
        ]

    def __str__(self) -> str:
        return f"Report {self.pk} on match {self.match_id}"


class MatchAudit(models.Model):
    """The audit trail: every change to a match's result (who, when, what, before, after)."""

    # The actions that finish a match or change its result: the latest of them says who
    # decided the result that counts (ratings/RULINGS.md R8).
    RESULT_ACTIONS = (
        "confirm",
        "organizer-confirm",
        "organizer",
        "organizer-own-match",
        "draw",
        "decide",
        "decide-own-match",
        "correction",
        "correction-own-match",
        "time",
        "time-draw",
        "engine",
        "forfeit-win",
    )
    # Of those, the results both sides agreed (a report the others confirmed) or that play
    # decided with nobody entering them (the engine; its live facts at time have no actor).
    AGREED_ACTIONS = ("confirm", "engine")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="audit")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    action = models.CharField(max_length=30)
    before = models.JSONField(default=dict)
    after = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.action} on match {self.match_id}"
