"""In-app notifications (and email where a mail backend is configured): the writes and reads.

Any app may call `notify` from inside its own transaction; the rows commit with the change they
announce, and the emails leave only after that commit."""

import logging
import time
from collections.abc import Iterable

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

from accounts.models import Notification, User
from config import live

logger = logging.getLogger(__name__)
MAX_SHOWN = 50


def notify(*, user_ids: Iterable[int | None], text: str, url: str = "") -> int:
    """Tell these users `text` (linking to `url`); a user who still has the same unread notice
    gets no second one. Returns how many were written."""
    return notify_many(notices=[(pk, text, url) for pk in user_ids])


def notify_many(*, notices: Iterable[tuple[int | None, str, str]]) -> int:
    """Many (user id, text, url) notices in two queries; the same unread notice is not sent
    twice. Emails (where configured) leave after the caller's transaction commits."""
    wanted = {(pk, text[:300], url[:300]) for pk, text, url in notices if pk is not None}
    if not wanted:
        return 0
    users = {pk for pk, _text, _url in wanted}
    texts = {text for _pk, text, _url in wanted}
    unread = Notification.objects.filter(user_id__in=users, read_at=None, text__in=texts)
    fresh = sorted(wanted - set(unread.values_list("user_id", "text", "url")))
    Notification.objects.bulk_create(
        [Notification(user_id=pk, text=text, url=url) for pk, text, url in fresh]
    )
    for pk in {pk for pk, _text, _url in fresh}:
        announce_to_user(pk)
    if fresh and getattr(settings, "NOTIFY_BY_EMAIL", False):
        transaction.on_commit(lambda: _email(fresh))
    return len(fresh)


def announce_to_user(user_id: int) -> None:
    """The user's own open home page hears that something for them changed (a notice, a
    challenge withdrawn) once the transaction commits. The version is only a fresh stamp: the
    page refreshes its "your day" part on any notice (`accounts.views.my_live`)."""
    live.publish(f"user-{user_id}", time.time_ns())


def _email(notices: list[tuple[int, str, str]]) -> None:
    """One short email per notice to a user with an address who wants them (the account
    page's choice); a mail failure is only logged (the change it announces is committed)."""
    addresses = dict(
        User.objects.filter(pk__in={pk for pk, _t, _u in notices}, notify_by_email=True)
        .exclude(email="")
        .values_list("pk", "email")
    )
    site = (settings.SITE_URL or "").rstrip("/")
    for pk, text, url in notices:
        if pk not in addresses:
            continue
        try:
            send_mail(text, f"{text}\n\n{site}{url}".strip(), None, [addresses[pk]])
        except Exception:
            logger.warning("notification email failed", exc_info=True)


def notifications_mark_read(*, user) -> int:
    """Mark every unread notification of the user read; returns how many."""
    return Notification.objects.filter(user=user, read_at=None).update(read_at=timezone.now())


def unread_count(*, user) -> int:
    """How many notifications the user has not seen (0 for a visitor)."""
    if user is None or not user.is_authenticated:
        return 0
    return Notification.objects.filter(user=user, read_at=None).count()


def notifications_for(*, user) -> list[Notification]:
    """The user's latest notifications, newest first."""
    return list(Notification.objects.filter(user=user)[:MAX_SHOWN])
