"""The gameplay API, mounted at /api/."""

from django.urls import path

from gameplay import api

app_name = "gameplay-api"
urlpatterns = [
    path("rulesets/", api.RulesetListApi.as_view(), name="ruleset-list"),
    path("games/", api.GameListApi.as_view(), name="game-list"),
    path("games/<int:pk>/", api.GameDetailApi.as_view(), name="game-detail"),
    path("games/<int:pk>/actions/", api.GameActionApi.as_view(), name="game-actions"),
    path("games/<int:pk>/log/", api.GameLogApi.as_view(), name="game-log"),
    path("games/<int:pk>/rematch/", api.GameRematchApi.as_view(), name="game-rematch"),
    path("matches/<int:pk>/games/", api.MatchGameApi.as_view(), name="match-games"),
    path("invites/", api.InviteListApi.as_view(), name="invite-list"),
    path("invites/<int:pk>/accept/", api.InviteAcceptApi.as_view(), name="invite-accept"),
    path("invites/<int:pk>/decline/", api.InviteDeclineApi.as_view(), name="invite-decline"),
    path("invites/<int:pk>/cancel/", api.InviteCancelApi.as_view(), name="invite-cancel"),
]
