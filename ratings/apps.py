from django.apps import AppConfig

from config.enqueue import enqueue_batched_on_commit, enqueue_on_commit
from tournaments import hooks


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ratings"
    label = "ratings"

    def ready(self) -> None:
        # Imported here, not at the top: selectors and tasks use the models, loaded only once
        # apps are.
        from ratings import selectors, tasks

        # A result is rated after its commit, by a task (the result writes stay lean): a new
        # one by its game's task, queued once a second for all of them (the pending result is
        # the finished match without its rating: nothing to write in the result's
        # transaction); a correction by its own task (its match was rated already).
        hooks.on_new_match_result(
            "ratings",
            lambda *, game, match_id: enqueue_batched_on_commit(tasks.game_rate_new, game),
        )
        hooks.on_match_result(
            "ratings", lambda *, match_id: enqueue_on_commit(tasks.match_rate, match_id)
        )
        hooks.on_event_unrated(
            "ratings",
            lambda *, tournament_id: enqueue_on_commit(tasks.tournament_unrate, tournament_id),
        )
        hooks.on_rating_order(
            "ratings",
            lambda *, game, entry_ids: selectors.entries_by_rating(game=game, entry_ids=entry_ids),
        )
