"""Input and output shapes of the accounts API."""

from rest_framework import serializers


class CredentialsIn(serializers.Serializer):
    username = serializers.CharField(max_length=150, trim_whitespace=True)
    password = serializers.CharField(max_length=128, trim_whitespace=False, write_only=True)


class RegisteredOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    token = serializers.CharField()


class TokenOut(serializers.Serializer):
    token = serializers.CharField()


class UserOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    is_staff = serializers.BooleanField()
    date_joined = serializers.DateTimeField()


class ErrorOut(serializers.Serializer):
    """The one error shape of the whole API."""

    detail = serializers.CharField(help_text="What is wrong and how to fix it.")
    code = serializers.CharField(help_text="A stable, machine-readable code.")
    # the body's "errors" key; this serializer only documents the shape (never validates)
    errors = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Messages per input field (empty when the error is not about a field).",
    )
