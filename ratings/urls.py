"""The ratings pages, mounted at /."""

from django.urls import path

from ratings import views

app_name = "ratings"
urlpatterns = [
    path("players/<str:username>/", views.player_page, name="player"),
]
