"""Admin pages for tournaments (read mostly; results change through the services)."""

from django.contrib import admin

from tournaments.models.entries import Entry, EntryMember
from tournaments.models.events import Tournament
from tournaments.models.matches import Match, MatchAudit, MatchEntry, MatchGame, MatchReport, Round


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ["name", "user", "seed", "dropped", "waitlisted"]
    raw_id_fields = ["user"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "status", "starts_at", "visibility", "organizer"]
    list_filter = ["status", "game", "pairing", "visibility"]
    search_fields = ["name"]
    raw_id_fields = ["organizer"]
    inlines = [EntryInline]


class EntryMemberInline(admin.TabularInline):
    model = EntryMember
    extra = 0
    raw_id_fields = ["user", "tournament"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "user", "seed", "dropped"]
    search_fields = ["name", "tournament__name"]
    raw_id_fields = ["tournament", "user"]
    inlines = [EntryMemberInline]


class MatchEntryInline(admin.TabularInline):
    model = MatchEntry
    extra = 0
    raw_id_fields = ["entry"]


class MatchGameInline(admin.TabularInline):
    model = MatchGame
    extra = 0
    raw_id_fields = ["winner", "first_damage"]


class MatchReportInline(admin.TabularInline):
    model = MatchReport
    extra = 0
    raw_id_fields = ["reported_by", "entry"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "tournament", "round", "index", "status", "winner", "decided_by"]
    list_filter = ["status", "decided_by"]
    raw_id_fields = ["tournament", "round", "winner"]
    inlines = [MatchEntryInline, MatchGameInline, MatchReportInline]


@admin.register(MatchAudit)
class MatchAuditAdmin(admin.ModelAdmin):
    list_display = ["match", "action", "actor", "created_at"]
    raw_id_fields = ["match", "actor"]


admin.site.register(Round)
