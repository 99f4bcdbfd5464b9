from django.contrib import admin

from decks.drafting.models import Draft, Pack, PackCard, Pick, SealedDeal, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    raw_id_fields = ["player", "entry", "pool", "deadline_pack"]


@admin.register(Draft)
class DraftAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "tournament", "pod_number", "status", "round", "created_at"]
    list_filter = ["status", "game"]
    raw_id_fields = ["organizer", "tournament", "card_set"]
    inlines = [SeatInline]


@admin.register(Pick)
class PickAdmin(admin.ModelAdmin):
    list_display = ["id", "draft", "seat", "round", "pick_number", "kind", "created_at"]
    list_filter = ["kind"]
    raw_id_fields = ["draft", "seat", "pack", "pack_card"]


class PackCardInline(admin.TabularInline):
    model = PackCard
    extra = 0
    raw_id_fields = ["card"]


@admin.register(Pack)
class PackAdmin(admin.ModelAdmin):
    list_display = ["id", "draft", "round", "origin_seat", "holder_seat", "cards_left"]
    raw_id_fields = ["draft"]
    inlines = [PackCardInline]


@admin.register(SealedDeal)
class SealedDealAdmin(admin.ModelAdmin):
    list_display = ["tournament", "seed", "created_at"]
    raw_id_fields = ["tournament"]
