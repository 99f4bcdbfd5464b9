from django.apps import AppConfig

from tournaments import hooks


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    label = "ratings"

    def ready(self) -> None:
        # Imported here, not at the top: services and tasks use the models, loaded only once
        # apps are.
        from config.enqueue import enqueue_on_commit
        from ratings import selectors, tasks

        # A result is rated after its commit, by a task (the result writes stay lean).
        hooks.on_match_result(
            "ratings", lambda *, match_id: enqueue_on_commit(tasks.match_rate, match_id)
        )
        hooks.on_rating_order(
            "ratings",
            lambda *, game, entry_ids: selectors.entries_by_rating(game=game, entry_ids=entry_ids),
        )
