from django.urls import path

from decks.drafting import api

app_name = "drafting-api"
urlpatterns = [
    path("drafts/", api.DraftListApi.as_view(), name="drafts"),
    path("drafts/<int:pk>/", api.DraftDetailApi.as_view(), name="draft"),
    path("drafts/<int:pk>/join/", api.DraftJoinApi.as_view(), name="draft-join"),
    path("drafts/<int:pk>/start/", api.DraftStartApi.as_view(), name="draft-start"),
    path("drafts/<int:pk>/pause/", api.DraftPauseApi.as_view(), name="draft-pause"),
    path("drafts/<int:pk>/resume/", api.DraftResumeApi.as_view(), name="draft-resume"),
    path(
        "drafts/<int:pk>/seats/<int:index>/replace-with-bot/",
        api.SeatReplaceWithBotApi.as_view(),
        name="draft-seat-replace-with-bot",
    ),
    path("drafts/<int:pk>/me/", api.DraftMeApi.as_view(), name="draft-me"),
    path("drafts/<int:pk>/picks/", api.DraftPickApi.as_view(), name="draft-picks"),
    path("drafts/<int:pk>/winston/", api.DraftWinstonApi.as_view(), name="draft-winston"),
    path("drafts/<int:pk>/grid/", api.DraftGridApi.as_view(), name="draft-grid"),
    path("drafts/<int:pk>/rochester/", api.DraftRochesterApi.as_view(), name="draft-rochester"),
    path("drafts/<int:pk>/log/", api.DraftLogApi.as_view(), name="draft-log"),
    path("drafts/<int:pk>/pod/", api.DraftPodApi.as_view(), name="draft-pod"),
    path(
        "tournaments/<int:pk>/sealed-pools/",
        api.TournamentSealedPoolsApi.as_view(),
        name="tournament-sealed-pools",
    ),
    path(
        "tournaments/<int:pk>/drafts/",
        api.TournamentDraftsApi.as_view(),
        name="tournament-drafts",
    ),
    path("pools/<int:pk>/", api.PoolDetailApi.as_view(), name="pool"),
]
