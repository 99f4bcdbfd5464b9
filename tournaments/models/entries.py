"""Who plays in an event: entries (a player, a team or a guest) and team members."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from tournaments.models.events import Tournament


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
