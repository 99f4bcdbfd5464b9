"""Output shapes of the ratings API."""

from rest_framework import serializers


class RatingOut(serializers.Serializer):
    game = serializers.CharField()
    rating = serializers.FloatField(help_text="The conservative rating: mu - 3 sigma.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    matches = serializers.IntegerField(help_text="Rated matches played in this game.")


class PlayerRatingsOut(serializers.Serializer):
    username = serializers.CharField()
    ratings = RatingOut(many=True)


class RatingChangeOut(serializers.Serializer):
    game = serializers.CharField()
    match = serializers.IntegerField()
    tournament = serializers.IntegerField()
    tournament_name = serializers.CharField()
    played_at = serializers.DateTimeField()
    rating_before = serializers.FloatField(help_text="The conservative rating before the match.")
    rating_after = serializers.FloatField(help_text="And after it.")
    mu_before = serializers.FloatField()
    sigma_before = serializers.FloatField()
    mu_after = serializers.FloatField()
    sigma_after = serializers.FloatField()


class RatingHistoryOut(serializers.Serializer):
    username = serializers.CharField()
    changes = RatingChangeOut(many=True)
