"""Decks: a player's list of cards for a game and format, with a hash of the sorted list."""

from django.conf import settings
from django.db import models


class Deck(models.Model):
    """A deck list. `hash` covers the sorted list, so a registered deck is tamper-evident."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    game = models.ForeignKey("decks.Game", on_delete=models.PROTECT, related_name="decks")
    format = models.CharField(max_length=40)
    name = models.CharField(max_length=120)
    pool = models.ForeignKey(
        "decks.Pool", on_delete=models.SET_NULL, null=True, blank=True, related_name="decks"
    )
    hash = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-id"]

    def __str__(self) -> str:
        return self.name


class DeckCard(models.Model):
    """Copies of one card in a deck's main part, or a fortress (kept apart, not counted)."""

    class Section(models.TextChoices):
        MAIN = "main", "Main deck"
        FORTRESS = "fortress", "Fortress"

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey("decks.Card", on_delete=models.PROTECT, related_name="+")
    count = models.PositiveSmallIntegerField()
    section = models.CharField(max_length=10, choices=Section.choices, default=Section.MAIN)

    class Meta:
        ordering = ["section", "id"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "card", "section"], name="deck_card_once"),
            models.CheckConstraint(
                condition=models.Q(count__gte=1), name="deck_card_count_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.count} x {self.card}"
