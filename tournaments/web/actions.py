"""The form posts of the event and match pages: each names an action, runs one service and
comes back with a message."""

from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from config.errors import ServiceError
from config.forms_only import post_only_else_back_to
from tournaments import services
from tournaments.models import Entry, Match, Tournament
from tournaments.templatetags.tournament_labels import plural
from tournaments.web.common import get_match, get_tournament
from tournaments.web.forms import MAX_INT, EntryForm


def _act(request: HttpRequest, action, success: str) -> None:
    """Run one service call for a form post and report the outcome as a message."""
    try:
        result = action()
    except ServiceError as exc:
        messages.error(request, exc.message)
        # The start refuses with each entry's deck problems; show them, not just a count.
        for entry in exc.data.get("entries", []):
            problems = "; ".join(problem["message"] for problem in entry.get("problems", []))
            messages.error(request, f"{entry.get('name', 'An entry')}: {problems}")
    else:
        messages.success(request, success(result) if callable(success) else success)


@post_only_else_back_to("tournaments:detail")
@login_required
def tournament_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Join, add an entry, start, cancel, or start a round (form posts from the detail page)."""
    tournament = get_tournament(pk)
    user, data = request.user, request.POST
    actions = {
        **_registration_actions(tournament, user, data),
        **_check_in_actions(tournament, user, data),
        **_event_actions(tournament, user, data),
    }
    if action not in actions:
        raise Http404("No such action.")
    call, success = actions[action]
    _act(request, call, success)
    if data.get("back") == "desk":
        return redirect(reverse("tournaments:detail", args=[pk]) + "#desk")
    return redirect("tournaments:detail", pk=pk)


def _registration_actions(tournament: Tournament, user, data) -> dict:
    """Entries before the start: join, add, paste, rename, seed, order, remove."""
    return {
        "join": (
            lambda: services.entry_add(tournament=tournament, by_user=user),
            lambda entry: (
                "The event is full: you are on the waitlist, and you will be told "
                "when a place opens."
                if entry.waitlisted
                else "You joined."
            ),
        ),
        "add-entry": (lambda: _add_entry(tournament, user, data), "Entry added."),
        "paste-entries": (
            lambda: services.entries_paste(
                tournament=tournament, by_user=user, text=data.get("text", "")
            ),
            "Entries added.",
        ),
        "rename-entry": (
            lambda: services.entry_update(
                entry=_entry_of(tournament, data), by_user=user, name=data.get("name", "")
            ),
            "Entry renamed.",
        ),
        "seed-entry": (
            lambda: services.entry_update(
                entry=_entry_of(tournament, data), by_user=user, seed=_int(data.get("seed"))
            ),
            "Seed changed.",
        ),
        "seed-order": (
            lambda: services.entries_seed_order(
                tournament=tournament, by_user=user, entry_ids=_ids(data.getlist("order"))
            ),
            "Seeds saved in the order shown.",
        ),
        "remove-entry": (
            lambda: services.entry_remove(entry=_entry_of(tournament, data), by_user=user),
            "Entry removed.",
        ),
    }


def _check_in_actions(tournament: Tournament, user, data) -> dict:
    """Check-in and drops: check in (or undo), drop who has not, drop an entry."""
    return {
        "check-in": (
            lambda: services.entry_check_in(entry=_entry_of(tournament, data), by_user=user),
            "Checked in.",
        ),
        "undo-check-in": (
            lambda: services.entry_check_in(
                entry=_entry_of(tournament, data), by_user=user, checked_in=False
            ),
            "Check-in undone.",
        ),
        "drop-unchecked": (
            lambda: _dropped_count(
                services.entries_drop_unchecked(tournament=tournament, by_user=user)
            ),
            lambda count: f"{plural(count, 'entry', 'entries')} dropped (not checked in).",
        ),
        "drop": (
            lambda: services.entry_drop(entry=_entry(tournament, data.get("entry")), by_user=user),
            "Entry dropped.",
        ),
        "entries-bulk": (
            lambda: services.entries_bulk(
                tournament=tournament,
                by_user=user,
                entry_ids=_ids(data.getlist("entry_ids"), "Select at least one entry first."),
                action=data.get("bulk_action", ""),
            ),
            lambda count: (
                f"{plural(count, 'entry', 'entries')} "
                + BULK_DONE.get(data.get("bulk_action", ""), "changed.")
            ),
        ),
    }


BULK_DONE = {"check-in": "checked in.", "drop": "dropped.", "remove": "removed."}


def _event_actions(tournament: Tournament, user, data) -> dict:
    """The event and its rounds: start, cancel, start a round, call time, extend."""
    return {
        "round-call-time": (
            lambda: services.round_clocks(
                tournament=tournament,
                number=_int(data.get("round")),
                by_user=user,
                call_time=True,
            ),
            "Time called on the round's running matches.",
        ),
        "round-extend": (
            lambda: services.round_clocks(
                tournament=tournament,
                number=_int(data.get("round")),
                by_user=user,
                minutes=_int(data.get("minutes")),
            ),
            "The round's running matches have more time.",
        ),
        "start": (
            lambda: services.tournament_start(tournament=tournament, by_user=user),
            "The tournament has started.",
        ),
        "cancel": (
            lambda: services.tournament_cancel(tournament=tournament, by_user=user),
            "The tournament is cancelled.",
        ),
        "start-round": (
            lambda: services.round_start(
                tournament=tournament, number=_int(data.get("round")), by_user=user
            ),
            "Round started.",
        ),
    }


def _dropped_count(count: int) -> int:
    if count == 0:
        raise ServiceError("Everyone has checked in; nobody was dropped.", code="nothing_to_drop")
    return count


def _ids(values: list[str], empty: str = "Send the entries in their new order.") -> list[int]:
    if not values:
        raise ServiceError(empty, code="invalid")
    if len(values) > 4096:
        raise ServiceError("Too many entries in one order.", code="too_large")
    return [_int(value) for value in values]


def _int(value) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ServiceError(f"{value!r} is not a number.", code="invalid") from None
    if abs(number) > MAX_INT:
        raise ServiceError(f"{value} is too large a number.", code="invalid")
    return number


def _entry(tournament: Tournament, entry_id) -> Entry:
    entry = tournament.entries.filter(pk=_int(entry_id)).first()
    if entry is None:
        raise ServiceError("No such entry.", code="entry_not_found")
    return entry


def _user_ids(usernames: str) -> list[int]:
    names = [n.strip() for n in usernames.replace(",", " ").split() if n.strip()]
    found = dict(get_user_model().objects.filter(username__in=names).values_list("username", "pk"))
    missing = [n for n in names if n not in found]
    if missing:
        raise ServiceError(f"No user named {', '.join(missing)}.", code="user_not_found")
    return [found[n] for n in names]


def _entry_of(tournament: Tournament, data) -> Entry:
    entry = tournament.entries.filter(pk=_int(data.get("entry"))).first()
    if entry is None:
        raise ServiceError("No such entry in this tournament.", code="entry_not_found")
    return entry


def _add_entry(tournament: Tournament, user, data) -> Entry:
    form = EntryForm(data)
    if not form.is_valid():
        raise ServiceError(_first_error(form), code="invalid")
    cleaned = form.cleaned_data
    username = cleaned["username"].strip()
    if not (username or cleaned["name"].strip() or cleaned["members"].strip()):
        # An empty form used to add whoever sent it (the organizer, say); joining is "Join".
        raise ServiceError(
            "Give the player's username, a guest name, or the team's members to add an entry.",
            code="invalid",
        )
    return services.entry_add(
        tournament=tournament,
        by_user=user,
        user_id=_user_ids(username)[0] if username else None,
        name=cleaned["name"],
        member_ids=_user_ids(cleaned["members"]),
        seed=cleaned["seed"],
    )


def _first_error(form: forms.Form) -> str:
    """The form's first error, named by its field's label: the message a redirect can carry."""
    field, errors = next(iter(form.errors.items()))
    label = form.fields[field].label or field.replace("_", " ").capitalize()
    return f"{label}: {errors[0]}"


@post_only_else_back_to("tournaments:match")
@login_required
def match_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Report, confirm, dispute, start, call time, enter time, decide, extend, forfeit."""
    match = get_match(pk)
    user, data = request.user, request.POST
    actions = _match_actions(match, user, data)
    if action not in actions:
        raise Http404("No such action.")
    call, success = actions[action]
    _act(request, call, success)
    if data.get("back") == "desk":  # a one-click action from the organizer's desk
        return redirect(reverse("tournaments:detail", args=[match.tournament_id]) + "#desk")
    return redirect("tournaments:match", pk=pk)


def _match_actions(match: Match, user, data) -> dict:
    """Each action of the match page: its service call and its message."""
    return {
        "report": (
            lambda: services.match_result_report(
                match=match,
                by_user=user,
                games=_games(data, match.tournament.best_of),
                as_organizer=bool(data.get("as_organizer")),
                draw=bool(data.get("draw")),
            ),
            "Result reported.",
        ),
        "confirm": (
            lambda: services.match_result_confirm(match=match, by_user=user),
            "Result confirmed.",
        ),
        "dispute": (
            lambda: services.match_result_dispute(match=match, by_user=user),
            "Result disputed; the organizer will decide.",
        ),
        "start": (lambda: services.match_start(match=match, by_user=user), "Clock started."),
        "call-time": (
            lambda: services.match_time_call(match=match, by_user=user, **_time(data)),
            "Time called.",
        ),
        "time": (
            lambda: services.match_time_enter(match=match, by_user=user, **_entered_time(data)),
            "Life totals entered.",
        ),
        "decide": (
            lambda: services.match_decide(
                match=match,
                by_user=user,
                winner_id=None if data.get("winner") == "draw" else _int(data.get("winner")),
                draw=data.get("winner") == "draw",
            ),
            "Draw recorded." if data.get("winner") == "draw" else "Winner set.",
        ),
        "extend": (
            lambda: services.match_time_extend(
                match=match, by_user=user, minutes=_int(data.get("minutes"))
            ),
            "Time extended.",
        ),
        "forfeit": (
            lambda: services.match_forfeit(
                match=match, by_user=user, entry_id=_int(data.get("entry"))
            ),
            "Forfeit recorded.",
        ),
    }


def _games(data, best_of: int) -> list[dict]:
    """The games a report form gives: per game ("Game 1 winner"), or as a score ("2-1": each
    entry's game wins, in the score_<entry> fields) when no game is named one by one."""
    games = _games_by_game(data, best_of)
    if games:
        return games
    wins = {
        _int(key.removeprefix("score_")): _int(value)
        for key, value in data.items()
        if key.startswith("score_") and str(value).strip()
    }
    if any(n < 0 or n > best_of for n in wins.values()):
        raise ServiceError(f"A score counts 0 to {best_of} games for each player.", code="invalid")
    # the loser's wins first, the winner's last: the order only numbers the games
    order = sorted(wins, key=lambda entry: wins[entry])
    return [
        {"winner": entry, "life": {}, "first_damage": None}
        for entry in order
        for _ in range(wins[entry])
    ]


def _games_by_game(data, best_of: int) -> list[dict]:
    games: list[dict[str, Any]] = []
    for number in range(1, best_of + 1):
        winner = data.get(f"game{number}")
        if winner:
            # "drawn": a drawn game, no winner (only a report of a drawn match accepts one)
            winner = None if winner == "drawn" else _int(winner)
            games.append({"winner": winner, "life": {}, "first_damage": None})
    return games


def _entered_time(data) -> dict:
    """The time form's facts; blank life fields count only when "no game was in progress" is
    ticked (a forgotten field used to let the match fall to the organizer's decision)."""
    facts = _time(data)
    if not facts["life"] and not data.get("no_game"):
        raise ServiceError(
            'Enter each player\'s life total, or tick "No game was in progress at time".',
            code="invalid_life",
        )
    return facts


def _time(data) -> dict:
    """Life totals from the time form: `life_<entry>`, or `life_<entry>_<player>` per player of
    an alliance (a list the service adds up)."""
    life: dict[int, int | list[int]] = {}
    for key, value in data.items():
        if not key.startswith("life_") or value == "":
            continue
        entry, _sep, player = key.removeprefix("life_").partition("_")
        if player:
            cast(list[int], life.setdefault(_int(entry), [])).append(_int(value))
        else:
            life[_int(entry)] = _int(value)
    first = data.get("first_damage")
    finished = [data.get(f"done{n}") for n in range(1, 5)]
    games = [{"winner": _int(w)} for w in finished if w]
    return {"life": life, "first_damage": _int(first) if first else None, "games": games or None}
