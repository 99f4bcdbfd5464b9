from django.urls import path  # noqa: F401

app_name = "decks-api"
urlpatterns: list = []
