"""The leagues pages: the list, the create and edit forms, a league's leaderboard with its
events and season, and a player's history."""

from collections.abc import Iterable

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET

import games
from config.errors import NotAllowed, NotFound, ServiceError
from config.forms_only import post_only_else_back_to
from leagues import selectors, services
from leagues.models import League
from tournaments.models import GameSlug, Tournament


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%d")


class LeagueForm(forms.Form):
    name = forms.CharField(max_length=120, help_text='Say the season: "Spring 2027 league".')
    game = forms.ChoiceField(choices=GameSlug.choices, initial=games.default().slug)
    score_by = forms.ChoiceField(choices=League.ScoreBy.choices, label="Scoring")
    placement_points = forms.CharField(
        initial="10, 8, 6, 5, 4, 3, 2, 1",
        label="Points per placement",
        help_text="1st place first, separated by commas; later places score 0.",
    )
    points_per_win = forms.IntegerField(min_value=0, max_value=100, initial=3)
    counted_events = forms.IntegerField(
        min_value=1,
        required=False,
        label="Events that count (best N)",
        help_text="Each player's best N events count; empty: all of them.",
    )
    planned_events = forms.IntegerField(
        min_value=1, required=False, label="Events in the season (M)"
    )
    starts_on = forms.DateField(
        label="Season starts",
        widget=DateInput,
        initial=timezone.localdate,
        help_text="Events that start from this day on count.",
    )
    ends_on = forms.DateField(
        label="Season ends",
        widget=DateInput,
        required=False,
        help_text="Events that start up to this day count; empty: no end set yet.",
    )
    description = forms.CharField(
        max_length=2000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Where and when you play, prizes, anything players should know.",
    )

    def clean_placement_points(self) -> list[int]:
        text = self.cleaned_data["placement_points"]
        try:
            points = [int(part) for part in text.replace(" ", "").split(",") if part]
        except ValueError:
            raise forms.ValidationError("Write whole numbers separated by commas.") from None
        return points


class LeagueEditForm(LeagueForm):
    """The settings an organizer changes after the start (the game stays: its events are of
    it)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["game"]


class NextSeasonForm(forms.Form):
    name = forms.CharField(max_length=120, label="Next season's name")
    starts_on = forms.DateField(label="It starts", widget=DateInput)
    ends_on = forms.DateField(label="It ends", widget=DateInput, required=False)


def _league(pk: int) -> League:
    try:
        return selectors.league_get(league_id=pk)
    except NotFound:
        raise Http404("No such league.") from None


@require_GET
def league_list(request: HttpRequest) -> HttpResponse:
    return render(request, "leagues/list.html", {"leagues": selectors.league_list()})


@login_required
def league_new(request: HttpRequest) -> HttpResponse:
    """The create form; the creator runs the league."""
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = services.league_create(organizer=request.user, **form.cleaned_data)
        except ServiceError as exc:
            exc.add_to_form(form)
        else:
            messages.success(request, f"{league.name} is set up: add its events.")
            return redirect("leagues:detail", pk=league.pk)
    return render(request, "leagues/new.html", {"form": form})


def _is_organizer(request: HttpRequest, league: League) -> bool:
    user = request.user
    return user.is_authenticated and (user.is_staff or user.pk == league.organizer_id)


@login_required
def league_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The organizer's settings form (name, description, scoring, best N of M, season dates)
    and the next season's form."""
    league = _league(pk)
    if not _is_organizer(request, league):
        raise PermissionDenied("Only the league's organizer can edit it.")
    current = {field: getattr(league, field) for field in services.SETTINGS}
    current["placement_points"] = ", ".join(str(p) for p in league.placement_points)
    form = LeagueEditForm(request.POST or None, initial=current)
    if request.method == "POST" and form.is_valid():
        try:
            services.league_update(league=league, by_user=request.user, **form.cleaned_data)
        except ServiceError as exc:
            exc.add_to_form(form)
        else:
            messages.success(request, "League settings saved; the leaderboard follows them.")
            return redirect("leagues:detail", pk=league.pk)
    context = {
        "league": league,
        "form": form,
        "next_season": selectors.next_season(league=league),
        "season_form": NextSeasonForm(),
    }
    return render(request, "leagues/edit.html", context)


@require_GET
def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The season leaderboard, the events, and (for the organizer) adding events."""
    league = _league(pk)
    board = selectors.leaderboard_get(league=league)
    organizer = _is_organizer(request, league)
    addable: Iterable[Tournament] = []
    if organizer:
        addable = Tournament.objects.filter(
            organizer_id=request.user.pk, game=league.game, league_event__isnull=True
        ).exclude(status=Tournament.Status.CANCELLED)[:100]
    for line in board["lines"]:
        # one string per line: thousands of cells (128 players x 50 events) as template tags
        # took seconds to render
        line["events_text"] = " · ".join(_cell(e) for e in line["by_event"])
    context = {
        "league": league,
        "board": board,
        "is_organizer": organizer,
        "addable": addable,
        "next_season": selectors.next_season(league=league),
    }
    return render(request, "leagues/detail.html", context)


def _cell(event: dict) -> str:
    """An event's points on a leaderboard line: "10", "(6)" when not among the best, an
    en dash when not played."""
    if event["points"] is None:
        return "\u2013"
    return str(event["points"]) if event["counted"] else f"({event['points']})"


@post_only_else_back_to("leagues:detail")
@login_required
def league_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """The organizer adds an event to the league or takes one out, or starts its next
    season."""
    league = _league(pk)
    if action == "next-season":
        return _next_season(request, league)
    value = request.POST.get("tournament", "")
    tournament_id = int(value) if value.isdigit() and len(value) < 18 else 0
    try:
        if action == "add-event":
            services.league_event_add(
                league=league, by_user=request.user, tournament_id=tournament_id
            )
            messages.success(request, "Event added to the league.")
        elif action == "remove-event":
            services.league_event_remove(
                league=league, by_user=request.user, tournament_id=tournament_id
            )
            messages.success(request, "Event taken out of the league.")
        else:
            raise Http404("No such action.")
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("leagues:detail", pk=league.pk)


def _next_season(request: HttpRequest, league: League) -> HttpResponse:
    form = NextSeasonForm(request.POST)
    if not form.is_valid():
        problems = [
            f"{form.fields[f].label}: {' '.join(map(str, e))}" for f, e in form.errors.items()
        ]
        messages.error(request, "The next season was not started. " + " ".join(problems))
        return redirect("leagues:edit", pk=league.pk)
    try:
        season = services.league_next_season(
            league=league, by_user=request.user, **form.cleaned_data
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        if isinstance(exc, NotAllowed):
            return redirect("leagues:detail", pk=league.pk)
        return redirect("leagues:edit", pk=league.pk)
    messages.success(request, f"{season.name} is set up: add its events.")
    return redirect("leagues:detail", pk=season.pk)


@require_GET
def player_history(request: HttpRequest, username: str) -> HttpResponse:
    """Every event the player entered: result, league and deck registered."""
    try:
        player, history = selectors.player_history(username=username)
    except NotFound:
        raise Http404("No such player.") from None
    return render(request, "leagues/history.html", {"player": player, "history": history})
