"""The draft pages: the list (and a form to create a pod), the draft room, the organizer's
pod view. They call the same services and selectors as the API; htmx refreshes the parts."""

from functools import partial
from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from django.views.decorators.http import require_http_methods

import games
from config import live_streams
from config.errors import NotFound, ServiceError
from config.forms_only import post_only_else_back_to
from config.htmx import HtmxHttpRequest
from decks import selectors as deck_selectors
from decks.drafting import event_selectors, room, selectors, services, tables
from decks.drafting.inputs import pod_settings_from
from decks.drafting.models import Draft
from decks.faces import card_face

GAMES = games.choices()  # the games' one declaration


class DraftForm(forms.Form):
    game = forms.ChoiceField(choices=GAMES)
    format = forms.ChoiceField(
        choices=Draft.Format.choices,
        initial=Draft.Format.BOOSTER,
        required=False,
        help_text="Winston, grid: two players (seats: 2). Rochester: one pack face up at a time.",
    )
    seats = forms.IntegerField(min_value=2, max_value=16, initial=8)
    bots = forms.IntegerField(
        min_value=0, max_value=16, initial=6, help_text="Bots take the last seats."
    )
    pick_timer = forms.CharField(initial="off", help_text="off, competitive, or seconds (5-600).")
    organizer_plays = forms.BooleanField(
        required=False,
        initial=True,
        label="I will draft in this pod",
        help_text="You take seat 1. Untick it to run the pod for others.",
    )
    jokers = forms.BooleanField(required=False, help_text="Combat: decks include the Jokers.")
    card_set = forms.TypedChoiceField(
        required=False,
        coerce=int,
        empty_value=None,
        label="Card set",
        help_text="Catalogue games: the set the packs come from (yours too); blank: the default.",
    )
    teams = forms.BooleanField(
        required=False,
        label="Two teams (team Rochester)",
        help_text="Rochester only: two equal teams seated alternately (an even number of seats "
        "from 4).",
    )
    cube = forms.BooleanField(
        required=False,
        label="Draft the card set as a cube",
        help_text="Packs of 15 from the set's list, each card once (not boosters).",
    )

    def __init__(self, *args, user=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        sets = deck_selectors.visible_card_sets(user=user).order_by("name")
        field = self.fields["card_set"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [("", "Default"), *((s.pk, s.name) for s in sets)]

    booster_layout = forms.CharField(
        required=False,
        max_length=200,
        help_text="Catalogue games: e.g. '1 gold/silver, 3 silver/black, 11 black' (the default).",
    )


@require_http_methods(["GET", "POST"])
def draft_list(request: HttpRequest) -> HttpResponse:
    """Recent drafts and a form to create one."""
    form = DraftForm(request.POST or None, user=request.user)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"/login/?next={request.path}")
        if form.is_valid():
            try:
                data = form.cleaned_data
                draft = services.draft_create(
                    organizer=request.user,
                    organizer_plays=data["organizer_plays"],
                    **pod_settings_from(data),
                )
            except ServiceError as error:
                form.add_error(None, error.message)
            else:
                return redirect("drafting:pod", pk=draft.pk)
    drafts = selectors.drafts_list(limit=50)
    return render(request, "drafting/list.html", {"form": form, "drafts": drafts})


def _faced_and_sorted(view: dict | None, game: str, prefs: dict, sideboard) -> dict | None:
    """The seat's pack and picks with their card faces, the pack in the chosen order; the
    picks grouped into a deck and a sideboard (None without a seat)."""
    if not view:
        return None
    if view["pack"]:
        for item in view["pack"]["cards"]:
            item["face"] = card_face(item["card"], game)
        view["pack"]["cards"] = room.sorted_pack(view["pack"]["cards"], prefs["sort"])
    for pick in view["picks"]:
        pick["face"] = card_face(pick["card"], game)
    return room.pick_groups(view["picks"], prefs["group"], prefs["picks_sort"], sideboard)


def _build_url(view: dict | None, deck: dict | None) -> str:
    """The deck builder on the seat's pool ("" before there is one). It opens beside an empty
    list, unless the player sorted their picks into a deck and a sideboard here: then with
    that deck (never all the picks, which is no legal deck in a game with a deck size: 45
    Kingdom Combat cards)."""
    if not view or not view["pool"] or deck is None:
        return ""
    main = [str(p["card"]["id"]) for group in deck["main"]["groups"] for p in group["picks"]]
    chosen = bool(deck["sideboard"]["groups"])
    query = urlencode({"pool": view["pool"], **({"main": ",".join(main)} if chosen else {})})
    return f"{reverse('decks:new')}?{query}"


def _room_context(request: HttpRequest, pk: int, error: str = "") -> dict:
    # Read before the room, so the room shown is never older than the stamp it polls with.
    stamp = selectors.draft_room_stamp(draft_id=pk)
    try:
        detail, view = selectors.draft_room(draft_id=pk, user=request.user)
    except NotFound:
        raise Http404("No such draft.") from None
    is_organizer = request.user.is_authenticated and (
        detail["organizer"] == request.user.pk or request.user.is_staff
    )
    prefs = room.prefs(request.COOKIES)
    deck = _faced_and_sorted(view, detail["game"], prefs, room.sideboard(request.COOKIES, pk))
    build_url = _build_url(view, deck)
    # Poll often while waiting for a pack, less while the player has one to look at.
    poll_ms = getattr(settings, "DRAFT_ROOM_POLL_MS", 1000)
    if view and view["pack"]:
        poll_ms *= 3
    seats_taken = sum(1 for seat in detail["seats"] if seat["player_id"] or seat["is_bot"])
    return {
        "draft": detail,
        "game_name": dict(GAMES).get(detail["game"], detail["game"]),
        "passes": room.pass_label(detail["round"]),
        "seats_full": seats_taken >= len(detail["seats"]),
        "view": view,
        "deck": deck,
        "build_url": build_url,
        "prefs": prefs,
        "sorts": room.SORTS,
        "groups": room.GROUPS,
        "status_label": room.STATUS_LABELS.get(detail["status"], detail["status"]),
        "is_organizer": is_organizer,
        "error": error,
        "poll_ms": poll_ms,
        "stamp": stamp,
        **tables.turn_tables(request.user, pk, detail),
    }


def draft_room(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The draft room: your pack, your picks, the countdown, who is still picking.

    The room polls every second with the stamp of what it shows (`?since=`): while neither
    the player's pack nor the table changed, the answer is 204 (htmx swaps nothing) after one
    query; a conditional request with the room's ETag gets 304."""
    stamp = selectors.draft_room_stamp(draft_id=pk)
    if stamp is None:
        raise Http404("No such draft.")
    if request.GET.get("since") == stamp:
        response = HttpResponse(status=204)
        response["Cache-Control"] = "no-store"
        return response
    tag = _room_tag(stamp, request)
    wanted = parse_etags(request.META.get("HTTP_IF_NONE_MATCH", ""))
    if tag in wanted and not len(messages.get_messages(request)):
        return _stamped(HttpResponse(status=304), tag)
    context = _room_context(request, pk)
    template = "drafting/_room.html" if request.htmx else "drafting/room.html"
    response = render(request, template, context)
    return _stamped(response, _room_tag(context["stamp"], request))


@require_http_methods(["GET"])
@live_streams.view
async def draft_live(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The draft room's live stream (server-sent events): the room's stamp after each change.
    The same access as the room (anyone may watch a pod); a notice names no card or pick."""

    def stamp() -> str:
        found = selectors.draft_room_stamp(draft_id=pk)
        if found is None:
            raise Http404("No such draft.")
        return found

    return await live_streams.stream(request, f"draft-{pk}", stamp)


def _room_tag(stamp: str, request: HtmxHttpRequest) -> str:
    """The room's weak ETag: its stamp, who is looking (each seat sees its own pack) and
    whether it is the whole page or the part htmx swaps."""
    part = "part" if request.htmx else "page"
    return f'W/"draft-{part}-{stamp}-u{request.user.pk or 0}"'


def _stamped(response: HttpResponse, tag: str) -> HttpResponse:
    response["ETag"] = tag
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ("Cookie", "HX-Request"))
    return response


@post_only_else_back_to("drafting:room")
@login_required
def draft_pick(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Pick the clicked card; a stale or wrong click shows why, with the current pack."""
    error = ""
    try:
        services.draft_pick_make(
            draft_id=pk,
            user=request.user,
            pack_id=int(request.POST.get("pack", 0)),
            pick_number=int(request.POST.get("pick_number", 0)),
            pack_card_id=int(request.POST.get("card", 0)),
        )
    except ValueError:
        error = "That pick could not be read; please click a card."
    except ServiceError as exc:
        error = exc.message.replace(" Your current pack is in 'state'.", "")
    context = _room_context(request, pk, error)
    if request.htmx:
        return render(request, "drafting/_room.html", context)
    return redirect("drafting:room", pk=pk)


def _table_move(request: HtmxHttpRequest, pk: int, make, unreadable: str) -> HttpResponse:
    """Make a turn-based draft's move; a stale or unreadable one shows why, with the table."""
    error = ""
    try:
        make()
    except ValueError:
        error = unreadable
    except ServiceError as exc:
        error = exc.message
    context = _room_context(request, pk, error)
    if request.htmx:
        return render(request, "drafting/_room.html", context)
    return redirect("drafting:room", pk=pk)


def _turn(request: HttpRequest) -> int:
    return int(request.POST.get("turn", -1))


@post_only_else_back_to("drafting:room")
@login_required
def winston_move(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Take or decline the pile looked at."""
    action = request.POST.get("action", "")
    return _table_move(
        request,
        pk,
        lambda: services.winston_move_make(
            draft_id=pk, user=request.user, action=action, turn=_turn(request)
        ),
        "That move could not be read; please click Take or Pass again.",
    )


@post_only_else_back_to("drafting:room")
@login_required
def grid_move(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Take the clicked row or column."""
    line = request.POST.get("line", "")
    return _table_move(
        request,
        pk,
        lambda: services.grid_move_make(
            draft_id=pk, user=request.user, line=line, turn=_turn(request)
        ),
        "That move could not be read; please click a row or a column again.",
    )


@post_only_else_back_to("drafting:room")
@login_required
def rochester_pick(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Take the clicked card of the open pack."""
    return _table_move(
        request,
        pk,
        lambda: services.rochester_pick_make(
            draft_id=pk,
            user=request.user,
            card=int(request.POST.get("card", 0)),
            turn=_turn(request),
        ),
        "That pick could not be read; please click a card again.",
    )


@post_only_else_back_to("drafting:room")
@login_required
def draft_join(request: HttpRequest, pk: int) -> HttpResponse:
    """Take the first open seat (of the chosen team in a team Rochester draft)."""
    posted = request.POST.get("team", "")
    team = int(posted) if posted in ("0", "1") else None
    try:
        services.draft_join(draft_id=pk, user=request.user, team=team)
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("drafting:room", pk=pk)


def draft_pod(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The organizer's view of the pod: every seat, queue and pack; the log when finished."""
    if not request.user.is_authenticated:
        return redirect(f"/login/?next={request.path}")
    try:
        pod = selectors.draft_organizer_view(draft_id=pk, user=request.user)
    except NotFound:
        raise Http404("No such draft.") from None
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("drafting:room", pk=pk)
    for seat in pod["seats"]:
        for pack in seat["queue"]:
            pack["items"] = [{"card": c, "face": card_face(c, pod["game"])} for c in pack["cards"]]
    log = []
    if pod["status"] == Draft.Status.FINISHED:
        log = selectors.draft_log(draft_id=pk, user=request.user)
    template = "drafting/_pod.html" if request.htmx else "drafting/pod.html"
    return render(request, template, {"pod": pod, "log": log})


ACTIONS = {
    "start": services.draft_start,
    "pause": services.draft_pause,
    "resume": services.draft_resume,
}


@post_only_else_back_to("drafting:pod")
@login_required
def draft_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """Start, pause or resume (organizer)."""
    if action not in ACTIONS:
        messages.error(request, "Unknown action.")
        return redirect("drafting:pod", pk=pk)
    try:
        ACTIONS[action](draft_id=pk, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("drafting:pod", pk=pk)


@post_only_else_back_to("drafting:pod")
@login_required
def seat_replace_with_bot(request: HttpRequest, pk: int, index: int) -> HttpResponse:
    """Replace an absent player with a bot (organizer)."""
    try:
        services.draft_seat_replace_with_bot(draft_id=pk, seat_index=index, user=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("drafting:pod", pk=pk)


def _tournament_settings(data) -> dict:
    """The optional pod/pool settings of the tournament panel's forms."""
    card_set = (data.get("card_set") or "").strip()
    return {
        "seed": (data.get("seed") or "").strip() or None,
        "booster_layout": (data.get("booster_layout") or "").strip() or None,
        "card_set_id": int(card_set) if card_set.isascii() and card_set.isdigit() else None,
    }


def _posted_int(request: HttpRequest, name: str) -> int | None:
    """A whole number from the posted form, or None when it is missing or not a number."""
    value = request.POST.get(name, "").strip()
    return int(value) if value.isascii() and value.isdigit() else None  # not "²"


def _report(request: HttpRequest, call, success) -> None:
    """Run one service call for a form post; its outcome becomes a message on the next page."""
    try:
        result = call()
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, success(result))


@post_only_else_back_to("tournaments:detail")
@login_required
def tournament_pods(request: HttpRequest, pk: int) -> HttpResponse:
    """Seat a draft tournament's entries in pods, or only the ticked ones in one (organizer)."""
    # Ticked entries draft in one pod with bots; none ticked seats every entry (ruling 37).
    ticked = request.POST.getlist("drafters")
    drafters = [int(v) for v in ticked if v.isascii() and v.isdigit()] if ticked else None
    create = partial(
        services.tournament_pods_create,
        tournament_id=pk,
        user=request.user,
        pick_timer=request.POST.get("pick_timer", "off"),
        drafter_entry_ids=drafters,
        format=request.POST.get("format") or Draft.Format.BOOSTER,
        cube=request.POST.get("cube") == "on",
        **_tournament_settings(request.POST),
    )
    _report(request, create, _pods_created)
    return redirect("tournaments:detail", pk=pk)


def _pods_created(pods: list) -> str:
    """The success message: how many pods, and for a pod with bot seats, how many."""
    bots = pods[0].seats.filter(entry__isnull=True).count() if len(pods) == 1 else 0
    if bots:
        drafting = pods[0].seat_count - bots
        return (
            f"The pod is made: {drafting} entries draft beside {bots} bots. "
            "Deal sealed pools to the entries who do not draft."
        )
    return f"{len(pods)} pod(s) created."


@post_only_else_back_to("tournaments:detail")
@login_required
def tournament_pools(request: HttpRequest, pk: int) -> HttpResponse:
    """Deal a sealed tournament's pools (organizer)."""
    deal = partial(
        services.sealed_pools_create,
        tournament_id=pk,
        user=request.user,
        boosters=_posted_int(request, "boosters"),
        **_tournament_settings(request.POST),
    )
    _report(request, deal, lambda pools: f"{len(pools)} pools dealt.")
    return redirect("tournaments:detail", pk=pk)


@login_required
def pool_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A pool: its cards as faces, the decks built from it, and the entry's registration."""
    try:
        context = event_selectors.pool_page(pool_id=pk, user=request.user)
    except ServiceError:
        return render(request, "404.html", status=404)
    for row in context["cards"]:
        row["face"] = card_face(row["card"], context["pool"].game.slug)
    context["cards"].sort(key=room.sort_key("type"))
    return render(request, "drafting/pool.html", context)


@post_only_else_back_to("drafting:pool")
@login_required
def pool_register(request: HttpRequest, pk: int) -> HttpResponse:
    """Register one of the decks built from this pool for the pool's tournament entry."""
    register = partial(
        services.pool_deck_register,
        pool_id=pk,
        deck_id=_posted_int(request, "deck") or 0,
        user=request.user,
    )
    _report(request, register, lambda _registration: "Your deck is registered.")
    return redirect("drafting:pool", pk=pk)
