from django.apps import AppConfig

from tournaments import hooks


class GameplayConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "gameplay"
    label = "gameplay"

    def ready(self) -> None:
        # Imported here, not at the top: selectors use the models, loaded only once apps are.
        from gameplay import selectors

        # Looked up at call time, so a test may stand in for the selector.
        hooks.on_live_time_facts(
            "gameplay",
            lambda *, match_id: selectors.live_game_time_facts(match_id=match_id),
        )
