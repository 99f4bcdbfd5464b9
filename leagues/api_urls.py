"""The leagues API, mounted at /api/."""

from django.urls import path

from leagues import api

app_name = "leagues-api"
urlpatterns = [
    path("leagues/", api.LeagueListApi.as_view(), name="league-list"),
    path("leagues/<int:pk>/", api.LeagueDetailApi.as_view(), name="league-detail"),
    path("leagues/<int:pk>/next-season/", api.LeagueNextSeasonApi.as_view(), name="next-season"),
    path("leagues/<int:pk>/events/", api.LeagueEventsApi.as_view(), name="league-events"),
    path(
        "leagues/<int:pk>/events/<int:tournament_id>/",
        api.LeagueEventDetailApi.as_view(),
        name="league-event",
    ),
    path("leagues/<int:pk>/leaderboard/", api.LeaderboardApi.as_view(), name="leaderboard"),
    path("players/<str:username>/history/", api.PlayerHistoryApi.as_view(), name="history"),
]
