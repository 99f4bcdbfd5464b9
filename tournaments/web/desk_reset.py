"""The organizer's desk helps a player who forgot their password (and has no email on their
account): it shows a one-time link, as a QR code, that the player opens on their own phone to
choose a new password. The organizer never learns it; the player is told that the link was
made, by whom, so a link they did not ask for does not go unnoticed (SECURITY.md)."""

import logging

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET

from accounts.models import User
from accounts.notifications import notify
from accounts.services import desk_reset_path
from config.errors import NotAllowed, ServiceError
from config.forms_only import post_only_else_back_to
from tournaments.models import EntryMember, Tournament
from tournaments.services.common import require_organizer

logger = logging.getLogger(__name__)
AT_THE_DESK = (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING)


def desk_players(*, tournament: Tournament) -> list[EntryMember]:
    """The event's players with an account, by name (one query)."""
    return list(
        EntryMember.objects.filter(tournament=tournament, user__is_active=True)
        .select_related("user", "entry")
        .order_by("user__username")
    )


def desk_reset_link_make(*, tournament: Tournament, user_id: int, by_user) -> tuple[User, str]:
    """A one-time password link for a player of the event, made by its organizer while the
    event takes entries or runs; the player is told. Returns the player and the link's path."""
    require_organizer(tournament=tournament, user=by_user, action="make a password link")
    if tournament.status not in AT_THE_DESK:
        raise ServiceError(
            "Password links are made at the desk while the event takes entries or runs.",
            code="event_not_open",
        )
    member = (
        EntryMember.objects.filter(tournament=tournament, user_id=user_id)
        .select_related("user")
        .first()
    )
    if member is None:
        raise NotAllowed("That player is not in this event.", code="not_in_event")
    player = member.user
    path = desk_reset_path(user=player)
    notify(
        user_ids=[player.pk],
        text=f"{by_user.username}, organizer of {tournament.name}, made a one-time link to set "
        f"a new password for your account at {timezone.localtime():%H:%M}. Not you at the "
        "desk? Change your password and tell the event's organizer.",
        url="/account/",
    )
    logger.info("desk password link for user %s by %s", player.pk, by_user.pk)
    return player, path


@login_required
@require_GET
def desk_reset_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's players, each with a button that makes their link (organizer only)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    try:
        require_organizer(tournament=tournament, user=request.user, action="help players here")
    except NotAllowed as error:
        raise PermissionDenied(error.message) from None
    context = {"tournament": tournament, "players": desk_players(tournament=tournament)}
    return render(request, "tournaments/desk_reset.html", context)


@post_only_else_back_to("tournaments:desk-reset")
@login_required
def desk_reset_make(request: HttpRequest, pk: int, user_id: int) -> HttpResponse:
    """Make the link and show it once, as a QR code and as text."""
    tournament = get_object_or_404(Tournament, pk=pk)
    try:
        player, path = desk_reset_link_make(
            tournament=tournament, user_id=user_id, by_user=request.user
        )
    except NotAllowed as error:
        raise PermissionDenied(error.message) from None
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("tournaments:desk-reset", pk=pk)
    url = request.build_absolute_uri(path)
    context = {
        "tournament": tournament,
        "player": player,
        "url": url,
        "qr": segno.make(url, error="m").svg_inline(scale=4, omitsize=True),
    }
    response = render(request, "tournaments/desk_reset_link.html", context)
    response["Cache-Control"] = "no-store"  # the link is shown once, never kept in a cache
    return response
