"""The ratings API: a player's ratings."""

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from ratings import selectors, serializers


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
