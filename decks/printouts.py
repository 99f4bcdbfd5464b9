"""The event-day printouts the decks app owns: every registered deck list for deck checks
(the organizer's: lists are hidden information) and each draft pod's seating. They share the
tournaments' print layout (templates/print/) and its QR code of the event page."""

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from decks.drafting.models import Seat
from decks.models import Card, DeckCard, DeckRegistration
from tournaments.models import Tournament
from tournaments.services.common import is_organizer
from tournaments.web.common import get_tournament
from tournaments.web.venue import event_qr


@require_GET
def print_decklists(request: HttpRequest, pk: int) -> HttpResponse:
    """Each entry's registered deck, one a page, as locked at the start (or as registered
    before it), with the entries that registered none. Only for the organizer (and staff)."""
    tournament = get_tournament(pk)
    if not is_organizer(tournament=tournament, user=request.user):
        raise PermissionDenied("Only the organizer prints the deck lists.")
    registrations = list(
        DeckRegistration.objects.filter(entry__tournament=tournament)
        .select_related("entry__user", "deck")
        .order_by("entry__name", "entry__user__username", "entry_id")
    )
    names = _card_names(tournament, registrations)
    decks = [_decklist(r, names) for r in registrations]
    decks.sort(key=lambda d: d["player"].casefold())
    registered = {r.entry_id for r in registrations}
    missing = [
        e.display_name
        for e in tournament.entries.select_related("user").filter(dropped=False)
        if e.pk not in registered
    ]
    context = {
        "tournament": tournament,
        "decks": decks,
        "missing": sorted(missing, key=str.casefold),
        **event_qr(request, tournament),
    }
    return render(request, "decks/print_decklists.html", context)


def _card_names(tournament: Tournament, registrations: list[DeckRegistration]) -> dict[str, str]:
    """{card key: name} of the game's cards the locked lists name (one query)."""
    keys = set()
    for r in registrations:
        keys |= set((r.locked_list or {}).get("main", {})) | set(
            (r.locked_list or {}).get("fortresses") or []
        )
    rows = Card.objects.filter(card_set__games__slug=tournament.game, key__in=keys)
    return dict(rows.values_list("key", "name"))


def _decklist(registration: DeckRegistration, names: dict[str, str]) -> dict:
    """One deck's lines as printed: its fortresses and main deck, by card name."""
    locked = registration.locked_list if registration.locked_at else None
    if locked:
        main = [(names.get(k, k), n) for k, n in locked.get("main", {}).items()]
        fortresses = [(names.get(k, k), 1) for k in locked.get("fortresses") or []]
    else:
        rows = DeckCard.objects.filter(deck=registration.deck).select_related("card")
        main = [(c.card.name, c.count) for c in rows if c.section == DeckCard.Section.MAIN]
        fortresses = [(c.card.name, c.count) for c in rows if c.section != DeckCard.Section.MAIN]
    return {
        "player": registration.entry.display_name,
        "deck": registration.deck.name,
        "locked_at": registration.locked_at,
        "main": sorted(main, key=lambda line: line[0].casefold()),
        "fortresses": sorted(fortresses),
        "count": sum(n for _, n in main),
    }


@require_GET
def print_seating(request: HttpRequest, pk: int) -> HttpResponse:
    """Each draft pod of the event with who sits where (seat 1 passes to seat 2 in packs one
    and three), to put on the tables."""
    tournament = get_tournament(pk)
    seats = (
        Seat.objects.filter(draft__tournament=tournament)
        .select_related("draft", "player", "entry__user")
        .order_by("draft__pod_number", "draft_id", "index")
    )
    pods: dict[int, dict] = {}
    for seat in seats:
        pod = pods.setdefault(seat.draft_id, {"draft": seat.draft, "seats": []})
        pod["seats"].append({"number": seat.index + 1, "who": _seated(seat), "bot": seat.is_bot})
    context = {
        "tournament": tournament,
        "pods": list(pods.values()),
        **event_qr(request, tournament),
    }
    return render(request, "drafting/print_seating.html", context)


def _seated(seat: Seat) -> str:
    if seat.entry_id and seat.entry:
        return seat.entry.display_name
    if seat.player_id and seat.player:
        return seat.player.username
    return "Bot" if seat.is_bot else "Open seat"
