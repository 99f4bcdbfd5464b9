"""Accounts: the custom user model (in place from the first migration)."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower


class User(AbstractUser):
    """A person using the app. Anyone may sign up and becomes a player; staff manage all."""

    class Meta:
        ordering = ["username"]
        constraints = [
            # "Alice" and "alice" would be confusing in brackets and standings.
            models.UniqueConstraint(Lower("username"), name="user_username_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.username
