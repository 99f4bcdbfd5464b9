"""The tournaments pages, mounted at /."""

from django.urls import path

from tournaments.web import (
    actions,
    bracket,
    calendar,
    desk,
    desk_reset,
    edit,
    events,
    listing,
    matches,
    results,
    standings,
    venue,
)

app_name = "tournaments"
urlpatterns = [
    path("tournaments/", listing.tournament_list, name="list"),
    path("tournaments/new/", events.tournament_new, name="new"),
    path("tournaments/<int:pk>/", events.tournament_detail, name="detail"),
    path("tournaments/<int:pk>/edit/", edit.tournament_edit, name="edit"),
    path("tournaments/<int:pk>/results/", results.tournament_results, name="results"),
    path("tournaments/<int:pk>/calendar.ics", calendar.event_ics, name="ics"),
    path("organizers/<str:username>/", listing.organizer_page, name="organizer"),
    path("organizers/<str:username>/calendar.ics", calendar.organizer_ics, name="organizer-ics"),
    path("tournaments/<int:pk>/bracket/", bracket.tournament_bracket, name="bracket"),
    path("tournaments/<int:pk>/embed/", bracket.tournament_embed, name="embed"),
    path("tournaments/<int:pk>/desk/", desk.tournament_desk, name="desk"),
    path("tournaments/<int:pk>/standings/", standings.tournament_standings, name="standings"),
    path("tournaments/<int:pk>/live/", events.tournament_live, name="live"),
    path("tournaments/<int:pk>/rounds/<int:number>/", standings.swiss_round, name="swiss-round"),
    path("tournaments/<int:pk>/desk-reset/", desk_reset.desk_reset_page, name="desk-reset"),
    path(
        "tournaments/<int:pk>/desk-reset/<int:user_id>/",
        desk_reset.desk_reset_make,
        name="desk-reset-make",
    ),
    path("tournaments/<int:pk>/display/", venue.display, name="display"),
    path("tournaments/<int:pk>/print/pairings/", venue.print_pairings, name="print-pairings"),
    path("tournaments/<int:pk>/print/slips/", venue.print_slips, name="print-slips"),
    path("tournaments/<int:pk>/print/standings/", venue.print_standings, name="print-standings"),
    path("tournaments/<int:pk>/<slug:action>/", actions.tournament_action, name="action"),
    path("matches/<int:pk>/", matches.match_page, name="match"),
    path("matches/<int:pk>/live/", matches.match_live, name="match-live"),
    path("matches/<int:pk>/<slug:action>/", actions.match_action, name="match-action"),
]
