"""An event: its game, format, structure, schedule, announcement and lifecycle."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q

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
    # The version of the pure layout the bracket was drawn with (its routes stay those).
    bracket_layout = models.PositiveSmallIntegerField(default=2)
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
