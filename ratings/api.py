"""The ratings API: a player's ratings, and the history of each rating."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.serializers import ErrorOut
from config.errors import ServiceError
from ratings import selectors, serializers
from tournaments.models import GameSlug


class PlayerRatingsApi(APIView):
    @extend_schema(
        responses={200: serializers.PlayerRatingsOut}, summary="A player's rating per game"
    )
    def get(self, request, username: str):
        player, ratings = selectors.player_ratings(username=username)
        body = {
            "username": player.username,
            "ratings": [
                {
                    "game": r.game,
                    "rating": round(r.ordinal, 3),
                    "mu": round(r.mu, 3),
                    "sigma": round(r.sigma, 3),
                    "matches": r.matches,
                }
                for r in ratings
            ],
        }
        return Response(body)


class PlayerRatingHistoryApi(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, enum=GameSlug.values, description="One game only.")
        ],
        responses={200: serializers.RatingHistoryOut, 400: ErrorOut, 404: ErrorOut},
        summary=f"A player's rating changes, newest first (at most {selectors.HISTORY_LIMIT})",
    )
    def get(self, request, username: str):
        player, _ratings = selectors.player_ratings(username=username)
        game = request.query_params.get("game") or None
        if game is not None and game not in GameSlug.values:
            raise ServiceError(
                f"No game is called {game!r}; use one of {', '.join(GameSlug.values)}.",
                code="unknown_game",
                errors={"game": ["Choose one of the games."]},
            )
        changes = selectors.rating_history(user=player, game=game)
        body = {
            "username": player.username,
            "changes": [
                {
                    "game": c.game,
                    "match": c.match_id,
                    "tournament": c.match.tournament_id,
                    "tournament_name": c.match.tournament.name,
                    "played_at": c.played_at,
                    "rating_before": round(c.rating_before, 3),
                    "rating_after": round(c.rating_after, 3),
                    "mu_before": round(c.mu_before, 3),
                    "sigma_before": round(c.sigma_before, 3),
                    "mu_after": round(c.mu_after, 3),
                    "sigma_after": round(c.sigma_after, 3),
                }
                for c in changes
            ],
        }
        return Response(body)
