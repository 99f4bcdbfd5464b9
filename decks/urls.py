from django.urls import path

from decks import printouts, views

app_name = "decks"
urlpatterns = [
    path("cards/", views.card_browser, name="cards"),
    path("decks/", views.deck_list, name="list"),
    path("decks/new/", views.deck_builder, name="new"),
    path("decks/<int:pk>/", views.deck_builder, name="edit"),
    path("decks/check/", views.deck_check, name="check"),
    path("decks/events/<int:pk>/card-sets/", views.event_card_sets, name="event-card-sets"),
    # Two segments after the id, so the tournaments app's "<pk>/<action>/" never catches them.
    path(
        "tournaments/<int:pk>/print/decklists/", printouts.print_decklists, name="print-decklists"
    ),
    path("tournaments/<int:pk>/print/seating/", printouts.print_seating, name="print-seating"),
]
