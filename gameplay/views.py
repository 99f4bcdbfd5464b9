"""The play pages: start a game against a bot, play it by clicking, watch others move (htmx)."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import select_template
from django.views.decorators.http import require_GET

import games
from config.errors import ServiceError
from config.forms_only import post_only_else_back_to
from gameplay import boards, selectors, services
from gameplay.engine import bots, registry


@require_GET
def game_list(request):
    """Recent games, and a form to start one against a bot."""
    return render(
        request,
        "gameplay/list.html",
        {
            "games": selectors.games_for_home(limit=30),
            "matches": selectors.matches_to_play(user=request.user),
            "rulesets": registry.all_rulesets(),
            "bots": sorted(bots.BOTS),
        },
    )


@login_required
@post_only_else_back_to("gameplay:list")
def game_new(request):
    """Start a game: the user in seat 1, the chosen bot in seat 2."""
    bot = request.POST.get("bot", "greedy")
    options = {}
    if request.POST.get("max_turns"):
        try:
            options["max_turns"] = int(request.POST["max_turns"])
        except ValueError:
            messages.error(request, "The turn limit must be a whole number.")
            return redirect("gameplay:list")
    try:
        game = services.game_create(
            ruleset=request.POST.get("ruleset", "combat"),
            seats=[{"user": request.user.pk}, {"bot": bot}],
            options=options,
            created_by=request.user,
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("gameplay:list")
    return redirect("gameplay:game", pk=game.pk)


@login_required
@post_only_else_back_to("tournaments:match")
def match_game_start(request, pk: int):
    """Start the next engine game of a tournament match and open it."""
    try:
        game = services.match_game_create(match_id=pk, by_user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("tournaments:match", pk=pk)
    return redirect("gameplay:game", pk=game.pk)


def _board(request, pk: int, *, error: str = "") -> dict:
    game = selectors.game_get(pk)
    if game is None:
        raise Http404("There is no such game.")
    detail = selectors.game_detail(game, request.user)
    names = {s["seat"]: s["username"] or f"{s['bot']} bot" for s in detail["seats"]}
    actions = [
        {
            "label": boards.action_label(game.ruleset, detail["view"], action, label, names),
            "value": json.dumps(action, sort_keys=True),
        }
        for action, label in zip(detail["legal_actions"], detail["action_labels"], strict=True)
    ]
    template = select_template(
        [f"gameplay/boards/{game.ruleset}.html", "gameplay/boards/generic.html"]
    )
    return {
        "game": game,
        "game_name": games.name_of(game.ruleset),
        "detail": detail,
        "names": names,
        "to_act": [names[s] for s in detail["to_act"]],
        "actions": actions,
        "board": boards.board_context(game.ruleset, detail["view"], names),
        "board_template": template.template.name,
        "view_json": json.dumps(detail["view"], indent=1, sort_keys=True),
        "winners": [names[s] for s in (detail["result"] or {}).get("winners", [])],
        "error": error,
    }


@require_GET
def game_page(request, pk: int):
    """The play page of a game (players see their hand; others the public view)."""
    return render(request, "gameplay/game.html", _board(request, pk))


@require_GET
def game_board(request, pk: int):
    """The board partial for htmx polling; 204 (no swap) while the version is unchanged."""
    context = _board(request, pk)
    if request.GET.get("version") == str(context["game"].version):
        return HttpResponse(status=204)
    return render(request, "gameplay/_board.html", context)


@login_required
@post_only_else_back_to("gameplay:game")
def game_action(request, pk: int):
    """Play the clicked action; answer with the new board (or the board and why not)."""
    error = ""
    try:
        action = json.loads(request.POST.get("action", ""))
        version = int(request.POST.get("version", ""))
        services.game_act(game_id=pk, user=request.user, action=action, expected_version=version)
    except (ValueError, json.JSONDecodeError):
        error = "That move could not be read; try again."
    except ServiceError as exc:
        error = exc.message
    if not request.headers.get("HX-Request"):
        if error:
            messages.error(request, error)
        return redirect("gameplay:game", pk=pk)
    return render(request, "gameplay/_board.html", _board(request, pk, error=error))
