from django.contrib import admin

from decks.models.catalog import Card, CardSet, Faction, Game
from decks.models.decks import Deck, DeckCard
from decks.models.pools import Pool, PoolCard
from decks.models.registration import DeckRegistration, EventDeckRules
from decks.services import card_set_publish


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["slug", "name"]


@admin.register(Faction)
class FactionAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "game"]
    list_filter = ["game"]


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "organizer", "visibility", "created_at"]
    list_filter = ["visibility"]
    raw_id_fields = ["organizer"]
    actions = ["publish"]

    @admin.action(description="Publish the selected imported sets (usable by everyone)")
    def publish(self, request, queryset):
        published = 0
        for card_set in queryset.exclude(visibility="official"):
            card_set_publish(card_set=card_set, user=request.user)
            published += 1
        self.message_user(request, f"{published} card set(s) published.")


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "code", "type", "border", "cost", "card_set"]
    list_filter = ["card_set", "type", "border"]
    search_fields = ["name", "code"]


class PoolCardInline(admin.TabularInline):
    model = PoolCard
    raw_id_fields = ["card"]


@admin.register(Pool)
class PoolAdmin(admin.ModelAdmin):
    list_display = ["id", "owner", "game", "source", "entry", "created_at"]
    raw_id_fields = ["owner", "entry"]
    inlines = [PoolCardInline]


class DeckCardInline(admin.TabularInline):
    model = DeckCard
    raw_id_fields = ["card"]


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "game", "format", "updated_at"]
    list_filter = ["game", "format"]
    raw_id_fields = ["owner", "pool"]
    inlines = [DeckCardInline]


@admin.register(DeckRegistration)
class DeckRegistrationAdmin(admin.ModelAdmin):
    list_display = ["entry", "deck", "locked_at", "locked_hash"]
    raw_id_fields = ["entry", "deck"]


@admin.register(EventDeckRules)
class EventDeckRulesAdmin(admin.ModelAdmin):
    list_display = ["tournament", "updated_at"]
    raw_id_fields = ["tournament"]
