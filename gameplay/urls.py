"""The gameplay pages, mounted at /."""

from django.urls import path

from gameplay import views

app_name = "gameplay"
urlpatterns = [
    path("games/", views.game_list, name="list"),
    path("games/new/", views.game_new, name="new"),
    path("games/lobby/", views.lobby, name="lobby"),
    path("games/lobby/offer/", views.invite_new, name="invite-new"),
    path("games/invites/<int:invite_id>/accept/", views.invite_accept, name="invite-accept"),
    path("games/invites/<int:invite_id>/decline/", views.invite_decline, name="invite-decline"),
    path("games/invites/<int:invite_id>/cancel/", views.invite_cancel, name="invite-cancel"),
    path("games/<int:pk>/", views.game_page, name="game"),
    path("games/<int:pk>/board/", views.game_board, name="board"),
    path("games/<int:pk>/live/", views.game_live, name="live"),
    path("games/<int:pk>/act/", views.game_action, name="act"),
    path("games/<int:pk>/rematch/", views.game_rematch, name="rematch"),
    path("games/<int:pk>/replay/", views.game_replay, name="replay"),
    path("games/match/<int:pk>/start/", views.match_game_start, name="match-start"),
]
