"""The home page: recent tournaments and drafts (it reads two apps, so it sits above both)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from decks.drafting.selectors import drafts_for_home
from tournaments.selectors import tournaments_for_home


def home(request: HttpRequest) -> HttpResponse:
    """Recent tournaments and drafts."""
    context = {
        "tournaments": tournaments_for_home(limit=10),
        "drafts": drafts_for_home(limit=10),
    }
    return render(request, "home.html", context)
