"""HTML pages of the tournaments app, calling the same services and selectors as the API."""

import re
import zlib

from csp.decorators import csp_replace
from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import mark_safe
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import require_GET

from config import live_streams
from config.errors import NotFound, ServiceError
from config.forms_only import post_only_else_back_to
from games import COMBAT, format_choices
from games import get as declared_game
from tournaments import freshness, selectors, services, swiss_selectors
from tournaments.brackets import AS_ONE_LIFE
from tournaments.models import Entry, GameSlug, Match, Tournament
from tournaments.services.common import is_organizer, user_entry
from tournaments.services.results import PLAYER_REPORTABLE
from tournaments.templatetags.tournament_labels import MINE_MARK, plural


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=120)
    game = forms.ChoiceField(choices=GameSlug.choices, initial=GameSlug.COMBAT)
    # Grouped under each game's name; static/js/app.js shows only the chosen game's group, and
    # the service refuses another game's format (games' declaration).
    deck_format = forms.ChoiceField(
        choices=format_choices(),
        initial=declared_game(COMBAT).default_format.slug,
        help_text="Each game has its own formats; off the top, standard and starter decks need "
        "no deck building.",
        widget=forms.Select(attrs={"data-groups-follow": "id_game"}),
    )
    entries_per_match = forms.TypedChoiceField(
        choices=[(2, "2"), (3, "3"), (4, "4")],
        coerce=int,
        initial=2,
        label="Entries per match",
        help_text="3 or 4 only in games for more than two (Combat, Kingdom Combat).",
    )
    team_size = forms.TypedChoiceField(
        choices=[(1, "1"), (2, "2"), (3, "3")],
        coerce=int,
        label="Players per entry",
        help_text="Teams (2 or 3 players) only in Combat, in four- and six-player games.",
    )
    team_mode = forms.ChoiceField(
        choices=Tournament.TeamMode.choices,
        help_text="For teams: in an alliance each player keeps their own life and the team "
        "loses when all are out; as one, the team shares one life total.",
    )
    best_of = forms.TypedChoiceField(
        choices=[("", "Default"), (1, "1"), (3, "3"), (5, "5")],
        coerce=int,
        required=False,
        empty_value=None,
        help_text="Games a match can last: best of 3 goes to the first to win 2. Default: 3 "
        "for two-player matches, 1 for three or four.",
    )
    time_limit_minutes = forms.IntegerField(min_value=0, initial=50, label="Time limit (minutes)")
    jokers = forms.BooleanField(required=False, label="Jokers in decks (Combat)")
    pairing = forms.ChoiceField(
        choices=Tournament.Pairing.choices,
        help_text="Single elimination only; a Swiss event pairs by record and its top cut is a "
        "fixed seeded bracket.",
    )
    seeding = forms.ChoiceField(choices=Tournament.Seeding.choices)
    structure = forms.ChoiceField(
        choices=Tournament.Structure.choices,
        required=False,
        initial=Tournament.Structure.ELIMINATION,
        label="Structure",
        help_text="Swiss: everyone plays every round, paired with entries of the same record; "
        "the best can then play a single-elimination top cut.",
    )
    swiss_rounds = forms.IntegerField(
        min_value=1,
        max_value=20,
        required=False,
        label="Swiss rounds",
        help_text="Empty: the usual number for the entries (5 rounds for 17 to 32).",
    )
    top_cut = forms.TypedChoiceField(
        choices=[(0, "No top cut"), (2, "Top 2"), (4, "Top 4"), (8, "Top 8"), (16, "Top 16")],
        coerce=int,
        initial=0,
        required=False,
        empty_value=0,
        label="Top cut (Swiss)",
        help_text="The best entries after the Swiss rounds play single elimination, seeded by "
        "their standing.",
    )

    def clean_structure(self) -> str:
        """A form posted without the field (an older page) makes an elimination event."""
        return self.cleaned_data.get("structure") or Tournament.Structure.ELIMINATION


def _tournament(pk: int) -> Tournament:
    try:
        return selectors.tournament_get(tournament_id=pk)
    except NotFound:
        raise Http404("No such tournament.") from None


def _match(pk: int):
    try:
        return selectors.match_get(match_id=pk)
    except NotFound:
        raise Http404("No such match.") from None


def tournament_list(request: HttpRequest) -> HttpResponse:
    """All tournaments, newest first."""
    tournaments = selectors.tournament_list()[:200]
    return render(request, "tournaments/list.html", {"tournaments": tournaments})


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    """The create form; the creator is the organizer."""
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(organizer=request.user, **form.cleaned_data)
        except ServiceError as exc:
            exc.add_to_form(form)
        else:
            messages.success(request, f"{tournament.name} is open for registration.")
            return redirect("tournaments:detail", pk=tournament.pk)
    return render(request, "tournaments/new.html", {"form": form})


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The event: settings, entries (in registration), the bracket, and controls.

    Once the event has started, a browser that shows the page as it is now gets a 304 from
    the version alone (the draft and sealed panels and the entry list it also shows change
    only in registration)."""
    state = freshness.version_or_404(pk, request)
    conditional = state.status != Tournament.Status.REGISTRATION
    tag = _page_tag("page", pk, state.version, request)
    if conditional and freshness.matches(request, tag) and not freshness.has_messages(request):
        return freshness.not_modified(tag)
    tournament = _tournament(pk)
    response = render(request, "tournaments/detail.html", _detail_context(request, tournament))
    if conditional:
        freshness.stamp(response, _page_tag("page", pk, tournament.version, request), per_user=True)
    return response


def _page_tag(kind: str, pk: int, version: int, request: HttpRequest) -> str:
    return freshness.etag(
        kind=kind, tournament_id=pk, version=version, user_id=request.user.pk or 0
    )


def _detail_context(request: HttpRequest, tournament: Tournament) -> dict:
    organizer = is_organizer(tournament=tournament, user=request.user)
    registering = tournament.status == Tournament.Status.REGISTRATION
    mine = selectors.entry_ids_of_user(tournament=tournament, user=request.user)
    # Only the organizer's controls and desk (and the champion line) read the bracket's data;
    # the bracket itself is shown from its render cached per version.
    bracket = SimpleLazyObject(lambda: selectors.bracket_cached(tournament=tournament))
    my_entry = (
        tournament.entries.filter(memberships__user=request.user).first()
        if request.user.is_authenticated and registering
        else None
    )
    return {
        "tournament": tournament,
        "is_organizer": organizer,
        "entries": selectors.entry_list(tournament=tournament) if registering else [],
        "entries_closed": registering and selectors.entries_closed_reason(tournament=tournament),
        "bracket": bracket,
        "bracket_html": bracket_html(tournament, mine, _region_param(request, tournament, mine)),
        "mine": mine,
        "desk": _desk(tournament, bracket) if organizer else None,
        "check_in": selectors.check_in_get(tournament=tournament) if registering else None,
        # "Start round N" is offered only where it would start something.
        "startable_rounds": [
            r["number"]
            for r in bracket["rounds"]
            if any(m["status"] == Match.Status.READY for m in r["matches"])
        ]
        if organizer
        else [],
        "my_matches": selectors.next_matches_for_user(
            user=request.user, tournament=tournament, limit=3, entry_ids=mine
        ),
        "joined": my_entry is not None,
        "my_entry": my_entry,
        "swiss": _swiss_panel(tournament, mine),
    }


def _swiss_panel(tournament: Tournament, mine: set[int]) -> dict | None:
    """A started Swiss event's round so far, the viewer's table in it, and its settings."""
    if not tournament.is_swiss or tournament.status == Tournament.Status.REGISTRATION:
        return None
    numbers = swiss_selectors.swiss_round_numbers(tournament=tournament)
    if not numbers:
        return None
    current = numbers[-1]
    tables = swiss_selectors.round_tables(tournament=tournament, number=current)
    in_cut = tournament.rounds.filter(number__gt=tournament.swiss_rounds or 0).exists()
    rows = []
    if tournament.status == Tournament.Status.FINISHED and not in_cut:
        rows = selectors.standings_cached(tournament=tournament)
    return {
        "numbers": numbers,
        "current": current,
        "my_tables": swiss_selectors.my_tables(tables, mine),
        "in_cut": in_cut,
        # no cut: the standings decide the event
        "winner": rows[0].entry.display_name if rows else "",
    }


MINE_MARKS = re.compile("\ue000(\\d+)\ue001([^\ue002]*)\ue002")
MATCH_CARDS = re.compile(r"<!--m(\d+)-->(.*?)<!--/m-->", re.S)
FINGERPRINT_SECONDS = 15 * 60  # how long a poll may name an older version and get a diff


def _region_render(tournament: Tournament, region: int) -> dict:
    """One region of the bracket rendered once for everyone per key of what it shows
    (`selectors.bracket_region_key`: a change in another region keeps it), with each match's
    card on its own (a live update sends only the cards that changed) and a slot for the
    poller of the version shown (`_with_poller`). The viewer's own matches are marked later
    (`_mark`). Http404 for a region the bracket does not have."""
    key = _region_key(tournament, region)

    def render_once() -> dict:
        bracket = selectors.bracket_region_get(tournament=tournament, region=region)
        context = {"tournament": tournament, "bracket": bracket, "mine": MINE_MARK}
        marked = render_to_string("tournaments/_bracket.html", {**context, "live_slot": LIVE_SLOT})
        cards = {int(m[1]): m[2] for m in MATCH_CARDS.finditer(marked)}
        fingerprints = {pk: zlib.crc32(card.encode()) for pk, card in cards.items()}
        cache.set(
            _fingerprint_key(tournament, region, key), fingerprints, timeout=FINGERPRINT_SECONDS
        )
        return {
            "marked": marked,
            "plain": MINE_MARKS.sub("", marked),
            "cards": cards,
            "fingerprints": fingerprints,
        }

    return selectors.cached_per_key(f"bracket-region-{region}", tournament, key, render_once)


def _region_key(tournament: Tournament, region: int) -> str:
    try:
        return selectors.bracket_region_key(tournament=tournament, region=region)[1]
    except NotFound:
        raise Http404("The bracket has no such part.") from None


# Where the poller of the version shown goes in a region's shared render (it names the
# version, which moves with changes the region does not show).
LIVE_SLOT = "\ue003"


def _poller(tournament: Tournament, region: int, mine: set[int]) -> str:
    """The element that polls a region for the version the page now shows. It names the
    viewer's own entries (`&mine=`): the cards a poll sends are marked from them, without
    reading the session (the marks only highlight entries the bracket shows to anyone)."""
    return render_to_string(
        "tournaments/_bracket_live.html",
        {
            "tournament": tournament,
            "bracket": {"region": region},
            "mine": ".".join(str(pk) for pk in sorted(mine)),
            "poll_seconds": selectors.poll_seconds(tournament=tournament),
        },
    )


MAX_MARKED = 16  # entries a poll may name as the viewer's own (a player has one or a few)


def _marked_param(request: HttpRequest) -> set[int] | None:
    """The viewer's own entries as the poll names them (`?mine=12.34`, empty for a
    spectator), or None when the request does not name them (then the session says)."""
    asked = request.GET.get("mine")
    if asked is None:
        return None
    parts = asked.split(".") if asked else []
    if len(parts) > MAX_MARKED or not all(p.isdigit() and len(p) < 19 for p in parts):
        return None
    return {int(p) for p in parts}


def _fingerprint_key(tournament: Tournament, region: int, key: str) -> str:
    born = int(tournament.created_at.timestamp() * 1_000_000)
    return f"tournaments:bracket-cards:{tournament.pk}:{born}:{region}:{key}"


def _mark(marked: str, mine: set[int]) -> str:
    """The shared render with the viewer's own matches and entries marked."""
    return MINE_MARKS.sub(lambda m: m[2] if int(m[1]) in mine else "", marked)


def bracket_html(tournament: Tournament, mine: set[int], region: int = 0) -> str:
    """The bracket (the region `region` of a big one) as HTML, rendered once per key of what
    it shows for everyone; the viewer's own matches are then marked in the shared render and
    the poller of this version put in (text substitutions, not a render)."""
    render = _region_render(tournament, region)
    html = _mark(render["marked"], mine) if mine else render["plain"]
    return mark_safe(html.replace(LIVE_SLOT, _poller(tournament, region, mine), 1))


def region_unchanged(tournament: Tournament, region: int, since: int) -> bool:
    """True when the region shows at this version what it showed at version `since` (known
    for 15 minutes): a poll then needs only the poller of the new version, for anyone."""
    before = selectors.region_key_at(tournament, region, since)
    return before is not None and before == _region_key(tournament, region)


def bracket_changes(tournament: Tournament, mine: set[int], region: int, since: int) -> str | None:
    """A live update of a region from version `since`: the poller for the new version and,
    swapped out of band, only the match cards that changed. None when the cards shown at
    `since` are not known any more or the region has other matches now (then the whole
    region is sent).

    The changed cards between two keys of the region are worked out once in this process
    (every page of the region that showed the same asks the same), from the cards alone."""
    before_key = selectors.region_key_at(tournament, region, since)
    if before_key is None:
        return None
    key = _region_key(tournament, region)
    born = int(tournament.created_at.timestamp() * 1_000_000)
    name = (tournament.pk, born, region, before_key, key)
    changed = _CHANGED_CARDS.get(name)
    if changed is None:
        before = cache.get(_fingerprint_key(tournament, region, before_key))
        cards = selectors.cached_per_key(
            f"bracket-cards-{region}",
            tournament,
            key,
            lambda: _region_render(tournament, region)["cards"],
        )
        now = {pk: zlib.crc32(card.encode()) for pk, card in cards.items()}
        if not before or before.keys() != now.keys():
            return None
        changed = "".join(
            cards[pk].replace("<li ", '<li hx-swap-oob="true" ', 1)
            for pk, fingerprint in now.items()
            if before[pk] != fingerprint
        )
        if len(_CHANGED_CARDS) >= CHANGED_CARDS_MAX:
            _CHANGED_CARDS.clear()
        _CHANGED_CARDS[name] = changed
    return _poller(tournament, region, mine) + _mark(changed, mine)


# This process's changed cards between two keys of a region (an entry can never be stale: it
# names both keys); emptied when full.
_CHANGED_CARDS: dict[tuple, str] = {}
CHANGED_CARDS_MAX = 2_000


def _region_param(request: HttpRequest, tournament: Tournament, mine: set[int]) -> int:
    """The region asked for (`?region=`), else the one showing the viewer's own path."""
    asked = request.GET.get("region", "")
    if asked.isdigit() and len(asked) < 6:
        return int(asked)
    return selectors.bracket_region_of_user(tournament=tournament, entry_ids=mine)


def _desk(tournament: Tournament, bracket: dict) -> dict | None:
    if tournament.status not in (Tournament.Status.REGISTRATION, Tournament.Status.RUNNING):
        return None
    return selectors.desk_get(tournament=tournament, bracket=bracket, at=timezone.now())


@require_GET
def tournament_desk(request: HttpRequest, pk: int) -> HttpResponse:
    """The organizer's desk alone (htmx polls it): what needs attention, and each table's clock
    in the rounds being played. Only for the organizer (and staff)."""
    tournament = _tournament(pk)
    if not is_organizer(tournament=tournament, user=request.user):
        raise PermissionDenied("Only the organizer sees the desk.")
    bracket = selectors.bracket_cached(tournament=tournament)
    context = {"tournament": tournament, "desk": _desk(tournament, bracket), "is_organizer": True}
    return render(request, "tournaments/_desk.html", context)


def tournament_bracket(request: HttpRequest, pk: int) -> HttpResponse:
    """The bracket (a region of a big one, `?region=`) alone: htmx polls it to update the
    detail page without a reload, and the parts menu loads another region with it.

    A poll names the version it shows (`?since=v`): 204 (nothing to swap) while the version is
    the same; after a change, only the match cards that changed (swapped out of band) and the
    poller for the new version, or the whole region when the cards shown at v are not known.
    The page's poll names its viewer's entries (`&mine=`, to mark their cards), so none of
    these answers reads the session. A browser's conditional request gets 304."""
    state = freshness.version_or_404(pk, request)
    if freshness.unchanged_since(request, state.version):
        return freshness.no_change()
    region = request.GET.get("region", "")
    asked_since = request.GET.get("since", "")
    since = int(asked_since) if asked_since.isdigit() and len(asked_since) < 19 else None
    # the event's row alone: the bracket shows no entry count (a count of every entry)
    tournament = Tournament.objects.filter(pk=pk).first()
    if tournament is None:
        raise Http404("No such tournament.")
    asked_region = int(region) if region.isdigit() and len(region) < 6 else None
    # the region shows what it showed: the poller of the new version alone, the same for
    # everyone (no session, no user, no render read)
    asked = since is not None and asked_region is not None
    marked = _marked_param(request) if asked else None
    if asked and region_unchanged(tournament, asked_region, since):
        response = HttpResponse(_poller(tournament, asked_region, marked or set()))
        response["Cache-Control"] = "no-store"
        return response
    if asked and marked is not None:
        # a page's poll naming its viewer's entries: answered the same for anyone who asks
        # it, without the session (the cards that changed, or the whole region)
        return _bracket_poll_answer(tournament, marked, asked_region, since)
    kind = f"bracket-r{region}" if region.isdigit() else "bracket"
    tag = _page_tag(kind, pk, tournament.version, request)
    if freshness.matches(request, tag):
        return freshness.not_modified(tag)
    mine = selectors.entry_ids_of_user(tournament=tournament, user=request.user)
    region = _region_param(request, tournament, mine)
    if since is not None:
        response = _bracket_poll_answer(tournament, mine, region, since)
    else:
        response = HttpResponse(bracket_html(tournament, mine, region))
    return freshness.stamp(
        response, _page_tag(kind, pk, tournament.version, request), per_user=True
    )


def _bracket_poll_answer(
    tournament: Tournament, mine: set[int], region: int, since: int
) -> HttpResponse:
    """A poll's answer after a change: the cards that changed since version `since`, or the
    whole region when those are not known (it then replaces the page's bracket)."""
    changes = bracket_changes(tournament, mine, region, since)
    if changes is not None:
        response = HttpResponse(changes)
    else:
        response = HttpResponse(bracket_html(tournament, mine, region))
        # the poller sits inside the bracket: the whole region replaces the bracket
        response["HX-Retarget"] = "#bracket"
        response["HX-Reswap"] = "outerHTML"
    response["Cache-Control"] = "no-store"
    return response


@xframe_options_exempt
@csp_replace({"frame-ancestors": "*"})
def tournament_embed(request: HttpRequest, pk: int) -> HttpResponse:
    """The bracket alone, read-only, for other sites to show in an iframe."""
    tournament = _tournament(pk)
    region = _region_param(request, tournament, set())
    context = {"tournament": tournament, "bracket_html": bracket_html(tournament, set(), region)}
    return render(request, "tournaments/embed.html", context)


def tournament_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings table with a CSV download (304 while the version is the same); a Swiss
    event's also as they were after each of its rounds (`?round=n`)."""
    after = _round_param(request)
    kind = f"standings-{after}" if after else "standings"  # as the early answer names it
    state = freshness.version_or_404(pk, request)
    tag = _page_tag(kind, pk, state.version, request)
    if freshness.matches(request, tag) and not freshness.has_messages(request):
        return freshness.not_modified(tag)
    tournament = _tournament(pk)
    context = {"tournament": tournament, "after_round": after, "swiss_rounds": []}
    if tournament.is_swiss:
        context["swiss_rounds"] = swiss_selectors.swiss_round_numbers(tournament=tournament)
    if after and after in context["swiss_rounds"]:
        rows = swiss_selectors.standings_rows(tournament=tournament, after_round=after)
    else:
        context["after_round"] = None
        rows = selectors.standings_cached(tournament=tournament)
    response = render(request, "tournaments/standings.html", {**context, "rows": rows})
    tag = _page_tag(kind, pk, tournament.version, request)
    return freshness.stamp(response, tag, per_user=True)


def _round_param(request: HttpRequest) -> int | None:
    value = request.GET.get("round", "")
    return int(value) if value.isdigit() and 0 < int(value) < 10**4 else None


def swiss_round(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A Swiss round's pairings by table, with the viewer's own table first."""
    state = freshness.version_or_404(pk)
    tag = _page_tag(f"swiss-round-{number}", pk, state.version, request)
    if freshness.matches(request, tag) and not freshness.has_messages(request):
        return freshness.not_modified(tag)
    tournament = _tournament(pk)
    numbers = swiss_selectors.swiss_round_numbers(tournament=tournament)
    if number not in numbers:
        raise Http404("This Swiss round has not been paired.")
    tables = swiss_selectors.round_tables(tournament=tournament, number=number)
    mine = selectors.entry_ids_of_user(tournament=tournament, user=request.user)
    context = {
        "tournament": tournament,
        "number": number,
        "numbers": numbers,
        "tables": tables,
        "my_tables": swiss_selectors.my_tables(tables, mine),
    }
    response = render(request, "tournaments/swiss_round.html", context)
    tag = _page_tag(f"swiss-round-{number}", pk, tournament.version, request)
    return freshness.stamp(response, tag, per_user=True)


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
    tournament = _tournament(pk)
    user, data = request.user, request.POST
    actions = {
        "join": (lambda: services.entry_add(tournament=tournament, by_user=user), "You joined."),
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
        "drop": (
            lambda: services.entry_drop(entry=_entry(tournament, data.get("entry")), by_user=user),
            "Entry dropped.",
        ),
    }
    if action not in actions:
        raise Http404("No such action.")
    call, success = actions[action]
    _act(request, call, success)
    if data.get("back") == "desk":
        return redirect(reverse("tournaments:detail", args=[pk]) + "#desk")
    return redirect("tournaments:detail", pk=pk)


MAX_INT = 2**31 - 1  # the largest integer column; a bigger number is a database error


def _dropped_count(count: int) -> int:
    if count == 0:
        raise ServiceError("Everyone has checked in; nobody was dropped.", code="nothing_to_drop")
    return count


def _ids(values: list[str]) -> list[int]:
    if not values:
        raise ServiceError("Send the entries in their new order.", code="invalid")
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


class EntryForm(forms.Form):
    """The organizer's add-entry form (a player joining needs none of it)."""

    username = forms.CharField(required=False, max_length=150)
    name = forms.CharField(required=False, max_length=120)
    members = forms.CharField(required=False, max_length=2000)
    seed = forms.IntegerField(required=False, min_value=1, max_value=MAX_INT)


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


def _match_context(request: HttpRequest, match: Match, key: str) -> dict:
    """What the match page and its live partial show (a fixed number of queries), the match
    read once per `key` (`selectors.match_live_key`, read before the match)."""
    tournament = match.tournament
    detail = selectors.match_detail_cached(match=match, key=key)
    # A cancelled event's matches take no more actions (the services refuse them all).
    cancelled = tournament.status == Tournament.Status.CANCELLED
    mine = None if cancelled else user_entry(tournament=tournament, user=request.user, match=match)
    organizer = not cancelled and is_organizer(tournament=tournament, user=request.user)
    report = detail["pending_report"]
    names = {e["id"]: e["name"] for e in detail["entries"]}
    for game in [*detail["games"], *(report["games"] if report else [])]:
        game["winner_name"] = names.get(game["winner"], "no winner")
    live = tournament.status == Tournament.Status.RUNNING and not detail["is_bye"]
    return {
        "tournament": tournament,
        "match": detail,
        # The page keeps itself current while anything can still change it, polling as
        # often as the event's size allows (RULINGS.md 22).
        "live": live,
        "poll_seconds": selectors.poll_seconds(tournament=tournament) if live else None,
        "cancelled": cancelled,
        "is_organizer": organizer,
        # a Swiss round's match may be ruled a draw (RULINGS.md S12)
        "can_draw": tournament.is_swiss_round(match.round.number),
        "my_entry": mine,
        "can_confirm": bool(report and mine and mine.pk not in report["confirmed_entries"]),
        # the organizer confirms for players who cannot (guests without an account), audited
        "organizer_can_confirm": bool(report and organizer and not mine),
        "can_report": not detail["is_bye"]
        and (
            (mine is not None and detail["status"] in PLAYER_REPORTABLE)
            or (organizer and detail["status"] != Match.Status.PENDING)
        ),
        "game_rows": range(1, tournament.best_of + 1),
        "finished_rows": range(1, tournament.best_of),
        "as_one_life": AS_ONE_LIFE,
        # what decides a game at time, in the game's own words (life, stamina, characters left)
        "time_facts": declared_game(tournament.game).time,
        "winner_name": names.get(detail["winner"]),
        "score": _score(detail),
        # "Ann reports: Ann won 2-1" above the reported games
        "reported_by": names.get(report["entry"]) if report else None,
        "report_winner": names.get(_leader(report["games"])) if report else None,
        "report_score": _score({"games": report["games"], "winner": _leader(report["games"])})
        if report
        else "",
        "report_draw_score": _level_score(report["games"]) if report and report["draw"] else "",
    }


def _leader(games: list[dict]) -> int | None:
    """The entry with the most game wins in a reported result (who the report says won)."""
    wins: dict[int, int] = {}
    for game in games:
        if game.get("winner") is not None:
            wins[game["winner"]] = wins.get(game["winner"], 0) + 1
    return max(wins, key=wins.get) if wins else None


def _level_score(games: list[dict]) -> str:
    """A drawn result's score: "1-1", "1-1-1" with a drawn game, "0-0" for no games (en dashes)."""
    wins: dict[int, int] = {}
    for game in games:
        if game.get("winner") is not None:
            wins[game["winner"]] = wins.get(game["winner"], 0) + 1
    level = max(wins.values(), default=0)
    drawn = sum(1 for game in games if game.get("winner") is None)
    figures = [level, level] + ([drawn] if drawn else [])
    return selectors.EN_DASH.join(str(n) for n in figures)


def _score(detail: dict) -> str:
    """The winner's game wins against the best of the others': "2-1" with an en dash."""
    wins: dict[int, int] = {}
    for game in detail["games"]:
        if game["winner"] is not None:
            wins[game["winner"]] = wins.get(game["winner"], 0) + 1
    if not wins or detail["winner"] is None:
        return ""
    others = max((n for e, n in wins.items() if e != detail["winner"]), default=0)
    return f"{wins.get(detail['winner'], 0)}{selectors.EN_DASH}{others}"


def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A match: entries, clock, games, the report/confirm forms and the organizer's controls."""
    key = _live_key_or_404(pk)  # read before what it stands for: never newer than the page
    match = _match(pk)
    context = {
        **_match_context(request, match, key),
        "title": selectors.match_title(match),
        "live_key": key,
    }
    return render(request, "tournaments/match.html", context)


def _live_key_or_404(pk: int) -> str:
    key = selectors.match_live_key(match_id=pk)
    if key is None:
        raise Http404("No such match.")
    return key


@require_GET
@live_streams.view
async def tournament_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament's live stream (server-sent events): its version after each change, for
    its bracket, match pages and the organizer's desk. The tournament's pages are public and a
    notice carries nothing but the version."""

    def version() -> int:
        return freshness.version_or_404(pk).version

    return await live_streams.stream(request, f"tournament-{pk}", version)


@require_GET
def match_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The match page's changing parts (htmx polls them): the status, clock, games, the report
    waiting for confirmation, and, out of band, the forms and the audit trail.

    A poll that names the key of what it shows (`?since=key`, `selectors.match_live_key`)
    gets 204 while the match is the same, whatever else changes in the event: nothing to
    swap, one query (`UnchangedReadMiddleware` answers it before the session)."""
    key = _live_key_or_404(pk)
    if request.GET.get("since") == key:
        return freshness.no_change()
    context = {**_match_context(request, _match(pk), key), "oob": True, "live_key": key}
    return render(request, "tournaments/_match_live.html", context)


@post_only_else_back_to("tournaments:match")
@login_required
def match_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Report, confirm, dispute, start, call time, enter time, decide, extend, forfeit."""
    match = _match(pk)
    user, data = request.user, request.POST
    actions = {
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
    if action not in actions:
        raise Http404("No such action.")
    call, success = actions[action]
    _act(request, call, success)
    if data.get("back") == "desk":  # a one-click action from the organizer's desk
        return redirect(reverse("tournaments:detail", args=[match.tournament_id]) + "#desk")
    return redirect("tournaments:match", pk=pk)


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
    games = []
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
            life.setdefault(_int(entry), []).append(_int(value))
        else:
            life[_int(entry)] = _int(value)
    first = data.get("first_damage")
    finished = [data.get(f"done{n}") for n in range(1, 5)]
    games = [{"winner": _int(w)} for w in finished if w]
    return {"life": life, "first_damage": _int(first) if first else None, "games": games or None}
