"""The app's URLs and the bare view it is compared with."""

from django.http import HttpResponse
from django.urls import include, path


def bare(request):
    """The bare Django view: the same middleware, no query, a fixed body."""
    return HttpResponse("ok")


urlpatterns = [path("bench/bare/", bare), path("", include("config.urls"))]
