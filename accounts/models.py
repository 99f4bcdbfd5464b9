"""Accounts: the custom user model (in place from the first migration)."""

from typing import ClassVar

from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models.functions import Lower


class CaseInsensitiveUserManager(UserManager):
    """Log-in finds "Alice" for "alice": usernames are unique whatever their case."""

    def get_by_natural_key(self, username):
        return self.get(**{f"{self.model.USERNAME_FIELD}__iexact": username})


class User(AbstractUser):
    """A person using the app. Anyone may sign up and becomes a player; staff manage all."""

    objects: ClassVar[CaseInsensitiveUserManager] = CaseInsensitiveUserManager()

    class Meta:
        ordering = ["username"]
        constraints = [
            # "Alice" and "alice" would be confusing in brackets and standings.
            models.UniqueConstraint(Lower("username"), name="user_username_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.username


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
