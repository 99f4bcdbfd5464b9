from django.apps import AppConfig

from decks.legality import effects as card_effects
from gameplay.engine import registry
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
        # Card imports ask the engines what they play (decks mirrors nothing).
        for slug, problems in registry.effect_vocabularies().items():
            card_effects.engine_vocabulary_register(slug, problems)
        for slug, pairs in registry.shared_effects().items():
            card_effects.engine_effects_register(slug, pairs)
