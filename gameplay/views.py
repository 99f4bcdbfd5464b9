"""The play pages: start a game against a bot, play it by clicking, watch others move (htmx)."""

from __future__ import annotations

import json
from datetime import timedelta

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string, select_template
from django.utils import timezone
from django.views.decorators.http import require_GET

import games
from config import live_streams
from config.errors import ServiceError, error_body
from config.forms_only import post_only_else_back_to
from config.parsers import TooDeep, loads_bounded
from gameplay import boards, selectors, services, table
from gameplay.engine import bots, core, registry


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
            "default_ruleset": games.default().slug,
            "bots": sorted(bots.BOTS),
        },
    )


@login_required
@post_only_else_back_to("gameplay:list")
def game_new(request):
    """Start a game: the user in seat 1, the chosen bot in seat 2."""
    bot = request.POST.get("bot", "greedy")
    try:
        game = services.game_create(
            ruleset=request.POST.get("ruleset", games.default().slug),
            seats=[{"user": request.user.pk}, {"bot": bot}],
            options=_turn_limit_options(request),
            created_by=request.user,
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("gameplay:list")
    return redirect("gameplay:game", pk=game.pk)


def _turn_limit_options(request) -> dict:
    """The game options of a new-game or lobby form: the turn limit, when one is given."""
    given = request.POST.get("max_turns")
    if not given:
        return {}
    try:
        return {"max_turns": int(given)}
    except ValueError:
        raise ServiceError(
            "The turn limit must be a whole number.", code="invalid_max_turns"
        ) from None


def _two_player_rulesets() -> list:
    return [r for r in registry.all_rulesets() if r.min_players <= 2 <= r.max_players]


TAKEN_FOLLOW_WINDOW = timedelta(minutes=10)


@require_GET
def lobby(request):
    """Play people: open seats to join (by game), challenges waiting for your answer, your own
    offers, and the forms to open a seat or challenge a player by name."""
    groups: dict[str, list] = {}
    for seat in selectors.open_seats():
        groups.setdefault(seat["game_name"], []).append(seat)
    return render(
        request,
        "gameplay/lobby.html",
        {
            "seat_groups": sorted(groups.items()),
            "challenges": selectors.challenges_for(user=request.user),
            "mine": selectors.invites_of(user=request.user),
            "my_games": selectors.games_running(user=request.user),
            # taken while this page showed them waiting: the page goes to the game
            "taken": selectors.invites_accepted_since(
                user=request.user, since=timezone.now() - TAKEN_FOLLOW_WINDOW
            ),
            "rulesets": _two_player_rulesets(),
            "default_ruleset": games.default().slug,
            "challenge_to": request.GET.get("challenge", "")[:150],
        },
    )


@login_required
@post_only_else_back_to("gameplay:lobby")
def invite_new(request):
    """Open a seat in the lobby or, with a username, challenge that player."""
    try:
        invite = services.invite_create(
            by_user=request.user,
            ruleset=request.POST.get("ruleset", games.default().slug),
            opponent_username=request.POST.get("opponent", ""),
            options=_turn_limit_options(request),
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("gameplay:lobby")
    name = games.name_of(invite.ruleset)
    if invite.opponent_id:
        who = invite.opponent.username
        messages.success(request, f"Challenge sent: {who} can accept it from their home page.")
    else:
        messages.success(request, f"Your {name} seat is open in the lobby.")
    return redirect("gameplay:lobby")


def _back(request):
    return redirect("home" if request.POST.get("back") == "home" else "gameplay:lobby")


@login_required
@post_only_else_back_to("gameplay:lobby")
def invite_accept(request, invite_id: int):
    """Join an open seat or accept a challenge, and open the game."""
    try:
        game = services.invite_accept(invite_id=invite_id, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return _back(request)
    return redirect("gameplay:game", pk=game.pk)


@login_required
@post_only_else_back_to("gameplay:lobby")
def invite_decline(request, invite_id: int):
    return _invite_answer(request, services.invite_decline, invite_id, "Challenge declined.")


@login_required
@post_only_else_back_to("gameplay:lobby")
def invite_cancel(request, invite_id: int):
    return _invite_answer(request, services.invite_cancel, invite_id, "Withdrawn.")


def _invite_answer(request, service, invite_id: int, done: str):
    """Decline or withdraw an invite through its service; the refusal's message otherwise."""
    try:
        service(invite_id=invite_id, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return _back(request)


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
    return _board_for(request.user, pk, error=error)


def _board_for(user, pk: int, *, error: str = "") -> dict:
    game = selectors.game_get(pk)
    if game is None:
        raise Http404("There is no such game.")
    detail = selectors.game_detail(game, user)
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
    clicks = table.build(
        game.ruleset, detail["view"], detail["legal_actions"], [a["label"] for a in actions], names
    )
    for move in clicks["bar"]:
        move["value"] = actions[move["i"]]["value"]
    return {
        **_players_and_result(game, detail, names, user),
        "table": clicks,
        "table_json": {k: clicks[k] for k in ("moves", "words", "hint", "then")},
        "offer_title": boards.offer_title(game.ruleset),
        "offer_faces": boards.offer_faces(game.ruleset, clicks["offer"]),
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
        # the board polls as the fallback of its live stream (static/js/live.js)
        "poll_s": getattr(settings, "GAME_BOARD_POLL_S", 2),
    }


def _players_and_result(game, detail, names: dict, user) -> dict:
    """Every player by name (whose move it is, which is you) and, once over, the result banner
    with its rematch and replay offers."""
    mine = {s["seat"] for s in detail["seats"] if user.is_authenticated and s["user"] == user.pk}
    players = [
        {
            "seat": seat,
            "name": name,
            "to_act": game.status != "finished" and seat in detail["to_act"],
            "you": seat in mine,
            "won": seat in (detail["result"] or {}).get("winners", []),
        }
        for seat, name in sorted(names.items())
    ]
    finished = game.status == "finished"
    rematch = selectors.rematch_of(game) if finished else None
    return {
        "players": players,
        "outcome": boards.result_words(game.ruleset, detail["result"], names),
        "can_rematch": finished and bool(mine) and game.match_id is None,
        "rematch_game": rematch,
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


@require_GET
@live_streams.view
async def game_live(request, pk: int):
    """The game's live stream (server-sent events): "now at version v" after each move. Anyone
    who may open the game page may listen. A player's notice shows nothing of the game (their
    board shows their hand: they fetch it); a spectator's carries the board every spectator
    sees, the same as the board's own refresh would bring, rendered once per move."""

    def opened() -> int | live_streams.Opened:
        found = selectors.game_version(pk)
        if found is None:
            raise Http404("There is no such game.")
        if selectors.is_seated(pk, request.user):
            return found
        return live_streams.Opened(found, show=lambda: spectator_board(pk))

    return await live_streams.stream(request, f"game-{pk}", opened)


def spectator_board(pk: int) -> tuple[int, str]:
    """The board as everyone without a seat sees it now: its version and HTML (the board
    view's answer to them)."""
    context = _board_for(AnonymousUser(), pk)
    return context["game"].version, render_to_string("gameplay/_board.html", context)


@login_required
@post_only_else_back_to("gameplay:game")
def game_action(request, pk: int):
    """Play the clicked action; answer with the new board (or the board and why not)."""
    error = ""
    try:
        action = loads_bounded(request.POST.get("action", ""))
        version = int(request.POST.get("version", ""))
        services.game_act(game_id=pk, user=request.user, action=action, expected_version=version)
    except TooDeep as exc:
        # no board offers such a move: a forged form, answered like the API's bad input
        return JsonResponse(error_body(str(exc), "malformed", {"action": [str(exc)]}), status=400)
    except (ValueError, json.JSONDecodeError):
        error = "That move could not be read; try again."
    except ServiceError as exc:
        error = exc.message
    if not request.headers.get("HX-Request"):
        if error:
            messages.error(request, error)
        return redirect("gameplay:game", pk=pk)
    return render(request, "gameplay/_board.html", _board(request, pk, error=error))


@login_required
@post_only_else_back_to("gameplay:game")
def game_rematch(request, pk: int):
    """Start (or open, when the other player already did) the rematch of a finished game."""
    try:
        game = services.game_rematch(game_id=pk, by_user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("gameplay:game", pk=pk)
    return redirect("gameplay:game", pk=game.pk)


@require_GET
def game_replay(request, pk: int):
    """A finished game replayed from its log to ?step=N (0 the deal), as a spectator saw it."""
    game = selectors.game_get(pk)
    if game is None:
        raise Http404("There is no such game.")
    if not selectors.may_read_log(game, request.user):
        messages.error(request, "The replay opens once the game is over.")
        return redirect("gameplay:game", pk=pk)
    total = len(game.actions)
    notice, raw = "", request.GET.get("step", "")
    try:
        step = int(raw) if raw != "" else total
    except ValueError:
        step, notice = 0, f"The step must be a whole number from 0 to {total}; showing the start."
    if not 0 <= step <= total:
        step = min(max(step, 0), total)
        notice = f"This game has {total} actions: choose a step from 0 to {total}. Showing {step}."
    seats = selectors.seats_of(game)
    names = {s.number: s.user.username if s.user else f"{s.bot} bot" for s in seats}
    try:
        at = selectors.replay_step(game, step)
    except core.EngineError as exc:
        messages.error(request, f"This game cannot be replayed: {exc}")
        return redirect("gameplay:game", pk=pk)
    detail = {"view": at["view"], "seat": None, "to_act": at["to_act"], "result": None}
    template = select_template(
        [f"gameplay/boards/{game.ruleset}.html", "gameplay/boards/generic.html"]
    )
    last = at["last"]
    return render(
        request,
        "gameplay/replay.html",
        {
            "game": game,
            "game_name": games.name_of(game.ruleset),
            "step": step,
            "total": total,
            "notice": notice,
            "steps": {
                "first": 0 if step > 0 else None,
                "previous": step - 1 if step > 0 else None,
                "next": step + 1 if step < total else None,
                "last": total if step < total else None,
            },
            "last_action": {
                "name": names.get(last["seat"], "?"),
                "words": boards.action_words(game.ruleset, last["words"], names),
            }
            if last
            else None,
            "to_act": [names[s] for s in at["to_act"] if s in names],
            "detail": detail,
            "names": names,
            "board": boards.board_context(game.ruleset, at["view"], names),
            "board_template": template.template.name,
            "view_json": json.dumps(at["view"], indent=1, sort_keys=True),
            "outcome": boards.result_words(game.ruleset, game.result, names),
        },
    )
