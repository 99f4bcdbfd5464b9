"""The home page and the organizers' guide (the home page reads several apps, so it sits above
them all)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from decks.drafting.selectors import drafts_for_home, drafts_of_user
from decks.selectors import decks_registered_by
from gameplay.selectors import challenges_for, games_awaiting_move
from tournaments.reads.events import tournaments_for_home
from tournaments.reads.matches import next_matches_for_user


def home(request: HttpRequest) -> HttpResponse:
    """The signed-in user's own things first (next matches, games waiting for their move,
    drafts, registered decks), then recent tournaments and drafts."""
    user = request.user
    context = {
        "tournaments": tournaments_for_home(limit=10),
        "drafts": drafts_for_home(limit=10),
        "my_matches": next_matches_for_user(user=user),
        "my_games": games_awaiting_move(user=user),
        "my_challenges": challenges_for(user=user),
        "my_drafts": drafts_of_user(user=user),
        "my_decks": decks_registered_by(user=user),
    }
    return render(request, "home.html", context)


def getting_started(request: HttpRequest) -> HttpResponse:
    """A short guide for organizers: from creating an event to the trophy."""
    return render(request, "getting_started.html")
