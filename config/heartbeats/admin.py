"""The background processes' last signs of life, for staff (read only: the processes write)."""

from django.contrib import admin
from django.http import HttpRequest

from config.heartbeats.models import Heartbeat


@admin.register(Heartbeat)
class HeartbeatAdmin(admin.ModelAdmin):
    list_display = ["name", "beat_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
