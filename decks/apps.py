from django.apps import AppConfig

from tournaments import hooks


class DecksConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "decks"
    label = "decks"

    def ready(self) -> None:
        # Imported here, not at the top: services use the models, loaded only once apps are.
        from decks import locked_decks, services

        # Looked up at call time, so a test may stand in for the service.
        hooks.on_decks_lock(
            "decks", lambda *, tournament: services.tournament_decks_lock(tournament=tournament)
        )
        hooks.on_decklists(
            "decks",
            lambda *, entry_ids: locked_decks.locked_decklists(entry_ids=entry_ids),
        )
