"""The organizer's edit page of an event's details: name, date, venue, description, cap,
registration hours, visibility, decklists."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from config.errors import ServiceError
from tournaments import services
from tournaments.services.common import is_organizer
from tournaments.web.common import get_tournament
from tournaments.web.forms import EventDetailsForm


@login_required
def tournament_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The details form, filled with the event's values (times on its own clock)."""
    tournament = get_tournament(pk)
    if not is_organizer(tournament=tournament, user=request.user):
        raise PermissionDenied("Only the organizer edits the event.")
    form = EventDetailsForm(request.POST or None, initial=EventDetailsForm.initial_of(tournament))
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_update(
                tournament=tournament,
                by_user=request.user,
                name=form.cleaned_data["name"],
                announcement=form.announcement(),
            )
        except ServiceError as exc:
            exc.add_to_form(form)
        else:
            messages.success(request, "The event's details are saved.")
            return redirect("tournaments:detail", pk=pk)
    return render(request, "tournaments/edit.html", {"form": form, "tournament": tournament})
