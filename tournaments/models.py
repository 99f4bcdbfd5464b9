"""Tournaments: events, entries, rounds, matches (with their slots and games) and the audit trail.

Workflows live in `tournaments.services`; these models hold data and database constraints.
"""

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower

import games

# The games an event can be played in, from their one declaration (`games`): COMBAT, ARMY, ...
# (Django's functional API takes (value, label) pairs; the stubs know plain values only.)
GameSlug = models.TextChoices(  # type: ignore[call-overload]
    "GameSlug", [(slug.replace("-", "_").upper(), (slug, name)) for slug, name in games.choices()]
)


class Tournament(models.Model):
    """An event: single or double elimination, Swiss rounds with an optional single-elimination
    cut, or round robin in groups with an optional playoff."""

    class Structure(models.TextChoices):
        ELIMINATION = "elimination", "Single elimination"
        DOUBLE_ELIMINATION = "double-elimination", "Double elimination"
        SWISS = "swiss", "Swiss rounds"
        ROUND_ROBIN = "round-robin", "Round robin and groups"

    class Playoff(models.TextChoices):
        NONE = "", "No playoff"
        ELIMINATION = "elimination", "Single elimination"
        DOUBLE_ELIMINATION = "double-elimination", "Double elimination"

    class TeamMode(models.TextChoices):
        ALLIANCE = "alliance", "Alliance"
        AS_ONE = "as-one", "As one"

    class Pairing(models.TextChoices):
        BRACKET = "bracket", "Fixed seeded bracket"
        RANDOM = "random", "Random each round"

    class Seeding(models.TextChoices):
        RANDOM = "random", "Random"
        MANUAL = "manual", "Manual"
        RATING = "rating", "By rating"

    class Visibility(models.TextChoices):
        PUBLIC = "public", "Public: listed for everyone"
        UNLISTED = "unlisted", "Unlisted: only people with the link"

    class Status(models.TextChoices):
        REGISTRATION = "registration", "Registration"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"
        CANCELLED = "cancelled", "Cancelled"

    name = models.CharField(max_length=120)
    game = models.CharField(max_length=30, choices=GameSlug.choices, default=games.default().slug)
    deck_format = models.CharField(max_length=40, default="off-the-top")
    entries_per_match = models.PositiveSmallIntegerField(default=2)
    team_size = models.PositiveSmallIntegerField(default=1)
    team_mode = models.CharField(max_length=10, choices=TeamMode.choices, default=TeamMode.ALLIANCE)
    best_of = models.PositiveSmallIntegerField(default=1)
    time_limit_minutes = models.PositiveIntegerField(default=50)
    jokers = models.BooleanField(default=False)
    pairing = models.CharField(max_length=10, choices=Pairing.choices, default=Pairing.BRACKET)
    seeding = models.CharField(max_length=10, choices=Seeding.choices, default=Seeding.RANDOM)
    structure = models.CharField(
        max_length=20, choices=Structure.choices, default=Structure.ELIMINATION
    )
    # Swiss: the rounds (empty until the start, which sets ceil(log2 entries) unless the
    # organizer chose a number) and the single-elimination top cut after them (0: none).
    # Round robin: the group stage's rounds, set at the start (the biggest group's count).
    swiss_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    top_cut = models.PositiveSmallIntegerField(default=0)
    # Round robin: entries a group (empty: one group of everyone), how many of each group go
    # on (0: none) and to which playoff (RULINGS.md R1-R5).
    group_size = models.PositiveSmallIntegerField(null=True, blank=True)
    group_advance = models.PositiveSmallIntegerField(default=0)
    playoff = models.CharField(max_length=20, choices=Playoff.choices, default="", blank=True)
    # Double elimination (the event or a playoff): a grand-final reset when the losers'
    # bracket winner wins the grand final, and the entries in the bracket (its layout, set
    # when it is drawn; RULINGS.md D1-D6).
    grand_final_reset = models.BooleanField(default=True)
    bracket_entries = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(
        max_length=15, choices=Status.choices, default=Status.REGISTRATION, db_index=True
    )
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_tournaments"
    )
    rng_seed = models.BigIntegerField(help_text="Seeds random seeding and random pairing.")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # False once someone who plays in the event (its organizer, or staff) decides a result
    # in it: its matches then rate nobody, and its page says so (ratings/RULINGS.md R8).
    rated = models.BooleanField(default=True)
    # Bumped (tournaments.fastpath.versions.bump_version) in the transaction of every change to
    # the bracket, entries, clocks or results: pages answer "not modified" and cached brackets
    # and standings are keyed on it, so they go stale with the data, never by time.
    version = models.PositiveBigIntegerField(default=0, editable=False)
    # The announcement (issue 36): when and where, in the event's own IANA time zone (an aware
    # instant is stored; pages show it in `time_zone`), what it is (Markdown, rendered
    # sanitized), how many may enter (the rest wait in line) and when registration is open.
    starts_at = models.DateTimeField(null=True, blank=True, db_index=True)
    time_zone = models.CharField(max_length=64, default="UTC")
    venue_name = models.CharField(max_length=120, blank=True)
    venue_address = models.CharField(max_length=300, blank=True)
    description = models.TextField(max_length=10_000, blank=True)
    entry_cap = models.PositiveIntegerField(null=True, blank=True)
    registration_opens_at = models.DateTimeField(null=True, blank=True)
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC, db_index=True
    )
    # As Melee offers: the results page shows the top entries' decklists.
    publish_decklists = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(entries_per_match__in=[2, 3, 4]), name="tournament_entries_per_match"
            ),
            models.CheckConstraint(
                condition=Q(team_size__in=[1, 2, 3]), name="tournament_team_size"
            ),
            models.CheckConstraint(condition=Q(best_of__in=[1, 3, 5]), name="tournament_best_of"),
            models.CheckConstraint(
                condition=Q(game__in=GameSlug.values), name="tournament_game_known"
            ),
            models.CheckConstraint(
                condition=Q(status__in=["registration", "running", "finished", "cancelled"]),
                name="tournament_status_known",
            ),
            models.CheckConstraint(
                condition=Q(structure="swiss", group_advance=0, playoff="")
                | Q(
                    structure__in=["elimination", "double-elimination"],
                    swiss_rounds__isnull=True,
                    top_cut=0,
                    group_advance=0,
                    playoff="",
                )
                | Q(structure="round-robin", top_cut=0),
                name="tournament_structure_known",
            ),
            models.CheckConstraint(
                condition=Q(playoff__in=["", "elimination", "double-elimination"])
                & (Q(playoff="", group_advance=0) | (~Q(playoff="") & Q(group_advance__gte=1))),
                name="tournament_playoff_known",
            ),
            models.CheckConstraint(
                condition=Q(top_cut__in=[0, 2, 4, 8, 16]), name="tournament_top_cut"
            ),
            models.CheckConstraint(
                condition=Q(swiss_rounds__isnull=True) | Q(swiss_rounds__gte=1),
                name="tournament_swiss_rounds_positive",
            ),
            models.CheckConstraint(
                condition=Q(entry_cap__isnull=True) | Q(entry_cap__gte=2),
                name="tournament_entry_cap_two_or_more",
            ),
            models.CheckConstraint(
                condition=Q(registration_opens_at__isnull=True)
                | Q(registration_closes_at__isnull=True)
                | Q(registration_closes_at__gt=F("registration_opens_at")),
                name="tournament_registration_closes_after_opening",
            ),
            models.CheckConstraint(
                condition=Q(visibility__in=["public", "unlisted"]),
                name="tournament_visibility_known",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_swiss(self) -> bool:
        return self.structure == self.Structure.SWISS

    @property
    def is_round_robin(self) -> bool:
        return self.structure == self.Structure.ROUND_ROBIN

    def is_swiss_round(self, number: int) -> bool:
        """True for a round scored in the standings, where nobody moves on: a Swiss round or
        a round of the groups (round robin). The rounds after them are the cut or playoff."""
        scored = self.structure in (self.Structure.SWISS, self.Structure.ROUND_ROBIN)
        return scored and number <= (self.swiss_rounds or 0)

    @property
    def double_first_round(self) -> int | None:
        """The number of the double-elimination bracket's first round (None: none)."""
        if self.structure == self.Structure.DOUBLE_ELIMINATION:
            return 1
        if self.is_round_robin and self.playoff == self.Playoff.DOUBLE_ELIMINATION:
            return (self.swiss_rounds or 0) + 1
        return None

    def is_double_round(self, number: int) -> bool:
        """True for a round of a double-elimination bracket (the event's, or a playoff's)."""
        first = self.double_first_round
        return first is not None and number >= first and self.bracket_entries is not None

    @property
    def wins_needed(self) -> int:
        """Game wins that decide a match: 1 of 1, 2 of 3, 3 of 5."""
        return self.best_of // 2 + 1


class Entry(models.Model):
    """A player (a user, or a guest name typed by the organizer) or a named team of users."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournament_entries",
    )
    name = models.CharField(max_length=120, blank=True)
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="EntryMember", related_name="tournament_teams"
    )
    seed = models.PositiveIntegerField(null=True, blank=True)
    # a Swiss event's top cut or a round robin's playoff: the entry's seed in it, 1..N by
    # standing (RULINGS.md S11, R3)
    cut_seed = models.PositiveSmallIntegerField(null=True, blank=True)
    # round robin: the entry's group, 1.. (RULINGS.md R1)
    group = models.PositiveSmallIntegerField(null=True, blank=True)
    dropped = models.BooleanField(default=False)
    # Registered past the event's entry cap: in line (by `created_at`, then id) for a place,
    # never seeded, not in the event until a place frees up (services.waitlist).
    waitlisted = models.BooleanField(default=False, db_index=True)
    dropped_at = models.DateTimeField(null=True, blank=True)
    # Check-in before the start is optional: once anyone has checked in, the organizer can
    # drop everyone who has not (ruling 20).
    checked_in_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seed", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "seed"],
                condition=Q(seed__isnull=False),
                name="entry_seed_unique",
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False) | ~Q(name=""), name="entry_user_or_name"
            ),
            models.CheckConstraint(
                condition=Q(seed__isnull=True) | Q(seed__gte=1), name="entry_seed_positive"
            ),
            models.CheckConstraint(
                condition=Q(waitlisted=False) | Q(seed__isnull=True), name="entry_waitlist_unseeded"
            ),
            # Two guests (or teams) of one event never share a name, whatever its case:
            # the bracket and the results would not tell them apart (ruling 19).
            models.UniqueConstraint(
                Lower("name"),
                "tournament",
                condition=~Q(name=""),
                name="entry_name_unique_per_tournament",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def plays(self) -> bool:
        """In the event: neither dropped nor waiting in line for a place."""
        return not self.dropped and not self.waitlisted

    @property
    def display_name(self) -> str:
        """The team or guest name, else the user's username."""
        if self.name:
            return self.name
        return self.user.username if self.user else f"Entry {self.pk}"


class EntryMember(models.Model):
    """A user playing for an entry; a user plays for at most one entry per tournament."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="entry_member_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.entry_id}"


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
