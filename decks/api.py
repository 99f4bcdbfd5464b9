"""The decks API: thin views that parse input, call one service or selector, render."""

from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.serializers import ErrorOut
from config.errors import NotAllowed, NotFound, ServiceError
from config.throttling import AnonDeckValidateThrottle
from decks import selectors, serializers, services
from decks.legality import format_deck_list
from decks.models import CardSet
from decks.services.card_files import parse_card_set
from decks.services.catalog import card_set_export
from decks.services.decks import deck_list_from_input
from tournaments.models import Entry, Tournament  # decks sits above tournaments

ERRORS = dict.fromkeys((400, 401, 403, 404, 409), ErrorOut)


def _valid(serializer_class, request) -> dict:
    """The validated body; a 400 naming each bad field (e.g. `cards[0].count`) otherwise."""
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _deck_list(data: dict):
    return deck_list_from_input(
        cards=data.get("cards"), text=data.get("text", ""), fortresses=data.get("fortresses", ())
    )


class CardListApi(APIView):
    permission_classes = [AllowAny]
    pagination_class = PageNumberPagination  # also tells the schema the list is paginated

    @extend_schema(
        parameters=[
            OpenApiParameter(name, str, required=name == "game")
            for name in ("game", "border", "faction", "type", "search")
        ],
        responses={200: serializers.CatalogCardOut(many=True), 400: ErrorOut, 404: ErrorOut},
        summary="A game's cards, filtered (paginated)",
    )
    def get(self, request):
        params = request.query_params
        if not params.get("game"):
            raise ServiceError("Say which game: ?game=<slug>.", errors={"game": ["Required."]})
        cards = selectors.card_list(
            game=selectors.game_get(slug=params["game"]),
            border=params.get("border", ""),
            faction=params.get("faction", ""),
            type=params.get("type", ""),
            search=params.get("search", "").strip(),
            sets=selectors.visible_card_sets(user=request.user),
        )
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(cards, request, view=self)
        return paginator.get_paginated_response(serializers.CatalogCardOut(page, many=True).data)


class DeckValidateApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [AnonDeckValidateThrottle]

    @extend_schema(
        request=serializers.ValidateIn,
        responses={200: serializers.ValidationOut, **ERRORS},
        summary="Validate a deck (an illegal deck is a 200 listing every problem)",
    )
    def post(self, request):
        data = _valid(serializers.ValidateIn, request)
        options = dict(data.get("options") or {})
        if "jokers" in data:
            options["jokers"] = data["jokers"]
        result = services.deck_validate(
            game=selectors.game_get(slug=data["game"], field="game"),
            format_slug=data["format"],
            deck_list=_deck_list(data),
            pool=selectors.pool_for_builder(pool_id=data.get("pool"), user=request.user),
            options=options,
            user=request.user,
        )
        return Response(result.to_dict())


class DeckListApi(APIView):
    permission_classes = [IsAuthenticated]
    pagination_class = PageNumberPagination  # also tells the schema the list is paginated

    @extend_schema(responses={200: serializers.DeckOut(many=True), **ERRORS}, summary="My decks")
    def get(self, request):
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(selectors.decks_of(user=request.user), request, self)
        return paginator.get_paginated_response(serializers.DeckOut(page, many=True).data)

    @extend_schema(
        request=serializers.DeckIn,
        responses={201: serializers.DeckOut, **ERRORS},
        summary="Save a deck",
    )
    def post(self, request):
        data = _valid(serializers.DeckIn, request)
        deck = services.deck_create(
            owner=request.user,
            game_slug=data["game"],
            format_slug=data["format"],
            name=data["name"],
            deck_list=_deck_list(data),
            pool=selectors.pool_for_builder(pool_id=data.get("pool"), user=request.user),
        )
        body = serializers.DeckOut(selectors.deck_get(deck_id=deck.pk)).data
        return Response(body, status=status.HTTP_201_CREATED)


def _owned_deck(pk: int, user):
    deck = selectors.deck_get(deck_id=pk)
    if deck.owner_id != user.pk and not user.is_staff:
        raise NotAllowed("Only the deck's owner may see or change it.", code="not_deck_owner")
    return deck


class DeckDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: serializers.DeckOut, **ERRORS}, summary="A deck (owner only)")
    def get(self, request, pk: int):
        return Response(serializers.DeckOut(_owned_deck(pk, request.user)).data)

    @extend_schema(
        request=serializers.DeckUpdateIn,
        responses={200: serializers.DeckOut, **ERRORS},
        summary="Change a deck (owner only)",
    )
    def put(self, request, pk: int):
        deck = _owned_deck(pk, request.user)
        data = _valid(serializers.DeckUpdateIn, request)
        has_list = bool(data.get("cards") or data.get("text"))
        services.deck_update(
            deck=deck,
            user=request.user,
            name=data.get("name"),
            format_slug=data.get("format"),
            deck_list=_deck_list(data) if has_list else None,
            fortresses=data.get("fortresses"),
        )
        return Response(serializers.DeckOut(selectors.deck_get(deck_id=pk)).data)

    @extend_schema(responses={204: None, **ERRORS}, summary="Delete a deck (owner only)")
    def delete(self, request, pk: int):
        services.deck_delete(deck=_owned_deck(pk, request.user), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckExportApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[OpenApiParameter("kind", str, enum=["text", "json"])],
        responses={(200, "text/plain"): str, **ERRORS},
        summary="Export a deck as a plain-text list (default) or JSON",
    )
    def get(self, request, pk: int):
        kind = request.query_params.get("kind", "text")
        if kind not in ("text", "json"):
            raise ServiceError("Export as ?kind=text or ?kind=json.", errors={"kind": [kind]})
        deck = _owned_deck(pk, request.user)
        rows = list(deck.cards.all())
        main = [
            (row.card.code or row.card.name, row.count) for row in rows if row.section == "main"
        ]
        forts = [row.card.name for row in rows if row.section == "fortress"]
        if kind == "json":
            body = {
                "name": deck.name,
                "game": deck.game.slug,
                "format": deck.format,
                "hash": deck.hash,
                "fortresses": forts,
                "cards": [{"name": name, "count": n} for name, n in main],
            }
            return Response(body)
        text = format_deck_list(main, fortresses=forts)
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="deck-{deck.pk}.txt"'
        return response


class EntryDeckApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.RegisterIn,
        responses={201: serializers.DeckRegisteredOut, **ERRORS},
        summary="Register a deck for a tournament entry (its player or the organizer)",
    )
    def post(self, request, pk: int, entry_id: int):

        entries = Entry.objects.select_related("tournament")
        entry = entries.filter(pk=entry_id, tournament_id=pk).first()
        if entry is None:
            raise NotFound("No such entry in this tournament.", code="entry_not_found")
        data = _valid(serializers.RegisterIn, request)
        registration = services.deck_register(
            entry=entry, deck=selectors.deck_get(deck_id=data["deck"]), user=request.user
        )
        # Registering keeps an illegal deck (it can be fixed until the start), but says so now.
        problems = selectors.registration_problems(registration)
        body = {
            **serializers.RegistrationOut(registration).data,
            "valid": not problems,
            "problems": problems,
        }
        return Response(body, status=status.HTTP_201_CREATED)


class CardSetImportApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.CardSetImportIn,
        responses={201: serializers.CardSetOut, **ERRORS},
        summary="Import a card set from JSON or CSV (all rows or none)",
    )
    def post(self, request):
        data = _valid(serializers.CardSetImportIn, request)
        size = len(data["content"].encode())
        if size > settings.CARD_SET_MAX_BYTES and not request.user.is_staff:
            limit = settings.CARD_SET_MAX_BYTES
            raise ServiceError(
                f"A card set file has at most {limit:,} bytes; this one has {size:,}. "
                "Split it into several sets.",
                code="file_too_large",
                errors={"content": [f"At most {limit:,} bytes."]},
            )
        parsed, lines = parse_card_set(data["content"], file_format=data["format"])
        card_set = services.card_set_import(
            data=parsed,
            game_slug=data["game"],
            code=data["code"],
            name=data["name"],
            organizer=request.user,
            lines=lines,
        )
        return Response(serializers.CardSetOut(card_set).data, status=status.HTTP_201_CREATED)


class CardSetPublishApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.CardSetOut, **ERRORS},
        summary="Publish an imported card set (staff): usable in everyone's decks and events",
    )
    def post(self, request, pk: int):
        card_set = CardSet.objects.filter(pk=pk).first()
        if card_set is None or not services.may_see_card_set(card_set, request.user):
            raise NotFound("No such card set.", code="card_set_not_found")
        card_set = services.card_set_publish(card_set=card_set, user=request.user)
        return Response(serializers.CardSetOut(card_set).data)


class EventCardSetsApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        responses={200: serializers.CardSetOut(many=True), 404: ErrorOut},
        summary="The card sets whose cards are legal in the event",
    )
    def get(self, request, pk: int):
        sets = selectors.event_card_sets(_tournament(pk)).order_by("id")
        return Response(serializers.CardSetOut(sets, many=True).data)

    @extend_schema(
        request=serializers.EventCardSetsIn,
        responses={200: serializers.CardSetOut(many=True), **ERRORS},
        summary="Choose the event's card sets (organizer, before the start; [] = the official)",
    )
    def put(self, request, pk: int):
        data = _valid(serializers.EventCardSetsIn, request)
        sets = services.event_card_sets_set(
            tournament=_tournament(pk), card_set_ids=data["card_sets"], user=request.user
        )
        return Response(serializers.CardSetOut(sets, many=True).data)


class CardSetExportApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("kind", str, enum=["json", "csv"])],
        responses={(200, "text/plain"): str, 404: ErrorOut},
        summary="Export a card set as JSON (default) or CSV",
    )
    def get(self, request, pk: int):
        card_set = CardSet.objects.filter(pk=pk).first()
        if card_set is None or not services.may_see_card_set(card_set, request.user):
            raise NotFound("No such card set.", code="card_set_not_found")
        kind = request.query_params.get("kind", "json")
        if kind not in ("json", "csv"):
            raise ServiceError("Export as ?kind=json or ?kind=csv.", errors={"kind": [kind]})
        content_type = "text/csv" if kind == "csv" else "application/json"
        return HttpResponse(card_set_export(card_set, file_format=kind), content_type=content_type)


RULE_FIELDS = ("min_size", "max_size", "copy_limit", "type_copy_limits", "jokers", "configurable")


def _tournament(pk: int):

    tournament = Tournament.objects.filter(pk=pk).first()
    if tournament is None:
        raise NotFound("No such tournament.", code="tournament_not_found")
    return tournament


def _rules_body(tournament, fmt) -> dict:
    stored = getattr(tournament, "deck_rules", None)
    return {
        "game": tournament.game,
        "format": tournament.deck_format,
        "options": stored.options if stored else {},
        "rules": {key: fmt.to_dict()[key] for key in RULE_FIELDS} if fmt else None,
    }


class EventDeckRulesApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        responses={200: serializers.DeckRulesOut, 404: ErrorOut},
        summary="The event's deck rules (its format with the organizer's options)",
    )
    def get(self, request, pk: int):
        tournament = _tournament(pk)
        return Response(_rules_body(tournament, selectors.event_format(tournament)))

    @extend_schema(
        request=serializers.DeckRulesIn,
        responses={200: serializers.DeckRulesOut, **ERRORS},
        summary="Set the event's deck-format options (organizer, before the start)",
    )
    def put(self, request, pk: int):
        tournament = _tournament(pk)
        data = _valid(serializers.DeckRulesIn, request)
        fmt = services.event_deck_rules_set(
            tournament=tournament, options=data["options"], user=request.user
        )
        return Response(_rules_body(_tournament(pk), fmt))
