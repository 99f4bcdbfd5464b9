"""Card pools: the cards a player may build a sealed or draft deck from."""

from django.conf import settings
from django.db import models


class Pool(models.Model):
    """A player's sealed or draft pool, derived from a stored seed."""

    class Source(models.TextChoices):
        SEALED = "sealed", "Sealed"
        DRAFT = "draft", "Draft"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="pools",
    )
    game = models.ForeignKey("decks.Game", on_delete=models.PROTECT, related_name="pools")
    entry = models.ForeignKey(
        "tournaments.Entry", on_delete=models.CASCADE, null=True, blank=True, related_name="pools"
    )
    source = models.CharField(max_length=10, choices=Source.choices)
    seed = models.CharField(max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.get_source_display()} pool #{self.pk}"


class PoolCard(models.Model):
    """How many copies of a card a pool holds."""

    pool = models.ForeignKey(Pool, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey("decks.Card", on_delete=models.PROTECT, related_name="+")
    count = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["pool", "card"], name="pool_card_once"),
            models.CheckConstraint(
                condition=models.Q(count__gte=1), name="pool_card_count_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.count} x {self.card}"
