from django.contrib import admin

from decks.drafting import models


class SeatInline(admin.TabularInline):
    model = models.Seat
    extra = 0
    raw_id_fields = ["player", "entry", "pool", "deadline_pack"]


@admin.register(models.Draft)
class DraftAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "tournament", "pod_number", "status", "round", "created_at"]
    list_filter = ["status", "game"]
    raw_id_fields = ["organizer", "tournament", "card_set"]
    inlines = [SeatInline]


class _ReadOnlyAdmin(admin.ModelAdmin):
    """A turn-based draft's table and move log: read here, written only by the services (the
    draft's row lock and the move number keep an admin edit from racing a move)."""

    raw_id_fields = ["draft"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(models.WinstonTable, models.GridTable, models.RochesterTable)
class TurnTableAdmin(_ReadOnlyAdmin):
    list_display = ["draft", "turn"]


@admin.register(models.TurnMove)
class TurnMoveAdmin(_ReadOnlyAdmin):
    list_display = ["draft", "turn", "seat", "action", "kind"]


@admin.register(models.Pick)
class PickAdmin(admin.ModelAdmin):
    list_display = ["id", "draft", "seat", "round", "pick_number", "kind", "created_at"]
    list_filter = ["kind"]
    raw_id_fields = ["draft", "seat", "pack", "pack_card"]


class PackCardInline(admin.TabularInline):
    model = models.PackCard
    extra = 0
    raw_id_fields = ["card"]


@admin.register(models.Pack)
class PackAdmin(admin.ModelAdmin):
    list_display = ["id", "draft", "round", "origin_seat", "holder_seat", "cards_left"]
    raw_id_fields = ["draft"]
    inlines = [PackCardInline]


@admin.register(models.SealedDeal)
class SealedDealAdmin(admin.ModelAdmin):
    list_display = ["tournament", "seed", "created_at"]
    raw_id_fields = ["tournament"]
