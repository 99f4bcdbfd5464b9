"""The tournaments API, mounted at /api/."""

from django.urls import path

from tournaments import api

app_name = "tournaments-api"
urlpatterns = [
    path("tournaments/", api.TournamentListApi.as_view(), name="tournament-list"),
    path("tournaments/<int:pk>/", api.TournamentDetailApi.as_view(), name="tournament-detail"),
    path("tournaments/<int:pk>/entries/", api.EntryListApi.as_view(), name="entry-list"),
    path("tournaments/<int:pk>/entries/paste/", api.EntriesPasteApi.as_view(), name="entry-paste"),
    path(
        "tournaments/<int:pk>/entries/drop-unchecked/",
        api.EntriesDropUncheckedApi.as_view(),
        name="entry-drop-unchecked",
    ),
    path(
        "tournaments/<int:pk>/entries/order/",
        api.EntriesSeedOrderApi.as_view(),
        name="entry-order",
    ),
    path(
        "tournaments/<int:pk>/entries/<int:entry_id>/check-in/",
        api.EntryCheckInApi.as_view(),
        name="entry-check-in",
    ),
    path(
        "tournaments/<int:pk>/entries/<int:entry_id>/",
        api.EntryDetailApi.as_view(),
        name="entry-detail",
    ),
    path(
        "tournaments/<int:pk>/entries/<int:entry_id>/drop/",
        api.EntryDropApi.as_view(),
        name="entry-drop",
    ),
    path("tournaments/<int:pk>/start/", api.TournamentStartApi.as_view(), name="tournament-start"),
    path(
        "tournaments/<int:pk>/cancel/", api.TournamentCancelApi.as_view(), name="tournament-cancel"
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/call-time/",
        api.RoundCallTimeApi.as_view(),
        name="round-call-time",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/extend/",
        api.RoundExtendApi.as_view(),
        name="round-extend",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/start/",
        api.RoundStartApi.as_view(),
        name="round-start",
    ),
    path("tournaments/<int:pk>/desk/", api.DeskApi.as_view(), name="desk"),
    path("tournaments/<int:pk>/bracket/", api.BracketApi.as_view(), name="bracket"),
    path(
        "tournaments/<int:pk>/bracket/rounds/<int:number>/",
        api.BracketRoundApi.as_view(),
        name="bracket-round",
    ),
    path("tournaments/<int:pk>/standings/", api.StandingsApi.as_view(), name="standings"),
    path("matches/<int:pk>/", api.MatchDetailApi.as_view(), name="match-detail"),
    path("matches/<int:pk>/report/", api.MatchReportApi.as_view(), name="match-report"),
    path("matches/<int:pk>/confirm/", api.MatchConfirmApi.as_view(), name="match-confirm"),
    path("matches/<int:pk>/dispute/", api.MatchDisputeApi.as_view(), name="match-dispute"),
    path("matches/<int:pk>/start/", api.MatchStartApi.as_view(), name="match-start"),
    path("matches/<int:pk>/call-time/", api.MatchCallTimeApi.as_view(), name="match-call-time"),
    path("matches/<int:pk>/time/", api.MatchTimeApi.as_view(), name="match-time"),
    path("matches/<int:pk>/decide/", api.MatchDecideApi.as_view(), name="match-decide"),
    path("matches/<int:pk>/extend/", api.MatchExtendApi.as_view(), name="match-extend"),
    path("matches/<int:pk>/forfeit/", api.MatchForfeitApi.as_view(), name="match-forfeit"),
]
