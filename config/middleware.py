"""Middleware of the project."""

from config import views


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
