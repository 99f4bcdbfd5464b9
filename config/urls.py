"""The project's URLs. Each app owns `<app>/api_urls.py` (under /api/) and `<app>/urls.py`."""

import importlib.util

from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config import views
from config.apps import PROJECT_APPS

# The apps with pages and resources: every project app that owns an api_urls module.
APPS = [app for app in PROJECT_APPS if importlib.util.find_spec(f"{app}.api_urls")]

urlpatterns = [
    path("", include("home.urls")),
    path("healthz", views.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
    *[path("api/", include(f"{app}.api_urls")) for app in APPS],
    re_path(r"^api/", views.api_not_found),
    *[path("", include(f"{app}.urls")) for app in APPS],
]

handler400 = "config.views.bad_request"
handler404 = "config.views.not_found"
handler500 = "config.views.server_error"
