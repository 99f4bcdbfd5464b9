"""Accounts: the custom user model (in place from the first migration)."""

from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models.functions import Lower


class CaseInsensitiveUserManager(UserManager):
    """Log-in finds "Alice" for "alice": usernames are unique whatever their case."""

    def get_by_natural_key(self, username):
        return self.get(**{f"{self.model.USERNAME_FIELD}__iexact": username})


class User(AbstractUser):
    """A person using the app. Anyone may sign up and becomes a player; staff manage all."""

    objects = CaseInsensitiveUserManager()

    class Meta:
        ordering = ["username"]
        constraints = [
            # "Alice" and "alice" would be confusing in brackets and standings.
            models.UniqueConstraint(Lower("username"), name="user_username_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.username
