"""Games and their card catalogues. Copies are counted by card identity (`key`), not printing."""

from django.conf import settings
from django.db import models


class Game(models.Model):
    """One of the five games (rows created by a data migration, one per rulebook)."""

    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=80)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.name


class Faction(models.Model):
    """A faction of a catalogue game (Kingdom Combat: e.g. Ironhold, or Mercenary)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="factions")
    slug = models.SlugField(max_length=40)
    name = models.CharField(max_length=80)
    description = models.TextField(blank=True)

    class Meta:
        ordering = ["game_id", "name"]
        constraints = [
            models.UniqueConstraint(fields=["game", "slug"], name="faction_unique_slug_per_game")
        ]

    def __str__(self) -> str:
        return self.name


class CardSet(models.Model):
    """A set of cards: built in (the official catalogue, no owner) or imported by a user, who
    owns it. An import is private (its owner's decks only) until staff publishes it; an event
    allows the sets its organizer lists (decks/RULINGS.md D15-D17)."""

    class Visibility(models.TextChoices):
        OFFICIAL = "official", "Official"
        PRIVATE = "private", "Private to its owner"
        PUBLISHED = "published", "Published"

    code = models.CharField(max_length=20, unique=True)
    name = models.CharField(max_length=160)
    games = models.ManyToManyField(Game, related_name="card_sets")
    # The owner (the importer); null for the built-in sets.
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="card_sets",
    )
    # db_default: the built-in sets are created by a data migration that predates this field.
    visibility = models.CharField(
        max_length=10, choices=Visibility, db_default=Visibility.OFFICIAL, db_index=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(visibility="official", organizer__isnull=True)
                    | models.Q(visibility__in=["private", "published"], organizer__isnull=False)
                ),
                name="card_set_official_iff_no_owner",
            )
        ]

    def __str__(self) -> str:
        return f"{self.code}: {self.name}"


class Card(models.Model):
    """One card identity of a set, with the attributes its game needs."""

    card_set = models.ForeignKey(CardSet, on_delete=models.CASCADE, related_name="cards")
    key = models.CharField(max_length=140, help_text="Identity: the code, or a slug of the name.")
    name = models.CharField(max_length=120)
    code = models.CharField(max_length=20, blank=True)
    type = models.CharField(max_length=20)
    subtype = models.CharField(max_length=60, blank=True)
    border = models.CharField(max_length=10, blank=True)
    factions = models.ManyToManyField(Faction, related_name="cards", blank=True)
    cost = models.PositiveSmallIntegerField(null=True, blank=True)
    stats = models.JSONField(default=dict, blank=True)
    keywords = models.JSONField(default=list, blank=True)
    effects = models.JSONField(default=list, blank=True)
    text = models.TextField(blank=True)
    games = models.JSONField(
        default=list,
        blank=True,
        help_text="Games this card is limited to; empty = all of the set's.",
    )

    class Meta:
        ordering = ["card_set_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["card_set", "key"], name="card_unique_key_per_set"),
            models.CheckConstraint(
                condition=models.Q(border__in=["", "gold", "silver", "black", "green"]),
                name="card_border_known",
            ),
        ]
        indexes = [models.Index(fields=["name"]), models.Index(fields=["type"])]

    def __str__(self) -> str:
        return self.name
