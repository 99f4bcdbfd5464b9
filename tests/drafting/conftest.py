"""Fixtures for the drafting tests: users, pods and a helper to run every bot."""

import pytest

from decks.drafting import services
from decks.drafting.models import Draft, PackCard, Seat
from tournaments.models import Entry, Tournament


@pytest.fixture
def organizer(make_user):
    return make_user("organizer")


@pytest.fixture
def players(make_user):
    return [make_user(f"drafter{i}") for i in range(8)]


@pytest.fixture
def make_draft(organizer):
    """make_draft(humans=[users], seats=8, pick_timer="off", start=True) -> Draft."""

    def make(humans=(), seats=8, pick_timer="off", start=True, game="combat", **extra):
        draft = services.draft_create(
            organizer=organizer,
            game_slug=game,
            seats=seats,
            bots=seats - len(humans),
            pick_timer=pick_timer,
            seed=extra.pop("seed", "test-seed"),
            **extra,
        )
        for user in humans:
            services.draft_join(draft_id=draft.id, user=user)
        if start:
            services.draft_start(draft_id=draft.id, user=organizer)
        return Draft.objects.get(pk=draft.id)

    return make


@pytest.fixture
def make_tournament(organizer, make_user):
    def make(deck_format: str, entries: int, game: str = "combat", jokers: bool = False):
        tournament = Tournament.objects.create(
            name=f"{deck_format} event", game=game, deck_format=deck_format,
            jokers=jokers, organizer=organizer, rng_seed=7,
        )  # fmt: skip
        for number in range(entries):
            Entry.objects.create(
                tournament=tournament, user=make_user(f"{deck_format}{number}"), seed=number + 1
            )
        return tournament

    return make


def _head(draft_id: int, user):
    """The user's head pack as the pure rules see it (cheaper than the full seat view)."""
    from decks.drafting.rules import head_pack
    from decks.drafting.services.common import positions_of

    draft = Draft.objects.get(pk=draft_id)
    seat = Seat.objects.get(draft=draft, player=user)
    return head_pack(positions_of(draft), seat.index, draft.round)


def human_pick(draft_id: int, user, *, choose=0):
    """Pick the ``choose``-th card of the user's current pack; returns the pick."""
    head = _head(draft_id, user)
    assert head is not None
    cards = PackCard.objects.filter(pack_id=head.id, pick__isnull=True).order_by("position")
    return services.draft_pick_make(
        draft_id=draft_id,
        user=user,
        pack_id=head.id,
        pick_number=head.pick_number,
        pack_card_id=cards[choose].id,
    )


def draft_to_the_end(draft_id: int, humans) -> None:
    """Humans pick their first card whenever they have a pack; bots run in between."""
    for _ in range(2000):
        services.draft_bots_run(draft_id=draft_id)
        if Draft.objects.get(pk=draft_id).status == Draft.Status.FINISHED:
            return
        for user in humans:
            if _head(draft_id, user) is not None:
                human_pick(draft_id, user)
    raise AssertionError("the draft did not finish")
