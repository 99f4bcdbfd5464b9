"""Password guessing, bounded by django-axes for the log-in page and the API token endpoint
alike (SECURITY.md, "Log-in"): failed log-ins are counted per (username, address) and per
address, never per username alone, so nobody can lock a chosen player out by failing on
purpose from elsewhere: the right password from another address still works.

django-axes takes one failure limit, compared with the larger of its counts (the address's,
which includes every pair's); `failure_limit` makes that one limit say "the pair's limit if
this pair reached it, else the address's". The settings name this module's callables.
"""

from __future__ import annotations

import math
from typing import Any, cast

from axes.attempts import get_cool_off_threshold
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from rest_framework.throttling import BaseThrottle

from config.errors import error_body


def client_address(request: HttpRequest) -> str:
    """The client address the throttles use: the peer's, or the one the last trusted proxy
    appended (TRUSTED_PROXY_COUNT); a client-written X-Forwarded-For is never trusted."""
    # DRF's get_ident reads only request.META, which a Django request has too
    return BaseThrottle().get_ident(cast(Any, request)) or "unknown"


def username_of(request: HttpRequest, credentials: dict | None) -> str:
    """The username as log-in matches it: without case (`Bob` and `bob` are one account)."""
    raw = (credentials or {}).get("username")
    if raw is None:
        raw = request.POST.get("username", "") if hasattr(request, "POST") else ""
    return str(raw or "").strip().casefold()[:150]


def _pair_failures(request: HttpRequest, credentials: dict | None) -> int:
    """This username's recent failures from this address (one query)."""
    attempts = AccessAttempt.objects.filter(
        username=get_client_username(request, credentials),
        ip_address=getattr(request, "axes_ip_address", None),
        attempt_time__gte=get_cool_off_threshold(request),
    )
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0


def failure_limit(request: HttpRequest, credentials: dict | None) -> int:
    """The one limit django-axes compares with the address's failures (see the module)."""
    per_pair = settings.LOGIN_FAILURES_PER_USERNAME_AND_ADDRESS
    if _pair_failures(request, credentials) >= per_pair:
        return per_pair  # the address has at least as many: locked for this username here
    return settings.LOGIN_FAILURES_PER_ADDRESS


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: dict | None
) -> HttpResponse:
    """429 with how long to wait: the API's error shape, or the log-in page with the reason."""
    cool_off = get_cool_off(request)
    seconds = max(1, math.ceil(cool_off.total_seconds())) if cool_off else 60
    minutes = max(1, round(seconds / 60))
    message = (
        f"Too many failed log-ins for this account from your address. Wait {minutes} "
        "minutes, then try again (or reset your password)."
    )
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            error_body(message, "too_many_failures", {"password": [message]}), status=429
        )
    else:
        # the log-in form again, with the username kept and the reason above it
        form = AuthenticationForm(request, data={"username": username_of(request, credentials)})
        form.errors.clear()
        form.add_error(None, message)
        response = render(request, "accounts/login.html", {"form": form}, status=429)
    response["Retry-After"] = str(seconds)
    return response
