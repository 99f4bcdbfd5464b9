"""The ratings API, mounted at /api/."""

from django.urls import path

from ratings import api

app_name = "ratings-api"
urlpatterns = [
    path("players/<str:username>/ratings/", api.PlayerRatingsApi.as_view(), name="player-ratings"),
    path(
        "players/<str:username>/ratings/history/",
        api.PlayerRatingHistoryApi.as_view(),
        name="player-rating-history",
    ),
]
