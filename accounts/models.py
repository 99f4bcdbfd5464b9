"""Accounts: the custom user model (in place from the first migration)."""

from typing import ClassVar

from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models.functions import Lower
from django.utils.crypto import salted_hmac


class CaseInsensitiveUserManager(UserManager):
    """Log-in finds "Alice" for "alice": usernames are unique whatever their case."""

    def get_by_natural_key(self, username):
        return self.get(**{f"{self.model.USERNAME_FIELD}__iexact": username})


class User(AbstractUser):
    """A person using the app. Anyone may sign up and becomes a player; staff manage all."""

    objects: ClassVar[CaseInsensitiveUserManager] = CaseInsensitiveUserManager()

    # The account page's choice: notices also by email (where the site sends email).
    notify_by_email = models.BooleanField(default=True)
    # Bumped by "log out everywhere": every session signed before it stops being valid.
    sessions_epoch = models.PositiveIntegerField(default=0)
    # Set when the account was closed: its results stay under its former-player name.
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["username"]
        constraints = [
            # "Alice" and "alice" would be confusing in brackets and standings.
            models.UniqueConstraint(Lower("username"), name="user_username_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.username

    def _get_session_auth_hash(self, secret=None):
        """Django's session hash (an HMAC of the password), with the sessions epoch: "log out
        everywhere" bumps it, and every older session no longer matches. At epoch 0 it is
        Django's own value, so sessions from before this field stay valid."""
        if not self.sessions_epoch:
            return super()._get_session_auth_hash(secret=secret)
        key_salt = "accounts.User.sessions_epoch"
        value = f"{self.password}:{self.sessions_epoch}"
        return salted_hmac(key_salt, value, secret=secret, algorithm="sha256").hexdigest()


class Notification(models.Model):
    """Something a user should see in the app: their match is ready, a result waits for their
    confirmation, it is their move. Read once they open their notifications."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="notifications")
    text = models.CharField(max_length=300)
    url = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read_at"], name="notification_user_unread")]

    def __str__(self) -> str:
        return self.text
