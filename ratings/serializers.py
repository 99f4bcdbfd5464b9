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
