from django.urls import path

from decks import api

app_name = "decks-api"
urlpatterns = [
    # GET /api/games/ (the games and their formats) is served by gameplay's GameListApi,
    # which also takes POST /api/games/ (start a game on the engine).
    path("cards/", api.CardListApi.as_view(), name="cards"),
    path("decks/validate/", api.DeckValidateApi.as_view(), name="deck-validate"),
    path("decks/", api.DeckListApi.as_view(), name="decks"),
    path("decks/<int:pk>/", api.DeckDetailApi.as_view(), name="deck"),
    path("decks/<int:pk>/export/", api.DeckExportApi.as_view(), name="deck-export"),
    path(
        "tournaments/<int:pk>/entries/<int:entry_id>/deck/",
        api.EntryDeckApi.as_view(),
        name="entry-deck",
    ),
    path(
        "tournaments/<int:pk>/deck-rules/",
        api.EventDeckRulesApi.as_view(),
        name="event-deck-rules",
    ),
    path("card-sets/import/", api.CardSetImportApi.as_view(), name="card-set-import"),
    path("card-sets/<int:pk>/export/", api.CardSetExportApi.as_view(), name="card-set-export"),
    path("card-sets/<int:pk>/publish/", api.CardSetPublishApi.as_view(), name="card-set-publish"),
    path(
        "tournaments/<int:pk>/card-sets/",
        api.EventCardSetsApi.as_view(),
        name="event-card-sets",
    ),
]
