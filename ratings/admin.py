"""Admin pages for ratings: read only. Ratings are folded from finished matches and rebuilt
from them (RULINGS.md R5), so a hand edit would be overwritten; staff look, the fold writes."""

from django.contrib import admin
from django.http import HttpRequest

from ratings.models import RatedMatch, Rating, RatingChange


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["user", "game", "mu", "sigma", "matches", "updated_at"]
    list_filter = ["game"]
    search_fields = ["user__username"]


@admin.register(RatedMatch)
class RatedMatchAdmin(ReadOnlyAdmin):
    list_display = ["match", "game", "played_at"]
    list_filter = ["game"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ["user", "game", "match", "mu_before", "mu_after", "played_at"]
    list_filter = ["game"]
    search_fields = ["user__username"]
