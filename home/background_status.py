"""The banner organizers and staff see while the background worker or the scheduler is silent.

Without them no match clock, pick timer or bot move runs, and the web pages go on serving as if
nothing were wrong (issue 33: at a venue nobody reads /healthz). Every page of a signed-in
organizer or staff member carries the banner's slot, which asks again every
BACKGROUND_STATUS_POLL_S (20 s), so the banner appears and goes away without a reload. The
heartbeats are read at most once every few seconds per process, so the slot costs a page
almost nothing."""

import threading
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import SimpleLazyObject
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from config.heartbeats.beats import SCHEDULER, WORKER, liveness
from decks.drafting.models import Draft
from leagues.models import League
from tournaments.models import Tournament

READ_EVERY_S = 5.0
ORGANIZER_CACHE_S = 300
MESSAGES = {
    WORKER: "Match clocks and bots are paused: the background worker is not running.",
    SCHEDULER: "Match clocks and pick timers are paused: the scheduler is not running.",
}

_lock = threading.Lock()
_last_read: tuple[float, list[str]] = (float("-inf"), [])


def background_problems() -> list[str]:
    """One sentence per silent background process ([] when both are alive)."""
    global _last_read
    if not settings.HEALTHZ_HEARTBEATS:
        return []
    with _lock:
        read_at, problems = _last_read
        if time.monotonic() - read_at < READ_EVERY_S:
            return problems
        try:
            states = liveness()
        except Exception:  # the database away: pages say so themselves
            return problems
        problems = [MESSAGES[name] for name, state in states.items() if not state.alive]
        _last_read = (time.monotonic(), problems)
        return problems


def sees_background_status(user) -> bool:
    """Staff, and anyone who organizes an event, a draft or a league (kept in the cache for a
    few minutes: a page costs one cache read, not three queries)."""
    if not settings.HEALTHZ_HEARTBEATS or not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff:
        return True
    key = f"organizes:{user.pk}"
    organizes = cache.get(key)
    if organizes is None:
        organizes = (
            Tournament.objects.filter(organizer=user).exists()
            or Draft.objects.filter(organizer=user).exists()
            or League.objects.filter(organizer=user).exists()
        )
        cache.set(key, organizes, ORGANIZER_CACHE_S)
    return organizes


def background_status(request: HttpRequest) -> dict:
    """Template context: `background_status_slot` (whether this page carries the banner's slot)
    and `background_problems`, both read only if the page shows them (fragments do not)."""
    user = getattr(request, "user", None)
    slot = SimpleLazyObject(lambda: sees_background_status(user))
    return {
        "background_status_slot": slot,
        "background_status_poll_s": settings.BACKGROUND_STATUS_POLL_S,
        "background_problems": SimpleLazyObject(lambda: background_problems() if slot else []),
    }


@never_cache
@require_safe
def background_status_fragment(request: HttpRequest) -> HttpResponse:
    """The banner's slot again, for its own poll."""
    return render(request, "includes/background_status.html", background_status(request))
