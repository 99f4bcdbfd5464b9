"""The API of an event's entries: register, rename or reseed, remove, paste many, drop,
check in, drop who has not checked in, seed in an order."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import NotFound
from tournaments import serializers, services
from tournaments.api.common import ERRORS, valid
from tournaments.models import Entry
from tournaments.reads.events import entry_list, tournament_get


class EntryListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: serializers.EntryOut(many=True)}, summary="Entries by seed")
    def get(self, request, pk: int):
        tournament = tournament_get(tournament_id=pk)
        return Response(serializers.EntryOut(entry_list(tournament=tournament), many=True).data)

    @extend_schema(
        request=serializers.EntryIn,
        responses={201: serializers.EntryOut, **ERRORS},
        summary="Register a player, guest or team (a player with no body joins themselves)",
    )
    def post(self, request, pk: int):
        data = valid(serializers.EntryIn, request)
        tournament = tournament_get(tournament_id=pk)
        entry = services.entry_add(
            tournament=tournament,
            by_user=request.user,
            user_id=data["user"],
            name=data["name"],
            member_ids=data["members"],
            seed=data["seed"],
        )
        return Response(serializers.EntryOut(entry).data, status=status.HTTP_201_CREATED)


def _entry(pk: int, entry_id: int) -> Entry:
    entry = Entry.objects.filter(pk=entry_id, tournament_id=pk).first()
    if entry is None:
        raise NotFound("No such entry in this tournament.", code="entry_not_found")
    return entry


class EntryDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.EntryUpdateIn,
        responses={200: serializers.EntryOut, **ERRORS},
        summary="Rename a guest or team entry, or move it to another seed (organizer; a swap)",
    )
    def patch(self, request, pk: int, entry_id: int):
        data = valid(serializers.EntryUpdateIn, request)
        entry = services.entry_update(
            entry=_entry(pk, entry_id),
            by_user=request.user,
            name=data.get("name"),
            seed=data.get("seed"),
        )
        return Response(serializers.EntryOut(entry).data)

    @extend_schema(
        request=None,
        responses={204: None, **ERRORS},
        summary="Remove an entry before the start (organizer, or its player leaving)",
    )
    def delete(self, request, pk: int, entry_id: int):
        services.entry_remove(entry=_entry(pk, entry_id), by_user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class EntriesPasteApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.EntriesPasteIn,
        responses={201: serializers.EntryOut(many=True), **ERRORS},
        summary="Add many guests at once, one name a line (organizer; all or none)",
    )
    def post(self, request, pk: int):
        data = valid(serializers.EntriesPasteIn, request)
        entries = services.entries_paste(
            tournament=tournament_get(tournament_id=pk),
            by_user=request.user,
            text=data["text"],
        )
        return Response(
            serializers.EntryOut(entries, many=True).data, status=status.HTTP_201_CREATED
        )


class EntryDropApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.EntryOut, **ERRORS},
        summary="Drop an entry (it forfeits its current match)",
    )
    def post(self, request, pk: int, entry_id: int):
        entry = services.entry_drop(entry=_entry(pk, entry_id), by_user=request.user)
        return Response(serializers.EntryOut(entry).data)


class EntryCheckInApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.CheckInIn,
        responses={200: serializers.EntryOut, **ERRORS},
        summary="Check an entry in before the start, or undo it (its player, or the organizer)",
    )
    def post(self, request, pk: int, entry_id: int):
        data = valid(serializers.CheckInIn, request)
        entry = services.entry_check_in(
            entry=_entry(pk, entry_id), by_user=request.user, checked_in=data["checked_in"]
        )
        return Response(serializers.EntryOut(entry).data)


class EntriesDropUncheckedApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: serializers.DroppedOut, **ERRORS},
        summary="Drop every entry that has not checked in (organizer, before the start)",
    )
    def post(self, request, pk: int):
        count = services.entries_drop_unchecked(
            tournament=tournament_get(tournament_id=pk), by_user=request.user
        )
        return Response({"dropped": count})


class EntriesSeedOrderApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.SeedOrderIn,
        responses={200: serializers.EntryOut(many=True), **ERRORS},
        summary="Seed the listed entries 1, 2, ... in that order (organizer, before the start)",
    )
    def post(self, request, pk: int):
        data = valid(serializers.SeedOrderIn, request)
        entries = services.entries_seed_order(
            tournament=tournament_get(tournament_id=pk),
            by_user=request.user,
            entry_ids=data["entries"],
        )
        return Response(serializers.EntryOut(entries, many=True).data)


class EntriesBulkApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=serializers.EntriesBulkIn,
        responses={200: serializers.ChangedOut, **ERRORS},
        summary="Check in, drop or remove many entries at once (organizer; all or none)",
    )
    def post(self, request, pk: int):
        data = valid(serializers.EntriesBulkIn, request)
        count = services.entries_bulk(
            tournament=tournament_get(tournament_id=pk),
            by_user=request.user,
            entry_ids=data["entries"],
            action=data["action"],
        )
        return Response({"changed": count})
