"""The tournaments pages, mounted at /."""

from django.urls import path

from tournaments import desk_reset, views

app_name = "tournaments"
urlpatterns = [
    path("tournaments/", views.tournament_list, name="list"),
    path("tournaments/new/", views.tournament_new, name="new"),
    path("tournaments/<int:pk>/", views.tournament_detail, name="detail"),
    path("tournaments/<int:pk>/bracket/", views.tournament_bracket, name="bracket"),
    path("tournaments/<int:pk>/embed/", views.tournament_embed, name="embed"),
    path("tournaments/<int:pk>/desk/", views.tournament_desk, name="desk"),
    path("tournaments/<int:pk>/standings/", views.tournament_standings, name="standings"),
    path("tournaments/<int:pk>/live/", views.tournament_live, name="live"),
    path("tournaments/<int:pk>/rounds/<int:number>/", views.swiss_round, name="swiss-round"),
    path("tournaments/<int:pk>/desk-reset/", desk_reset.desk_reset_page, name="desk-reset"),
    path(
        "tournaments/<int:pk>/desk-reset/<int:user_id>/",
        desk_reset.desk_reset_make,
        name="desk-reset-make",
    ),
    path("tournaments/<int:pk>/<slug:action>/", views.tournament_action, name="action"),
    path("matches/<int:pk>/", views.match_page, name="match"),
    path("matches/<int:pk>/live/", views.match_live, name="match-live"),
    path("matches/<int:pk>/<slug:action>/", views.match_action, name="match-action"),
]
