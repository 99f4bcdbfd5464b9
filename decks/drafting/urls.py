from django.urls import path

from decks.drafting import views

app_name = "drafting"
urlpatterns = [
    path("drafts/", views.draft_list, name="list"),
    path("drafts/<int:pk>/", views.draft_room, name="room"),
    path("drafts/<int:pk>/pick/", views.draft_pick, name="pick"),
    path("drafts/<int:pk>/winston/", views.winston_move, name="winston-move"),
    path("drafts/<int:pk>/grid/", views.grid_move, name="grid-move"),
    path("drafts/<int:pk>/rochester/", views.rochester_pick, name="rochester-pick"),
    path("drafts/<int:pk>/live/", views.draft_live, name="live"),
    path("drafts/<int:pk>/join/", views.draft_join, name="join"),
    path("drafts/<int:pk>/pod/", views.draft_pod, name="pod"),
    # Three segments after the id, so the tournaments app's "<pk>/<action>/" never catches them.
    path("tournaments/<int:pk>/draft/pods/", views.tournament_pods, name="tournament-pods"),
    path("tournaments/<int:pk>/sealed/pools/", views.tournament_pools, name="tournament-pools"),
    path("pools/<int:pk>/", views.pool_page, name="pool"),
    path("pools/<int:pk>/register/", views.pool_register, name="pool-register"),
    path("drafts/<int:pk>/<str:action>/", views.draft_action, name="action"),
    path(
        "drafts/<int:pk>/seats/<int:index>/replace-with-bot/",
        views.seat_replace_with_bot,
        name="replace-with-bot",
    ),
]
