"""Input and output shapes of the gameplay API (no logic here)."""

from rest_framework import serializers

import games


class SeatIn(serializers.Serializer):
    user = serializers.IntegerField(required=False)
    bot = serializers.CharField(required=False, max_length=20)


class GameIn(serializers.Serializer):
    ruleset = serializers.CharField(max_length=40, required=False)
    seats = SeatIn(many=True, required=False)
    options = serializers.DictField(required=False, default=dict)
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**62)
    match = serializers.IntegerField(required=False, allow_null=True)

    def validate(self, data):
        if data.get("match") is None and (not data.get("ruleset") or not data.get("seats")):
            raise serializers.ValidationError("Give a ruleset and seats (or a match).")
        return data


class ActionIn(serializers.Serializer):
    action = serializers.JSONField()
    version = serializers.IntegerField(min_value=0)


class RulesetOut(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    version = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options = serializers.DictField()
    game_type = serializers.DictField(help_text="What the game supports (engine GameType).")


class GameSeatOut(serializers.Serializer):
    seat = serializers.IntegerField()
    user = serializers.IntegerField(allow_null=True)
    username = serializers.CharField(allow_null=True)
    bot = serializers.CharField(allow_null=True)
    entry = serializers.IntegerField(allow_null=True)


class GameOut(serializers.Serializer):
    id = serializers.IntegerField()
    ruleset = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    seats = GameSeatOut(many=True)
    to_act = serializers.ListField(child=serializers.IntegerField())
    view = serializers.DictField()
    legal_actions = serializers.ListField(child=serializers.JSONField())
    action_labels = serializers.ListField(child=serializers.CharField())
    result = serializers.DictField(allow_null=True)
    match = serializers.IntegerField(allow_null=True)
    game_number = serializers.IntegerField(allow_null=True)


class GameLogOut(serializers.Serializer):
    id = serializers.IntegerField()
    ruleset = serializers.CharField()
    version = serializers.CharField()
    seed = serializers.IntegerField()
    options = serializers.DictField()
    seats = serializers.IntegerField()
    seat_players = GameSeatOut(many=True)
    actions = serializers.ListField(child=serializers.JSONField())
    checkpoints = serializers.ListField(child=serializers.JSONField())
    status = serializers.CharField()
    result = serializers.DictField(allow_null=True)


class InviteIn(serializers.Serializer):
    ruleset = serializers.CharField(max_length=40, default=games.default().slug)
    opponent = serializers.CharField(
        max_length=150,
        required=False,
        allow_blank=True,
        default="",
        help_text="A username to challenge; empty to open a seat in the lobby.",
    )
    options = serializers.DictField(required=False, default=dict)


class InviteOut(serializers.Serializer):
    id = serializers.IntegerField()
    ruleset = serializers.CharField()
    game_name = serializers.CharField()
    by = serializers.CharField(help_text="The player who offered the seat (seat 1).")
    opponent = serializers.CharField(help_text="The challenged player; empty for an open seat.")
    status = serializers.CharField()
    options = serializers.DictField()
    game = serializers.IntegerField(allow_null=True, help_text="The game, once accepted.")
    created_at = serializers.DateTimeField()


class LobbyOut(serializers.Serializer):
    open_seats = InviteOut(many=True)
    challenges = InviteOut(many=True, help_text="Challenges waiting for your answer.")
    mine = InviteOut(many=True, help_text="Your own seats and challenges still waiting.")
