from django.apps import AppConfig


class HeartbeatsConfig(AppConfig):
    name = "config.heartbeats"
    label = "heartbeats"
    default_auto_field = "django.db.models.BigAutoField"
