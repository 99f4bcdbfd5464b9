"""Project-wide pages: the health check and the error pages (the home page is `home`)."""

import logging
import sys
import threading
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from config.errors import error_body

logger = logging.getLogger(__name__)


# What a dropped or refused database connection raises (Django's wrappers of the driver's).
DATABASE_ERRORS = (OperationalError, InterfaceError)
DATABASE_UNAVAILABLE = (
    "The database did not answer; nothing was changed. Try again in a few seconds."
)


def database_status() -> str:
    """'ok' when a query runs, else 'down'. A kept connection the database dropped (a restart,
    a failover, a proxy's idle timeout) is opened anew once before the answer is 'down'."""
    for attempt in (1, 2):
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
            return "ok"
        except Exception:
            if attempt == 1 and not connection.in_atomic_block:
                connection.close()
                continue
            logger.exception("health check: database down")
    return "down"


_broker_connection = None  # (broker URL, kombu Connection), reused by every health check
_broker_lock = threading.Lock()
_redis_client = None  # (broker URL, redis.Redis) for a Redis broker, reused by every check
BROKER_TIMEOUT_S = 2


def broker_status() -> str:
    """'ok' when the Celery broker answers within two seconds, else 'down'.

    One connection per process, kept between checks (a poll every few seconds used to open a
    new Redis connection each time). A Redis broker is asked with a PING on that connection:
    kombu's `ensure_connection` does not touch a connection it has already made, so it would
    go on saying 'ok' after Redis went away. Other brokers (the embedded SQLite one) are
    checked by connecting; a failed check drops the connection and the next opens it anew."""
    from config.celery import app  # here: only the health check needs Celery in a web process

    url = app.conf.broker_url
    with _broker_lock:
        try:
            if url.startswith(("redis://", "rediss://")):
                _redis(url).ping()
            else:
                _kombu(url).ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_S)
            return "ok"
        except Exception:
            logger.warning("health check: broker down", exc_info=True)
            _drop_broker_connections()
            return "down"


def _redis(url: str):
    global _redis_client
    if _redis_client is not None and _redis_client[0] != url:
        _drop_broker_connections()  # the settings changed: connect anew
    if _redis_client is None:
        import redis

        client = redis.Redis.from_url(
            url, socket_timeout=BROKER_TIMEOUT_S, socket_connect_timeout=BROKER_TIMEOUT_S
        )
        _redis_client = (url, client)
    return _redis_client[1]


def _kombu(url: str):
    global _broker_connection
    from config.celery import app  # here: only the health check needs Celery in a web process

    if _broker_connection is not None and _broker_connection[0] != url:
        _drop_broker_connections()  # the settings changed: connect anew
    if _broker_connection is None:
        _broker_connection = (url, app.connection_for_write())
    return _broker_connection[1]


def _drop_broker_connections() -> None:
    global _broker_connection, _redis_client
    if _broker_connection is not None:
        _broker_connection[1].release()
    if _redis_client is not None:
        _redis_client[1].close()
    _broker_connection = _redis_client = None


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """The health check, always in JSON (a probe reads it): an error while it looks answers
    503 with the reason, never an HTML error page."""
    try:
        return _health(request)
    except Exception as error:
        logger.exception("health check failed")
        reason = "database down" if isinstance(error, DATABASE_ERRORS) else "health check failed"
        return JsonResponse({"status": "down", "reasons": [reason]}, status=503)


def _health(request: HttpRequest) -> JsonResponse:
    """The database's, broker's, worker's and scheduler's status. 503, with the reasons, when
    the database is down or the worker or scheduler is silent (HEALTHZ_SILENT_AFTER_S): then
    no deadline, pick timer or bot move runs. A broker outage alone stays 200: the web app
    still serves, and the worker catches up when the broker returns."""
    database = database_status()
    body: dict[str, Any] = {
        "database": database,
        "broker": broker_status(),
        "broker_kind": "embedded" if settings.EMBEDDED_BROKER else "redis",
    }
    reasons = [] if database == "ok" else ["database down"]
    web_only = request.GET.get("scope") == "web"  # the web container's own health check
    if settings.HEALTHZ_HEARTBEATS and database == "ok" and not web_only:
        from config.heartbeats.beats import liveness  # here: it reads a model (apps loaded)

        for name, state in liveness().items():
            body[name] = state.as_dict()
            if not state.alive:
                reasons.append(state.reason)
    body = {"status": "down" if reasons else "ok", **body}
    if reasons:
        body["reasons"] = reasons
    return JsonResponse(body, status=503 if reasons else 200)


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def not_found(request: HttpRequest, exception=None) -> HttpResponse:
    """JSON for the API, a page for people."""
    if is_api(request):
        return api_not_found(request)
    return render(request, "404.html", status=404)


@csrf_exempt
def api_not_found(request: HttpRequest) -> JsonResponse:
    """Any address under /api/ that no endpoint claims, in every mode (DEBUG too), in the one
    error shape. A missing trailing slash is named instead of redirected: a redirect would turn
    a POST into a GET and lose its body."""
    detail = "Nothing is at this address. Check the URL; the API is described at /api/docs/."
    with_slash = request.path + "/"
    if not request.path.endswith("/") and _resolves_to_an_endpoint(with_slash):
        detail = f"Nothing is at this address. Did you mean {with_slash} (with the slash)?"
    return JsonResponse(error_body(detail, "not_found"), status=404)


def _resolves_to_an_endpoint(path: str) -> bool:
    try:
        return resolve(path).func is not api_not_found
    except Resolver404:
        return False


def server_error(request: HttpRequest) -> HttpResponse:
    """A 500: JSON for the API, a page for people. The error itself is logged by Django. A
    database that did not answer is a 503 instead (config.middleware.RetryReadsOnDatabaseBlip
    asks once more for a read)."""
    if isinstance(sys.exc_info()[1], DATABASE_ERRORS):
        request.database_blip = True  # type: ignore[attr-defined]
        return database_unavailable(request)
    if is_api(request):
        detail = "Something went wrong on our side; nothing was changed. Try again later."
        return JsonResponse(error_body(detail, "server_error"), status=500)
    return render(request, "500.html", status=500)


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After: the error shape for the API, a plain page (no query: no context
    processors, no session) for people."""
    if is_api(request):
        body = error_body(DATABASE_UNAVAILABLE, "database_unavailable")
        response: HttpResponse = JsonResponse(body, status=503)
    else:
        page = render_to_string("503.html", {"detail": DATABASE_UNAVAILABLE})
        response = HttpResponse(page, status=503)
    response["Retry-After"] = "5"
    return response


def bad_request(request: HttpRequest, exception=None) -> HttpResponse:
    """A request Django refuses before any view (e.g. an unknown Host header, or a body over
    the upload limits, which get a message saying so)."""
    if is_api(request):
        detail, code = _refusal(exception)
        return JsonResponse(error_body(detail, code), status=400)
    return HttpResponse("Bad request.", status=400, content_type="text/plain")


def _refusal(exception) -> tuple[str, str]:
    if isinstance(exception, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return (
            f"The request body is too large (the limit is {limit:,} bytes); send less at once.",
            "too_large",
        )
    if isinstance(exception, TooManyFieldsSent | TooManyFilesSent):
        return ("The form has too many fields; send the data as JSON.", "too_many_fields")
    return "The request is malformed.", "bad_request"
