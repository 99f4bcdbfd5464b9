import pytest

from decks.drafting import event_selectors, services
from decks.drafting.catalogue import game_get
from decks.drafting.models import Draft, SealedDeal, Seat
from decks.drafting.services.sealed import sealed_deal_card_ids
from tournaments.models import Entry

from .conftest import draft_to_the_end

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("entries", "sizes"), [(2, [2]), (8, [8]), (9, [5, 4]), (17, [6, 6, 5])])
def test_pod_sizes_are_even_and_at_most_eight(entries, sizes):
    assert services.pod_sizes(entries) == sizes


def test_draft_tournament_pods_seat_every_entry_once(client_for, organizer, make_tournament):
    tournament = make_tournament("draft", 11)
    response = client_for(organizer).post(
        "/api/drafts/", {"game": "combat", "tournament": tournament.id}, format="json"
    )
    assert response.status_code == 201, response.json()
    pods = response.json()["pods"]
    assert [len(p["seats"]) for p in pods] == [6, 5]
    entries = [s.entry_id for s in Seat.objects.filter(draft__tournament=tournament)]
    assert sorted(entries) == sorted(tournament.entries.values_list("id", flat=True))
    again = client_for(organizer).post(f"/api/tournaments/{tournament.id}/drafts/", {})
    assert again.status_code == 409


def test_finished_tournament_pod_links_each_pool_to_its_entry(
    client_for, organizer, make_tournament
):
    tournament = make_tournament("draft", 3)
    pods = services.tournament_pods_create(tournament_id=tournament.id, user=organizer)
    services.draft_start(draft_id=pods[0].id, user=organizer)
    humans = [s.player for s in Seat.objects.filter(draft=pods[0]).select_related("player")]
    draft_to_the_end(pods[0].id, humans)
    assert Draft.objects.get(pk=pods[0].id).status == Draft.Status.FINISHED
    for seat in Seat.objects.filter(draft=pods[0]).select_related("pool", "entry"):
        pool = client_for(seat.player).get(f"/api/pools/{seat.pool_id}/").json()
        assert pool["entry"] == seat.entry_id
        assert sum(row["count"] for row in pool["cards"]) == 45


def test_pods_only_for_a_draft_tournament_by_its_organizer(client_for, make_tournament, players):
    tournament = make_tournament("sealed", 4)
    url = f"/api/tournaments/{tournament.id}/drafts/"
    assert client_for(tournament.organizer).post(url, {}).status_code == 409
    assert client_for(players[0]).post(url, {}).status_code == 403


def test_sealed_pools_deal_one_deck_worth_per_entry_once(client_for, make_tournament, players):
    # given a Combat sealed event of 5 entries with Jokers
    tournament = make_tournament("sealed", 5, jokers=True)
    host = client_for(tournament.organizer)
    url = f"/api/tournaments/{tournament.id}/sealed-pools/"
    # when the organizer deals the pools
    response = host.post(url, {"seed": "sealed-seed"}, format="json")
    # then each entry gets a pool of 54 cards, and the 5 pools are exactly 5 decks
    assert response.status_code == 201, response.json()
    pools = response.json()
    assert len(pools) == 5
    assert {p["seed"] for p in pools} == {"sealed-seed"}
    totals: dict[int, int] = {}
    for ref in pools:
        owner = Entry.objects.get(pk=ref["entry"]).user
        assert ref["user"] == owner.id
        pool = client_for(owner).get(f"/api/pools/{ref['id']}/").json()
        assert sum(row["count"] for row in pool["cards"]) == 54
        for row in pool["cards"]:
            totals[row["card"]["id"]] = totals.get(row["card"]["id"], 0) + row["count"]
    assert sorted(set(totals.values())) in ([5, 10], [10, 5])  # 5 of each card, 10 Jokers
    # and a second deal is refused; other players cannot see a pool
    assert host.post(url, {}, format="json").status_code == 409
    assert host.get(f"/api/pools/{pools[0]['id']}/").status_code == 200


def test_only_the_owner_and_the_organizer_see_a_pool(
    client_for, api_client, make_tournament, players
):
    # given a dealt sealed event
    tournament = make_tournament("sealed", 2)
    host = client_for(tournament.organizer)
    url = f"/api/tournaments/{tournament.id}/sealed-pools/"
    pools = host.post(url, {}, format="json").json()
    mine, theirs = pools
    owner = client_for(Entry.objects.get(pk=mine["entry"]).user)
    # then the owner sees their pool, not the other entry's; strangers see neither
    assert owner.get(f"/api/pools/{mine['id']}/").status_code == 200
    assert owner.get(f"/api/pools/{theirs['id']}/").status_code == 404
    assert client_for(players[0]).get(f"/api/pools/{mine['id']}/").status_code == 404
    assert api_client.get(f"/api/pools/{mine['id']}/").status_code == 401
    # and only the organizer lists or deals the pools
    assert owner.get(url).status_code == 403
    assert owner.post(url, {}, format="json").status_code == 403


@pytest.mark.parametrize(
    ("game", "jokers", "settings"),
    [
        ("combat", True, {}),
        ("kingdom-combat", False, {"booster_layout": "1 gold/silver, 5 black", "boosters": 2}),
    ],
)
def test_sealed_pools_rederive_from_the_stored_seed(
    organizer, make_tournament, game, jokers, settings
):
    # given a sealed event dealt from a seed
    tournament = make_tournament("sealed", 3, game=game, jokers=jokers)
    services.sealed_pools_create(
        tournament_id=tournament.id, user=organizer, seed="check", **settings
    )
    # when the deal is re-derived from what was stored (seed and settings) alone
    deal = SealedDeal.objects.get(tournament=tournament)
    again = sealed_deal_card_ids(deal, game=game_get(game), players=3)
    # then every pool is exactly the re-derived one, in entry order
    refs = event_selectors.tournament_pools(tournament_id=tournament.id, user=organizer)
    assert {ref["seed"] for ref in refs} == {"check"}
    for ref, card_ids in zip(refs, again, strict=True):
        pool = event_selectors.pool_detail(pool_id=ref["id"], user=organizer)
        counts = {row["card"]["id"]: row["count"] for row in pool["cards"]}
        assert counts == {cid: card_ids.count(cid) for cid in set(card_ids)}
        assert sum(counts.values()) == (54 if jokers else 12)


def test_kingdom_combat_sealed_pools_come_from_boosters(client_for, make_tournament):
    tournament = make_tournament("sealed", 2, game="kingdom-combat")
    host = client_for(tournament.organizer)
    body = {"booster_layout": "1 gold/silver, 3 silver/black, 11 black", "boosters": 3}
    response = host.post(f"/api/tournaments/{tournament.id}/sealed-pools/", body, format="json")
    assert response.status_code == 201, response.json()
    pool = host.get(f"/api/pools/{response.json()[0]['id']}/").json()
    assert sum(row["count"] for row in pool["cards"]) == 45
    assert {row["card"]["border"] for row in pool["cards"]} <= {"gold", "silver", "black"}
    assert all(row["card"]["type"] not in ("fortress", "token") for row in pool["cards"])


@pytest.mark.parametrize("entries", [9, 17])
def test_tournament_pods_are_listed_in_a_constant_number_of_queries(
    client_for, organizer, make_tournament, entries, django_assert_max_num_queries
):
    tournament = make_tournament("draft", entries)
    services.tournament_pods_create(tournament_id=tournament.id, user=organizer)
    first_pod = Draft.objects.get(tournament=tournament, pod_number=1)
    services.draft_start(draft_id=first_pod.id, user=organizer)
    client = client_for(organizer)
    with django_assert_max_num_queries(3):
        pods = client.get(f"/api/tournaments/{tournament.id}/drafts/").json()
    assert sum(len(p["seats"]) for p in pods) == entries
    assert any(seat["picking"] for seat in pods[0]["seats"])


@pytest.mark.parametrize(("deck_format", "deal_url", "code"), [
    ("draft", "drafts/", "pods_created"),
    ("sealed", "sealed-pools/", "pools_dealt"),
])  # fmt: skip
def test_no_entry_joins_once_pods_or_pools_exist(
    client_for, make_tournament, make_user, deck_format, deal_url, code
):
    # given an event whose pods are made (or pools dealt) for its 4 entries
    tournament = make_tournament(deck_format, 4)
    base = f"/api/tournaments/{tournament.id}/"
    assert client_for(tournament.organizer).post(base + deal_url, {}).status_code == 201
    # when a latecomer joins, or the organizer adds a guest
    late = client_for(make_user("latecomer")).post(base + "entries/", {}, format="json")
    guest = client_for(tournament.organizer).post(
        base + "entries/", {"name": "Guest"}, format="json"
    )
    # then both are refused and the event keeps its 4 entries, each with a pool or seat
    assert (late.status_code, late.json()["code"]) == (409, code)
    assert (guest.status_code, guest.json()["code"]) == (409, code)
    assert Entry.objects.filter(tournament=tournament).count() == 4
