"""The leagues pages, mounted at /."""

from django.urls import path

from leagues import views

app_name = "leagues"
urlpatterns = [
    path("leagues/", views.league_list, name="list"),
    path("leagues/new/", views.league_new, name="new"),
    path("leagues/<int:pk>/", views.league_detail, name="detail"),
    path("leagues/<int:pk>/edit/", views.league_edit, name="edit"),
    path("leagues/<int:pk>/<slug:action>/", views.league_action, name="action"),
    path("players/<str:username>/history/", views.player_history, name="history"),
]
