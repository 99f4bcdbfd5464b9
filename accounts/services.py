"""Writes for accounts."""

import secrets

from django.contrib.auth import password_validation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from knox.models import AuthToken
from knox.settings import knox_settings

from accounts.models import User
from accounts.tokens import desk_reset_tokens
from config.errors import NotAllowed, ServiceError


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


def user_settings_update(*, user: User, email: str, notify_by_email: bool) -> User:
    """The account page's settings: the email address (for password resets and notices; blank
    for none) and whether notices also come by email."""
    email = (email or "").strip()
    if email:
        try:
            validate_email(email)
        except DjangoValidationError:
            raise ServiceError(
                "That is not an email address.", errors={"email": ["Enter a valid address."]}
            ) from None
        taken = User.objects.filter(email__iexact=email).exclude(pk=user.pk).exists()
        if taken:
            # one address per account: a reset link must reach one account only
            raise ServiceError(
                "Another account uses that address.",
                code="email_taken",
                errors={"email": ["Another account uses that address."]},
            )
    user.email = email
    user.notify_by_email = bool(notify_by_email)
    user.save(update_fields=["email", "notify_by_email"])
    return user


@transaction.atomic
def user_logout_everywhere(*, user: User) -> int:
    """End every session of the user (the caller keeps its own with Django's
    update_session_auth_hash) and revoke every API token; returns the tokens revoked."""
    User.objects.filter(pk=user.pk).update(sessions_epoch=F("sessions_epoch") + 1)
    user.refresh_from_db(fields=["sessions_epoch"])
    return user_tokens_revoke(user=user)


FORMER_PLAYER_PREFIX = "former-player-"


@transaction.atomic
def user_close(*, user: User) -> str:
    """Close the account for good: its username becomes a former-player name (its results in
    brackets, standings, ratings and leagues stay, shown under that name), its email, names
    and password are removed, its sessions end, its API tokens and notifications are deleted,
    and nobody can log in to it again. Returns the former-player name."""
    user = User.objects.select_for_update().get(pk=user.pk)
    if user.closed_at is not None:
        return user.username
    name = _former_player_name()
    user.username, user.email, user.first_name, user.last_name = name, "", "", ""
    user.set_unusable_password()
    user.is_active, user.is_staff, user.is_superuser = False, False, False
    user.notify_by_email = False
    user.sessions_epoch += 1
    user.closed_at = timezone.now()
    user.save()
    user_tokens_revoke(user=user)
    user.notifications.all().delete()
    return name


def _former_player_name() -> str:
    while True:
        name = f"{FORMER_PLAYER_PREFIX}{secrets.token_hex(3)}"
        if not User.objects.filter(username__iexact=name).exists():
            return name


def desk_reset_path(*, user: User) -> str:
    """The path of a one-time link that lets `user` choose a new password (on their own
    phone), valid DESK_RESET_MINUTES. The caller decides who may make one (an organizer of
    the player's event) and tells the player; nobody learns the password."""
    if not user.is_active or user.is_staff or user.closed_at is not None:
        raise NotAllowed(
            "A desk link is only for an active player's account.", code="not_resettable"
        )
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("password-reset-desk", args=[uid, desk_reset_tokens.make_token(user)])
