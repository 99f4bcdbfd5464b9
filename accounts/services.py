"""Writes for accounts."""

from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

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
    """The user's API token, created on first use."""
    token, _ = Token.objects.get_or_create(user=user)
    return token.key
