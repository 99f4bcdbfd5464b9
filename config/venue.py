"""The address players use at the venue, and its QR code (the projector and the printouts).

`make run LAN=1` serves the venue's network and sets VENUE_URL to the laptop's address there
(accounts/management/commands/run_embedded.py): a QR code scanned by a phone must open that
address, not the 127.0.0.1 the projector's own browser uses."""

from urllib.parse import urljoin

import segno
from django.conf import settings
from django.http import HttpRequest


def public_url(request: HttpRequest, path: str) -> str:
    """The absolute URL of `path` as the players reach it: on the venue's address when the app
    serves one, else on the address of this request."""
    if settings.VENUE_URL:
        return urljoin(settings.VENUE_URL, path)
    return request.build_absolute_uri(path)


def qr_svg(url: str, *, scale: int = 4) -> str:
    """The URL as an inline SVG QR code (sized by CSS)."""
    return segno.make(url, error="m").svg_inline(scale=scale, omitsize=True)
