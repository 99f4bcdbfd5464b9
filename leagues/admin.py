"""Admin pages for leagues (read mostly; organizers edit theirs through the pages)."""

from django.contrib import admin

from leagues.models import League, LeagueEvent


class LeagueEventInline(admin.TabularInline):
    model = LeagueEvent
    extra = 0
    raw_id_fields = ["tournament"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "score_by", "organizer", "starts_on", "ends_on"]
    list_filter = ["game", "score_by"]
    search_fields = ["name"]
    raw_id_fields = ["organizer", "previous_season"]
    inlines = [LeagueEventInline]
