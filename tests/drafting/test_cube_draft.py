"""Cube drafting on PostgreSQL: an organizer's own imported set dealt as a singleton cube,
drafted to the end (also as a Winston draft), and the refusals."""

from collections import Counter

import pytest

from config.errors import ServiceError
from decks.drafting import services
from decks.drafting.models import Draft, PackCard, WinstonTable
from decks.models import Card, CardSet, Game

from .conftest import draft_to_the_end

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture
def own_set(organizer):
    """The organizer's private set of 100 different cards."""
    card_set = CardSet.objects.create(
        code="CUBE", name="My cube", organizer=organizer, visibility="private"
    )
    card_set.games.add(Game.objects.get(slug="kingdom-combat"))
    Card.objects.bulk_create(
        Card(card_set=card_set, key=f"cube-{n}", name=f"Cube {n}", type="unit", border="black")
        for n in range(100)
    )
    return card_set


def test_a_cube_pod_deals_each_card_of_the_list_at_most_once(organizer, players, own_set):
    draft = services.draft_create(
        organizer=organizer, game_slug="kingdom-combat", seats=2, bots=1, cube=True,
        card_set_id=own_set.id,
    )  # fmt: skip
    services.draft_join(draft_id=draft.id, user=players[0])
    services.draft_start(draft_id=draft.id, user=organizer)
    dealt = Counter(PackCard.objects.filter(pack__draft=draft).values_list("card_id", flat=True))
    assert sum(dealt.values()) == 90  # 2 seats x 3 packs of 15
    assert set(dealt.values()) == {1}  # singleton
    assert set(dealt) <= set(own_set.cards.values_list("id", flat=True))
    draft_to_the_end(draft.id, players[:1])
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED


def test_a_cube_can_feed_a_winston_draft(organizer, players, own_set):
    draft = services.draft_create(
        organizer=organizer, game_slug="kingdom-combat", seats=2, bots=2, cube=True,
        card_set_id=own_set.id, format="winston",
    )  # fmt: skip
    services.draft_start(draft_id=draft.id, user=organizer)  # two bots play it through
    table = WinstonTable.objects.get(draft=draft)
    assert Draft.objects.get(pk=draft.id).status == Draft.Status.FINISHED
    pooled = table.pools[0] + table.pools[1]
    assert len(pooled) == len(set(pooled)) == 90


def test_cube_refusals(organizer, players, own_set, make_user):
    with pytest.raises(ServiceError) as combat:
        services.draft_create(organizer=organizer, game_slug="combat", seats=2, cube=True)
    assert combat.value.code == "no_cube"
    # another user cannot deal from the organizer's private set
    with pytest.raises(ServiceError) as foreign:
        services.draft_create(
            organizer=make_user("other"), game_slug="kingdom-combat", seats=2, cube=True,
            card_set_id=own_set.id,
        )  # fmt: skip
    assert foreign.value.code == "unknown_card_set"
    # a cube too small for the pod is refused when the draft starts, nothing dealt
    big = services.draft_create(
        organizer=organizer, game_slug="kingdom-combat", seats=3, bots=3, cube=True,
        card_set_id=own_set.id,
    )  # fmt: skip
    with pytest.raises(ServiceError) as small:
        services.draft_start(draft_id=big.id, user=organizer)
    assert small.value.code == "not_enough_cards"
    assert Draft.objects.get(pk=big.id).status == Draft.Status.OPEN
