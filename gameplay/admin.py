"""Admin: games and seats, read mostly."""

from django.contrib import admin

from gameplay.models import GameInvite, GameRecord, GameSeat


class GameSeatInline(admin.TabularInline):
    model = GameSeat
    extra = 0


@admin.register(GameRecord)
class GameRecordAdmin(admin.ModelAdmin):
    list_display = ("id", "ruleset", "status", "version", "match", "game_number", "created_at")
    list_filter = ("ruleset", "status")
    inlines = [GameSeatInline]


@admin.register(GameInvite)
class GameInviteAdmin(admin.ModelAdmin):
    """Open seats and challenges: who offered, to whom, and the game it started."""

    list_display = ("id", "ruleset", "created_by", "opponent", "status", "game", "created_at")
    list_filter = ("ruleset", "status")
    raw_id_fields = ("created_by", "opponent", "game")
