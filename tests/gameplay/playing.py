"""Play an engine game to its end through the services, for tests that need a finished game."""

from gameplay import selectors, services
from gameplay.models import GameRecord


def play_to_the_end(game: GameRecord, user, *, moves: int = 3000) -> GameRecord:
    """The bots move as they do; the user always plays their first legal action."""
    for _ in range(moves):
        services.game_bots_play(game_id=game.pk)
        game.refresh_from_db()
        if game.status == GameRecord.Status.FINISHED:
            return game
        detail = selectors.game_detail(game, user)
        if detail["legal_actions"]:
            services.game_act(
                game_id=game.pk,
                user=user,
                action=detail["legal_actions"][0],
                expected_version=game.version,
            )
    raise AssertionError("the game did not finish")


def bots_play_out(game: GameRecord, *, turns: int = 500) -> None:
    """The bots play a game of bots only until it is no longer in progress (or `turns` runs
    out: the caller asserts how it ended)."""
    for _ in range(turns):
        if GameRecord.objects.get(pk=game.pk).status != "in_progress":
            break
        services.game_bots_play(game_id=game.pk)
