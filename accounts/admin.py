from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import Notification, User

admin.site.register(User, UserAdmin)


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["user", "text", "created_at", "read_at"]
    list_filter = ["read_at"]
    search_fields = ["user__username", "text"]
    raw_id_fields = ["user"]
