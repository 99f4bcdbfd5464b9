"""Cube drafting on PostgreSQL: an organizer's own imported set dealt as a singleton cube,
drafted to the end (also as a Winston draft), and the refusals."""

from collections import Counter
from functools import partial

import pytest

from config.errors import ServiceError
from decks.drafting import services
from decks.drafting.models import Draft, GridTable, PackCard, WinstonTable
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


def test_tournament_pods_take_a_format_and_a_cube(organizer, make_tournament, own_set, client):
    """Ruling 38: an event's pods may be Rochester, Winston or grid (a pod of two) and dealt
    from the organizer's cube; impossible combinations are refused and make nothing."""
    tournament = make_tournament("draft", 5, game="kingdom-combat")
    entries = list(tournament.entries.order_by("seed"))
    make = partial(services.tournament_pods_create, tournament_id=tournament.id, user=organizer)
    client.force_login(organizer)
    page = client.get(f"/tournaments/{tournament.id}/").content.decode()
    assert 'name="format"' in page
    assert f'<option value="{own_set.pk}">My cube</option>' in page
    refusals = [
        ({"format": "winston"}, "pod_not_two"),  # five entries are no pod of two
        ({"format": "grid", "drafter_entry_ids": [e.pk for e in entries[:3]]}, "pod_not_two"),
        ({"format": "rochester", "cube": True, "card_set_id": own_set.id}, "not_enough_cards"),
        ({"format": "swiss"}, "bad_format"),
    ]
    for kwargs, code in refusals:
        with pytest.raises(ServiceError) as refused:
            make(**kwargs)
        assert refused.value.code == code
    assert not Draft.objects.filter(tournament=tournament).exists()
    # two ticked entries draft a grid from the cube (90 of its 100 cards), then it starts
    posted = client.post(
        f"/tournaments/{tournament.id}/draft/pods/",
        {"drafters": [entries[0].pk, entries[1].pk], "format": "grid", "cube": "on",
         "card_set": own_set.pk},
        follow=True,
    ).content.decode()  # fmt: skip
    pod = Draft.objects.get(tournament=tournament)
    assert (pod.format, pod.cube, pod.seat_count, pod.card_set_id) == ("grid", True, 2, own_set.id)
    assert "Grid (2 players) from a cube" in posted
    services.draft_start(draft_id=pod.id, user=organizer)
    assert GridTable.objects.filter(draft=pod).exists()


def test_every_entry_in_rochester_pods(organizer, make_tournament):
    tournament = make_tournament("draft", 9)
    pods = services.tournament_pods_create(
        tournament_id=tournament.id, user=organizer, format="rochester"
    )
    assert [(p.format, p.seat_count) for p in pods] == [("rochester", 5), ("rochester", 4)]
