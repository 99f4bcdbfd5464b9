"""In-app notices about games: whose move it is."""

from accounts.notifications import notify
from gameplay.engine import registry
from gameplay.models import GameRecord, GameSeat


def notify_to_move(game: GameRecord) -> None:
    """Tell the people who must act now that it is their move (one unread notice per game at a
    time; bots' seats have no user, so they are never told)."""
    ruleset = registry.get(game.ruleset)
    seats = ruleset.decision(game.state).seats
    users = GameSeat.objects.filter(game=game, number__in=seats, user__isnull=False)
    notify(
        user_ids=users.values_list("user_id", flat=True),
        text=f"It is your move in {ruleset.name} (game {game.pk}).",
        url=f"/games/{game.pk}/",
    )
