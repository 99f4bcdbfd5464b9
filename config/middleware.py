"""Middleware of the project."""

import logging

from django.db import connections

from config import views

logger = logging.getLogger(__name__)
READ_ONLY_METHODS = {"GET", "HEAD", "OPTIONS"}


class HealthCheckMiddleware:
    """Answers GET /healthz before host validation and the HTTPS redirect.

    Container probes and load balancers ask by IP (Host: 127.0.0.1:8000), which
    ALLOWED_HOSTS rightly refuses for every other page; the health check reveals nothing
    that depends on the host, so it answers whatever the Host header says."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path == "/healthz" and request.method in {"GET", "HEAD"}:
            return views.healthz(request)
        return self.get_response(request)


class RetryReadsOnDatabaseBlip:
    """Asks once more when a read-only request failed because the database dropped its
    connection (a restart, a failover, a killed backend): the second try opens a new one.

    Where the error came from (a view, a middleware, a template) does not matter: the 500
    handler marks the request and answers 503 (config.views.server_error); this middleware,
    outside every other, sees the mark and runs the request again. Writes are not retried
    (their first try may have committed); they keep the 503, which says nothing was changed."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if getattr(request, "database_blip", False) and request.method in READ_ONLY_METHODS:
            logger.warning("database connection dropped; retrying %s once", request.path)
            request.database_blip = False
            for alias in connections:
                connections[alias].close()
            response = self.get_response(request)
        return response
