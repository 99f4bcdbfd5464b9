"""The leagues pages: the list, the create form, a league's leaderboard with its events, and a
player's history."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from config.errors import NotFound, ServiceError
from config.forms_only import post_only_else_back_to
from leagues import selectors, services
from leagues.models import League
from tournaments.models import GameSlug, Tournament


class LeagueForm(forms.Form):
    name = forms.CharField(max_length=120, help_text='Say the season: "Spring 2027 league".')
    game = forms.ChoiceField(choices=GameSlug.choices, initial=GameSlug.COMBAT)
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

    def clean_placement_points(self) -> list[int]:
        text = self.cleaned_data["placement_points"]
        try:
            points = [int(part) for part in text.replace(" ", "").split(",") if part]
        except ValueError:
            raise forms.ValidationError("Write whole numbers separated by commas.") from None
        return points


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
            for field, problems in exc.errors.items():
                for problem in problems:
                    form.add_error(field if field in form.fields else None, problem)
        else:
            messages.success(request, f"{league.name} is set up: add its events.")
            return redirect("leagues:detail", pk=league.pk)
    return render(request, "leagues/new.html", {"form": form})


@require_GET
def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The season leaderboard, the events, and (for the organizer) adding events."""
    league = _league(pk)
    board = selectors.leaderboard_get(league=league)
    organizer = request.user.is_authenticated and (
        request.user.is_staff or request.user.pk == league.organizer_id
    )
    addable = []
    if organizer:
        addable = Tournament.objects.filter(
            organizer=request.user, game=league.game, league_event__isnull=True
        ).exclude(status=Tournament.Status.CANCELLED)[:100]
    for line in board["lines"]:
        # one string per line: thousands of cells (128 players x 50 events) as template tags
        # took seconds to render
        line["events_text"] = " · ".join(_cell(e) for e in line["by_event"])
    context = {"league": league, "board": board, "is_organizer": organizer, "addable": addable}
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
    """The organizer adds an event to the league or takes one out."""
    league = _league(pk)
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


@require_GET
def player_history(request: HttpRequest, username: str) -> HttpResponse:
    """Every event the player entered: result, league and deck registered."""
    try:
        player, history = selectors.player_history(username=username)
    except NotFound:
        raise Http404("No such player.") from None
    return render(request, "leagues/history.html", {"player": player, "history": history})
