"""A tournament entry's registered deck, and the list locked when the event starts."""

from django.db import models


class DeckRegistration(models.Model):
    """Which deck an entry plays; at start the list and its hash are frozen here."""

    entry = models.OneToOneField(
        "tournaments.Entry", on_delete=models.CASCADE, related_name="deck_registration"
    )
    deck = models.ForeignKey("decks.Deck", on_delete=models.PROTECT, related_name="registrations")
    registered_at = models.DateTimeField(auto_now=True)
    locked_at = models.DateTimeField(null=True, blank=True)
    locked_hash = models.CharField(max_length=64, blank=True)
    locked_list = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.entry} plays {self.deck}"


class EventDeckRules(models.Model):
    """An event's options for its deck format (e.g. a Rune Duel event's deck sizes and copy
    limits, which the rulebook leaves open: see decks/RULINGS.md D7)."""

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="deck_rules"
    )
    options = models.JSONField(default=dict, blank=True)
    # The card sets whose cards are legal in the event; none listed means the official ones.
    card_sets = models.ManyToManyField("decks.CardSet", blank=True, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Deck rules of {self.tournament}"
