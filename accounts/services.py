"""Writes for accounts."""

from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from knox.models import AuthToken
from knox.settings import knox_settings

from accounts.models import User
from config.errors import ServiceError


def user_register(*, username: str, password: str) -> User:
    """Create a player account with a checked, unique username and a strong password."""
    username = username.strip()
    errors: dict[str, list[str]] = {}
    username_field = User._meta.get_field("username")
    try:
        username_field.run_validators(username)
    except DjangoValidationError as error:
        errors["username"] = list(error.messages)
    if not username:
        errors["username"] = ["Choose a username."]
    elif User.objects.filter(username__iexact=username).exists():
        errors["username"] = ["That username is taken; choose another."]
    try:
        password_validation.validate_password(password, User(username=username))
    except DjangoValidationError as error:
        errors["password"] = list(error.messages)
    if errors:
        raise ServiceError("The account could not be created; see the fields.", errors=errors)
    try:
        with transaction.atomic():
            return User.objects.create_user(username=username, password=password)
    except IntegrityError as error:
        # Two sign-ups for one name at the same moment: the unique index decides.
        raise ServiceError(
            "That username is taken; choose another.",
            errors={"username": ["That username is taken; choose another."]},
        ) from error


def user_token_get(*, user: User) -> str:
    """A new API token for the user (knox: stored hashed, expires after TOKEN_TTL). The user's
    expired tokens are removed; past TOKEN_LIMIT_PER_USER live ones, the oldest goes."""
    now = timezone.now()
    tokens = AuthToken.objects.filter(user=user)
    tokens.filter(expiry__lt=now).delete()
    limit = knox_settings.TOKEN_LIMIT_PER_USER
    if limit is not None:
        live = list(tokens.order_by("-created").values_list("pk", flat=True))
        AuthToken.objects.filter(pk__in=live[limit - 1 :]).delete()
    _instance, token = AuthToken.objects.create(user=user, expiry=knox_settings.TOKEN_TTL)
    return token


def user_tokens_revoke(*, user: User, token=None) -> int:
    """Revoke one token (the one a request used) or, with none given, all of the user's."""
    tokens = AuthToken.objects.filter(user=user)
    if token is not None:
        tokens = tokens.filter(pk=token.pk)
    deleted, _ = tokens.delete()
    return deleted
