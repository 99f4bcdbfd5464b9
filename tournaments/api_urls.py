"""The tournaments API, mounted at /api/."""

from django.urls import path

from tournaments.api import bracket, entries, events, matches, results, rounds, standings

app_name = "tournaments-api"
urlpatterns = [
    path("tournaments/", events.TournamentListApi.as_view(), name="tournament-list"),
    path("tournaments/<int:pk>/", events.TournamentDetailApi.as_view(), name="tournament-detail"),
    path("tournaments/<int:pk>/entries/", entries.EntryListApi.as_view(), name="entry-list"),
    path(
        "tournaments/<int:pk>/entries/paste/", entries.EntriesPasteApi.as_view(), name="entry-paste"
    ),
    path(
        "tournaments/<int:pk>/entries/drop-unchecked/",
        entries.EntriesDropUncheckedApi.as_view(),
        name="entry-drop-unchecked",
    ),
    path("tournaments/<int:pk>/entries/bulk/", entries.EntriesBulkApi.as_view(), name="entry-bulk"),
    path(
        "tournaments/<int:pk>/entries/order/",
        entries.EntriesSeedOrderApi.as_view(),
        name="entry-order",
    ),
    path(
        "tournaments/<int:pk>/entries/<int:entry_id>/check-in/",
        entries.EntryCheckInApi.as_view(),
        name="entry-check-in",
    ),
    path(
        "tournaments/<int:pk>/entries/<int:entry_id>/",
        entries.EntryDetailApi.as_view(),
        name="entry-detail",
    ),
    path(
        "tournaments/<int:pk>/entries/<int:entry_id>/drop/",
        entries.EntryDropApi.as_view(),
        name="entry-drop",
    ),
    path(
        "tournaments/<int:pk>/start/", events.TournamentStartApi.as_view(), name="tournament-start"
    ),
    path(
        "tournaments/<int:pk>/cancel/",
        events.TournamentCancelApi.as_view(),
        name="tournament-cancel",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/call-time/",
        rounds.RoundCallTimeApi.as_view(),
        name="round-call-time",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/extend/",
        rounds.RoundExtendApi.as_view(),
        name="round-extend",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/start/",
        rounds.RoundStartApi.as_view(),
        name="round-start",
    ),
    path("tournaments/<int:pk>/desk/", rounds.DeskApi.as_view(), name="desk"),
    path("tournaments/<int:pk>/bracket/", bracket.BracketApi.as_view(), name="bracket"),
    path(
        "tournaments/<int:pk>/bracket/rounds/<int:number>/",
        bracket.BracketRoundApi.as_view(),
        name="bracket-round",
    ),
    path("tournaments/<int:pk>/standings/", standings.StandingsApi.as_view(), name="standings"),
    path("tournaments/<int:pk>/groups/", standings.GroupsApi.as_view(), name="groups"),
    path("tournaments/<int:pk>/results/", results.ResultsApi.as_view(), name="results"),
    path("matches/<int:pk>/", matches.MatchDetailApi.as_view(), name="match-detail"),
    path("matches/<int:pk>/report/", matches.MatchReportApi.as_view(), name="match-report"),
    path("matches/<int:pk>/confirm/", matches.MatchConfirmApi.as_view(), name="match-confirm"),
    path("matches/<int:pk>/dispute/", matches.MatchDisputeApi.as_view(), name="match-dispute"),
    path("matches/<int:pk>/start/", matches.MatchStartApi.as_view(), name="match-start"),
    path("matches/<int:pk>/call-time/", matches.MatchCallTimeApi.as_view(), name="match-call-time"),
    path("matches/<int:pk>/time/", matches.MatchTimeApi.as_view(), name="match-time"),
    path("matches/<int:pk>/decide/", matches.MatchDecideApi.as_view(), name="match-decide"),
    path("matches/<int:pk>/extend/", matches.MatchExtendApi.as_view(), name="match-extend"),
    path("matches/<int:pk>/forfeit/", matches.MatchForfeitApi.as_view(), name="match-forfeit"),
]
