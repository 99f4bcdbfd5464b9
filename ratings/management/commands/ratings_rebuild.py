"""Read every finished match again and replay each game's ratings and history (R1, R5, R7):
run once after a change of rulings (team matches became rated), or to check the stored
ratings against the results."""

from django.core.management.base import BaseCommand, CommandError

from ratings import services
from tournaments.models import GameSlug


class Command(BaseCommand):
    help = "Re-read every finished match and replay the ratings: ratings_rebuild [--game SLUG]"

    def add_arguments(self, parser):
        parser.add_argument("--game", help="one game only (default: every game)")

    def handle(self, *args, game=None, **options):
        if game is not None and game not in GameSlug.values:
            raise CommandError(f"No game {game!r}; use one of {', '.join(GameSlug.values)}.")
        for slug in [game] if game else GameSlug.values:
            rated = services.game_reread(game=slug)
            self.stdout.write(f"{GameSlug(slug).label}: {rated} players rated")
