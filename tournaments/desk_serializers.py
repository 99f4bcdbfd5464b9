"""The organizer's desk as the API renders it: rounds, tables, check-in and what needs
attention (`GET /api/tournaments/<id>/desk/`)."""

from rest_framework import serializers


class DeskNameOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class DeskMatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField(allow_null=True, help_text="The match (table) number.")
    entries = DeskNameOut(many=True)


class DeskEntryOut(DeskNameOut):
    seed = serializers.IntegerField(allow_null=True)


class DeskItemOut(serializers.Serializer):
    kind = serializers.CharField(
        help_text="disputed, needs_decision, over_time, time_called, awaiting_confirmation, "
        "check_in or round_ready (most urgent first)."
    )
    reason = serializers.CharField(help_text="What the organizer must do, in words.")
    match = DeskMatchOut(allow_null=True)
    round = serializers.IntegerField(allow_null=True, help_text="For round_ready: its number.")
    entry = DeskEntryOut(allow_null=True, help_text="For check_in: who has not checked in.")


class DeskTableOut(serializers.Serializer):
    match = serializers.IntegerField()
    number = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    entries = DeskNameOut(many=True)
    deadline = serializers.DateTimeField(allow_null=True)
    time_called = serializers.BooleanField()
    over_time = serializers.BooleanField()


class DeskRoundOut(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    running = serializers.BooleanField()
    tables = DeskTableOut(many=True)


class DeskCheckInOut(serializers.Serializer):
    checked_in = serializers.IntegerField()
    total = serializers.IntegerField()
    open = serializers.BooleanField(help_text="True once anyone has checked in.")


class DeskOut(serializers.Serializer):
    queue = DeskItemOut(many=True)
    rounds = DeskRoundOut(many=True)
    check_in = DeskCheckInOut(allow_null=True)
