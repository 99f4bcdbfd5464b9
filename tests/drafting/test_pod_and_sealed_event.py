"""Issue 36: one Kingdom Combat pod for the entries who draft, sealed pools for the rest."""

import pytest
from django.test import Client

from config.errors import ServiceError
from decks.drafting import services
from decks.drafting.models import Draft, SealedDeal, Seat
from decks.models import Pool
from tournaments.models import Entry, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def _entries(tournament) -> list[Entry]:
    return list(Entry.objects.filter(tournament=tournament).order_by("seed"))


def test_two_drafters_share_a_pod_of_bots_and_the_rest_open_sealed_pools(
    organizer, make_tournament
):
    # given a Kingdom Combat draft event of 8 entries, two of whom want to draft
    tournament = make_tournament("draft", 8, game="kingdom-combat")
    entries = _entries(tournament)
    drafters = entries[:2]
    # when the organizer makes the pod for those two, then deals sealed pools
    [pod] = services.tournament_pods_create(
        tournament_id=tournament.id, user=organizer, drafter_entry_ids=[e.pk for e in drafters]
    )
    pools = services.sealed_pools_create(tournament_id=tournament.id, user=organizer)
    # then the pod has 8 seats: the two drafters and six bots
    seats = list(Seat.objects.filter(draft=pod).order_by("index"))
    assert len(seats) == 8
    assert {s.entry_id for s in seats if not s.is_bot} == {e.pk for e in drafters}
    assert sum(s.is_bot and s.entry_id is None for s in seats) == 6
    # and the six others each get a sealed pool of 6 boosters (90 cards, ruling 37)
    assert sorted(p.entry_id for p in pools) == sorted(e.pk for e in entries[2:])
    assert {sum(c.count for c in p.cards.all()) for p in pools} == {90}
    # (the drafters' 45 picks become their pools at the end: the whole-day browser test)


@pytest.mark.parametrize(
    ("pick", "code"),
    [
        (lambda entries: [], "no_drafters"),
        (lambda entries: [e.pk for e in entries], "too_many_drafters"),
        (lambda entries: [entries[0].pk, 999_999], "unknown_drafters"),
    ],
)
def test_a_bad_choice_of_drafters_is_refused_and_nothing_is_made(
    client_for, organizer, make_tournament, pick, code
):
    tournament = make_tournament("draft", 9, game="kingdom-combat")
    response = client_for(organizer).post(
        f"/api/tournaments/{tournament.id}/drafts/",
        {"drafters": pick(_entries(tournament))},
        format="json",
    )
    assert (response.status_code, response.json()["code"]) == (400, code)
    assert "drafters" in response.json()["errors"]
    assert not Draft.objects.filter(tournament=tournament).exists()


def test_a_dropped_or_waitlisted_entry_cannot_draft(organizer, make_tournament):
    tournament = make_tournament("draft", 4, game="kingdom-combat")
    entries = _entries(tournament)
    Entry.objects.filter(pk=entries[0].pk).update(dropped=True)
    Entry.objects.filter(pk=entries[1].pk).update(waitlisted=True, seed=None)
    for gone in entries[:2]:
        with pytest.raises(ServiceError) as refused:
            services.tournament_pods_create(
                tournament_id=tournament.id, user=organizer, drafter_entry_ids=[gone.pk]
            )
        assert refused.value.code == "unknown_drafters"


def test_sealed_in_a_draft_event_waits_for_the_pod_and_deals_once(
    client_for, organizer, make_tournament
):
    tournament = make_tournament("draft", 4, game="kingdom-combat")
    url = f"/api/tournaments/{tournament.id}/"
    host = client_for(organizer)
    # before the pod: refused, nothing dealt
    early = host.post(url + "sealed-pools/", {}, format="json")
    assert (early.status_code, early.json()["code"]) == (409, "no_pods_yet")
    first = _entries(tournament)[0].pk
    assert host.post(url + "drafts/", {"drafters": [first]}, format="json").status_code == 201
    # after it: the three others are dealt, once; a second pod is refused
    assert host.post(url + "sealed-pools/", {}, format="json").status_code == 201
    again = host.post(url + "sealed-pools/", {}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "already_dealt")
    pods = host.post(url + "drafts/", {"drafters": [first]}, format="json")
    assert (pods.status_code, pods.json()["code"]) == (409, "pods_exist")
    assert Pool.objects.filter(entry__tournament=tournament, source="sealed").count() == 3


def test_no_pod_after_the_sealed_pools_and_no_sealed_pool_when_everyone_drafts(
    organizer, make_tournament
):
    # a draft event where the sealed pools were somehow dealt first refuses a pod
    tournament = make_tournament("sealed", 3, game="kingdom-combat")
    Tournament.objects.filter(pk=tournament.pk).update(deck_format="draft")
    SealedDeal.objects.create(tournament=tournament, seed="s")
    with pytest.raises(ServiceError) as refused:
        services.tournament_pods_create(tournament_id=tournament.id, user=organizer)
    assert refused.value.code == "already_dealt"
    # and when every entry drafts there is no one to deal a sealed pool to
    other = make_tournament("draft", 3, game="kingdom-combat")
    services.tournament_pods_create(tournament_id=other.id, user=organizer)
    with pytest.raises(ServiceError) as nobody:
        services.sealed_pools_create(tournament_id=other.id, user=organizer)
    assert nobody.value.code == "everyone_drafts"


def test_only_the_organizer_makes_the_pod_or_deals_the_rest(client_for, organizer, make_tournament):
    tournament = make_tournament("draft", 4, game="kingdom-combat")
    entries = _entries(tournament)
    player = client_for(entries[0].user)
    url = f"/api/tournaments/{tournament.id}/"
    denied = player.post(url + "drafts/", {"drafters": [entries[0].pk]}, format="json")
    assert (denied.status_code, denied.json()["code"]) == (403, "not_organizer")
    services.tournament_pods_create(
        tournament_id=tournament.id, user=organizer, drafter_entry_ids=[entries[0].pk]
    )
    denied = player.post(url + "sealed-pools/", {}, format="json")
    assert (denied.status_code, denied.json()["code"]) == (403, "not_organizer")
    assert not SealedDeal.objects.filter(tournament=tournament).exists()
    # the page's form: a player's post changes nothing either, and says why
    page = Client()
    page.force_login(entries[0].user)
    said = page.post(f"/tournaments/{tournament.id}/sealed/pools/", follow=True)
    assert "Only the tournament&#x27;s organizer can do this." in said.content.decode()
    assert not SealedDeal.objects.filter(tournament=tournament).exists()


def test_the_event_page_offers_who_drafts_then_sealed_for_the_rest(
    client, organizer, make_tournament
):
    tournament = make_tournament("draft", 4, game="kingdom-combat")
    entries = _entries(tournament)
    host = client
    host.force_login(organizer)
    page = host.get(f"/tournaments/{tournament.id}/").content.decode()
    assert "Who drafts" in page
    assert all(e.display_name in page for e in entries)
    made = host.post(
        f"/tournaments/{tournament.id}/draft/pods/",
        {"drafters": [entries[0].pk, entries[1].pk]},
        follow=True,
    ).content.decode()
    assert "The pod is made: 2 entries draft beside 6 bots." in made
    assert "Deal sealed pools to the 2 not drafting" in made
    dealt = host.post(
        f"/tournaments/{tournament.id}/sealed/pools/", {"boosters": "6"}, follow=True
    ).content.decode()
    assert "2 pools dealt." in dealt
    assert "Deal sealed pools to the" not in dealt
    assert "Pod 1 · 8 seats (2 entries and 6 bots)" in dealt
    sealed = Pool.objects.filter(entry__in=entries[2:], source="sealed")
    assert sealed.count() == 2
    # a deck built from a sealed pool in this event is a draft deck: it registers here
    owner = Client()
    owner.force_login(sealed[0].owner)
    builder = owner.get(f"/decks/new/?pool={sealed[0].pk}").content.decode()
    assert '<option value="draft" selected>Draft</option>' in builder
