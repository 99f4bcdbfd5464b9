"""Template context every page gets: the signed-in user's unread notification count."""

from django.utils.functional import SimpleLazyObject

from accounts.notifications import unread_count


def notifications(request) -> dict:
    """`unread_notifications`, counted only if the page shows it."""
    user = getattr(request, "user", None)
    return {"unread_notifications": SimpleLazyObject(lambda: unread_count(user=user))}
