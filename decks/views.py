"""Card browser and deck builder pages, using the same services and selectors as the API."""

from typing import Any, cast

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

import games as declared
from config.errors import ServiceError
from config.htmx import HtmxHttpRequest
from decks import selectors, services
from decks.faces import SUIT_NAMES, SUIT_SYMBOLS, card_face
from decks.legality import format_deck_list, formats_for
from decks.legality.formats import BORDER_COPY_LIMITS
from decks.models import Game, Pool
from decks.services.decks import deck_list_from_input
from tournaments.models import Tournament  # decks sits above tournaments


def card_browser(request: HtmxHttpRequest) -> HttpResponse:
    """Every game's cards with filters; the results refresh in place (htmx)."""
    games = list(Game.objects.all())
    slug = request.GET.get("game") or declared.deck_pages_default().slug
    game = next((g for g in games if g.slug == slug), games[0])
    cards = declared.cards_of(game.slug)
    filters = {
        key: request.GET.get(key, "").strip() for key in ("border", "faction", "type", "search")
    }
    sets = selectors.visible_card_sets(user=request.user)
    found = selectors.card_list(game=game, sets=sets, **filters)
    context = {
        "games": games,
        "game": game,
        "filters": filters,
        "cards": found[:300],
        "total": len(found),
        # the border filter, for a game whose cards carry one
        "borders": list(cards.borders) if cards else [],
        "factions": game.factions.all(),
        "types": sorted({card.type for card in selectors.card_list(game=game, sets=sets)}),
    }
    context["layout"] = "table" if request.GET.get("layout") == "table" else "grid"
    template = "decks/_card_results.html" if request.htmx else "decks/cards.html"
    return render(request, template, context)


@login_required
def deck_list(request: HttpRequest) -> HttpResponse:
    """The player's decks, and the sealed and draft pools they can build from."""
    context = {
        "decks": selectors.decks_with_legality(user=request.user),
        "pools": selectors.pools_of(user=request.user),
    }
    return render(request, "decks/list.html", context)


class DeckForm(forms.Form):
    name = forms.CharField(max_length=120, initial="New deck")
    game = forms.ChoiceField(choices=())
    format = forms.CharField(max_length=40)
    text = forms.CharField(
        label="Deck list",
        required=False,
        widget=forms.Textarea(attrs={"rows": 18}),
        help_text="One 'N Card Name' per line; 'Fortress: Name' lines for Kingdom Combat; "
        "playing-card codes such as AS, 10H, QC work too. Paste a list here to import it.",
    )
    pool = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = list(Game.objects.values_list("slug", "name"))


def _validation(data, user) -> dict:
    """Validation of the builder's current list, or the request's error."""
    try:
        game = selectors.game_get(slug=data.get("game", ""))
        result = services.deck_validate(
            game=game,
            format_slug=data.get("format", ""),
            deck_list=deck_list_from_input(text=data.get("text", "")),
            pool=selectors.pool_for_builder(pool_id=data.get("pool"), user=user),
            user=user,
        )
    except ServiceError as error:
        return {"error": error.message}
    curve = result.summary.get("curve", [])
    return {
        "result": result.to_dict(),
        "curve": curve,
        "curve_top": max(curve or [0]) or 1,
        "curve_label": _cards(game.slug).curve_name,
        # cards a problem names are marked in the builder's list of counts
        "flagged": {problem.card for problem in result.problems if problem.card},
    }


@login_required
@require_http_methods(["GET", "POST"])
def deck_builder(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """Build or edit a deck; saving keeps even an illegal deck (validation shows the problems)."""
    try:
        deck = selectors.deck_get(deck_id=pk) if pk else None
        pool = deck.pool if deck else _pool(request.user, request.GET.get("pool"))
    except ServiceError:
        return render(request, "404.html", status=404)
    if deck and deck.owner_id != request.user.pk:
        return render(request, "404.html", status=404)
    form = DeckForm(request.POST or None, initial=_initial(request, deck, pool))
    if pool is not None:  # the pool's cards are clicked in: a short list box keeps it compact
        form.fields["text"].widget.attrs["rows"] = 8
    if request.method == "POST" and form.is_valid():
        try:
            deck = _save(request.user, deck, form.cleaned_data)
        except ServiceError as error:
            form.add_error("text" if error.code == "unknown_card" else None, error.message)
        else:
            return redirect("decks:edit", pk=deck.pk)
    data = form.data if form.is_bound else form.initial
    game_field = form.fields["game"]
    assert isinstance(game_field, forms.ChoiceField)
    context = {
        "form": form,
        "deck": deck,
        "check": _validation(data, request.user),
        "pool": pool,
        "pool_cards": selectors.pool_cards(pool) if pool else [],
        # each game's formats as (code, name): the page shows names, the form posts the code
        "formats": {
            g: [[f.slug, f.name] for f in formats_for(g)]
            for g, _ in cast(list[tuple[str, str]], game_field.choices)  # the games, as pairs
        },
        "format_options": _format_options(data.get("game", ""), data.get("format", "")),
        "visual": _visual(selectors.builder_catalogues(user=request.user, pool=pool), pool),
        "ranks": RANKS,
    }
    return render(request, "decks/builder.html", context)


def _format_options(game: str, current: str) -> list[tuple[str, str]]:
    """The chosen game's formats for the Format menu; a format saved before (or named in the
    address) that the game no longer lists stays choosable, so nothing is lost on save."""
    options = [(f.slug, f.name) for f in formats_for(game)]  # none for an unknown game
    if current and current not in {slug for slug, _ in options}:
        options.append((current, current.replace("-", " ").capitalize()))
    return options


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def _cards(slug: str) -> declared.Cards:
    """What a game's cards are (its declaration), or a plain catalogue's for a game without one."""
    return declared.cards_of(slug) or declared.Cards("", "", (), "")


def _visual(catalogues: list[dict], pool) -> list[dict]:
    """The visual builder's panels, one per game: card faces with their copies and filters, a
    fortress picker where decks choose fortresses, the 4x13 grid of the 52 playing cards."""
    panels = []
    for catalogue in catalogues:
        slug = catalogue["game"].slug
        cards = _cards(slug)
        entries: list[dict[str, Any]] = []
        fortresses: list[dict[str, Any]] = []
        for card, copies in catalogue["cards"]:
            face = card_face(card, slug)
            limit = copies
            if limit is None and cards.borders:
                limit = BORDER_COPY_LIMITS.get(card.border) or None
            entry = {"face": face, "copies": copies, "limit": limit}
            (fortresses if card.type == "fortress" else entries).append(entry)
        panel = {
            "slug": slug,
            "name": catalogue["game"].name,
            "entries": entries,
            "fortresses": fortresses,
            "from_pool": pool is not None,
            "cost_name": cards.cost_name,
        }
        if slug in declared.playing_card_games() and pool is None:
            panel["grid52"] = _grid52(entries)
        panel["filters"] = _filters(entries)
        panels.append(panel)
    return panels


def _grid52(entries: list[dict]) -> list[dict]:
    names = {e["face"]["key"]: e["face"]["name"] for e in entries}
    return [
        {
            "symbol": SUIT_SYMBOLS[suit],
            "name": SUIT_NAMES[suit],
            "color": "red" if suit in "HD" else "black",
            "cells": [
                {"code": f"{rank}{suit}", "rank": rank, "name": names.get(f"{rank}{suit}", "")}
                for rank in RANKS
            ],
        }
        for suit in "SHDC"
    ]


def _filters(entries: list[dict]) -> dict:
    faces = [e["face"] for e in entries]
    costs = {f["cost"] for f in faces if isinstance(f.get("cost"), int)}
    return {
        "types": sorted({f["type_label"] for f in faces if f.get("type_label")}),
        "costs": sorted(costs),
        "factions": sorted({name for f in faces for name in f.get("factions", [])}),
        "borders": [b for b in ("gold", "silver", "black") if any(f["border"] == b for f in faces)],
    }


def _pool(user, pool_id) -> Pool | None:
    """A pool the user builds a new deck from (only the owner saves decks from it)."""
    pool = selectors.pool_for_builder(pool_id=pool_id, user=user)
    if pool is not None and pool.owner_id != user.pk:
        raise ServiceError("That pool is not yours.", code="not_pool_owner")
    return pool


def _pool_main_text(pool, main: str) -> str:
    """The deck list of the pool's cards named by id in `main` (the draft's running deck, sent
    by the draft room); ids not in the pool and copies beyond it are left out."""
    wanted: dict[int, int] = {}
    for part in main.split(",")[:200]:
        if part.strip().isascii() and part.strip().isdigit():
            wanted[int(part)] = wanted.get(int(part), 0) + 1
    if not wanted:
        return ""
    rows = [
        (row.card.code or row.card.name, min(row.count, wanted[row.card_id]))
        for row in selectors.pool_cards(pool)
        if row.card_id in wanted and row.card.type != "fortress"
    ]
    return format_deck_list(rows, fortresses=[]) if rows else ""


def _initial(request, deck, pool) -> dict:
    if deck is None and pool is not None:
        name = f"{pool.get_source_display()} deck"
        text = _pool_main_text(pool, request.GET.get("main", ""))
        initial = {"game": pool.game.slug, "format": pool.source, "pool": pool.pk, "name": name}
        return {**initial, "text": text}
    if deck is None:
        game = request.GET.get("game", declared.deck_pages_default().slug)
        return {"game": game, "format": request.GET.get("format", "constructed"), "text": ""}
    rows = list(deck.cards.all())
    text = format_deck_list(
        [(row.card.code or row.card.name, row.count) for row in rows if row.section == "main"],
        fortresses=[row.card.name for row in rows if row.section == "fortress"],
    )
    return {
        "name": deck.name,
        "game": deck.game.slug,
        "format": deck.format,
        "text": text,
        "pool": deck.pool_id,
    }


def _save(user, deck, data):
    deck_list = deck_list_from_input(text=data["text"])
    if deck is None:
        return services.deck_create(
            owner=user,
            game_slug=data["game"],
            format_slug=data["format"],
            name=data["name"],
            deck_list=deck_list,
            pool=selectors.pool_for_builder(pool_id=data.get("pool"), user=user),
        )
    return services.deck_update(
        deck=deck, user=user, name=data["name"], format_slug=data["format"], deck_list=deck_list
    )


@require_POST
def deck_check(request: HttpRequest) -> HttpResponse:
    """The live validation panel (htmx): problems, advice, type breakdown and cost curve."""
    check = _validation(request.POST, request.user)
    return render(request, "decks/_check.html", {"check": check})


@login_required
@require_http_methods(["GET", "POST"])
def event_card_sets(request: HttpRequest, pk: int) -> HttpResponse:
    """The organizer's card-set choice for an event (a form on the tournament page)."""
    tournament = Tournament.objects.filter(pk=pk).first()
    if tournament is None:
        return render(request, "404.html", status=404)
    if request.method == "POST":
        ids = [int(value) for value in request.POST.getlist("card_sets") if value.isdigit()]
        try:
            services.event_card_sets_set(tournament=tournament, card_set_ids=ids, user=request.user)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, "The event's card sets are saved.")
    return redirect("tournaments:detail", pk=pk)
