"""Project-wide pages: the home page, the health check and the 404 page."""

import logging

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.errors import error_body
from decks.drafting.selectors import drafts_for_home
from tournaments.selectors import tournaments_for_home

logger = logging.getLogger(__name__)


def home(request: HttpRequest) -> HttpResponse:
    """Recent tournaments and drafts."""
    context = {
        "tournaments": tournaments_for_home(limit=10),
        "drafts": drafts_for_home(limit=10),
    }
    return render(request, "home.html", context)


def database_status() -> str:
    """'ok' when a query runs, else 'down'."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return "ok"
    except Exception:
        logger.exception("health check: database down")
        return "down"


def broker_status() -> str:
    """'ok' when the Celery broker accepts a connection within two seconds, else 'down'."""
    from config.celery import app

    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        return "ok"
    except Exception:
        logger.warning("health check: broker down", exc_info=True)
        return "down"


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 with the database's and broker's status; 503 when the database is down."""
    database = database_status()
    body = {
        "status": "ok" if database == "ok" else "down",
        "database": database,
        "broker": broker_status(),
        "broker_kind": "embedded" if settings.EMBEDDED_BROKER else "redis",
    }
    return JsonResponse(body, status=200 if database == "ok" else 503)


def not_found(request: HttpRequest, exception=None) -> HttpResponse:
    """JSON for the API, a page for people."""
    if request.path.startswith("/api/"):
        body = error_body("Nothing is at this address. Check the URL.", "not_found")
        return JsonResponse(body, status=404)
    return render(request, "404.html", status=404)
