"""Admin: games and seats, read mostly."""

from django.contrib import admin

from gameplay.models import GameRecord, GameSeat


class GameSeatInline(admin.TabularInline):
    model = GameSeat
    extra = 0


@admin.register(GameRecord)
class GameRecordAdmin(admin.ModelAdmin):
    list_display = ("id", "ruleset", "status", "version", "match", "game_number", "created_at")
    list_filter = ("ruleset", "status")
    inlines = [GameSeatInline]
