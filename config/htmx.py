"""The request type of pages that answer htmx's requests (django-htmx's middleware adds
`request.htmx`), for the type checker: `def page(request: HtmxHttpRequest)`."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails
