"""Pools (pool_create, sealed validation from a pool), deck deletion, the import_cards command."""

import json

import pytest
from django.core.management import CommandError, call_command

from config.errors import ServiceError
from decks.models import Card, CardSet, Pool
from decks.services import pool_create

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def kc_cards(*names: str) -> dict[str, int]:
    """{name: card id} for Kingdom Combat starter cards."""
    rows = Card.objects.filter(card_set__games__slug="kingdom-combat", name__in=names)
    return dict(rows.values_list("name", "pk"))


def test_pool_create_stores_counts(make_user):
    owner = make_user()
    ids = kc_cards("Ironhold Footman", "Iron Knight")
    pool = pool_create(
        owner=owner,
        game_slug="kingdom-combat",
        cards={ids["Ironhold Footman"]: 3, ids["Iron Knight"]: 1},
        source="sealed",
        seed="s-1",
    )
    stored = dict(pool.cards.values_list("card__name", "count"))
    assert stored == {"Ironhold Footman": 3, "Iron Knight": 1}
    assert (pool.owner, pool.game.slug, pool.source, pool.seed) == (
        owner,
        "kingdom-combat",
        "sealed",
        "s-1",
    )


@pytest.mark.parametrize(
    ("cards", "source", "code"),
    [
        ({"Iron Knight": 0}, "sealed", "invalid"),
        ({"Iron Knight": 1}, "cube", "invalid"),
        ({"AS": 1}, "draft", "unknown_card"),
    ],
)
def test_pool_create_refuses_bad_counts_sources_and_other_games_cards(
    make_user, cards, source, code
):
    by_name = dict(Card.objects.filter(name__in=["Iron Knight", "AS"]).values_list("name", "pk"))
    by_name |= dict(Card.objects.filter(code="AS").values_list("code", "pk"))
    with pytest.raises(ServiceError) as raised:
        pool_create(
            owner=make_user(),
            game_slug="kingdom-combat",
            cards={by_name[name]: n for name, n in cards.items()},
            source=source,
            seed="x",
        )
    assert raised.value.code == code
    assert Pool.objects.count() == 0


def test_sealed_validation_reads_the_pool_and_only_its_owner_may_use_it(make_user, client_for):
    owner, stranger = make_user(), make_user()
    ids = kc_cards("Ironhold Footman", "Iron Knight")
    pool = pool_create(
        owner=owner,
        game_slug="kingdom-combat",
        cards={ids["Ironhold Footman"]: 2, ids["Iron Knight"]: 1},
        source="sealed",
        seed="s-2",
    )
    body = {
        "game": "kingdom-combat",
        "format": "sealed",
        "fortresses": ["Ironhold Keep"],
        "cards": [{"name": "Ironhold Footman", "count": 3}, {"name": "Iron Knight", "count": 1}],
        "pool": pool.pk,
    }
    result = client_for(owner).post("/api/decks/validate/", body, format="json")
    assert result.status_code == 200
    outside = [p for p in result.json()["problems"] if p["code"] == "not_in_pool"]
    assert [(p["card"], p["count"], p["limit"]) for p in outside] == [("Ironhold Footman", 3, 2)]
    assert client_for(stranger).post("/api/decks/validate/", body, format="json").status_code == 403
    missing = client_for(owner).post("/api/decks/validate/", body | {"pool": 999999}, format="json")
    assert missing.status_code == 404


def test_the_owner_deletes_a_deck_and_it_is_gone(make_user, client_for, ironhold_deck):
    owner = make_user()
    body = {"game": "kingdom-combat", "format": "constructed", "name": "Gone", **ironhold_deck}
    deck = client_for(owner).post("/api/decks/", body, format="json").json()
    assert client_for(owner).delete(f"/api/decks/{deck['id']}/").status_code == 204
    assert client_for(owner).get(f"/api/decks/{deck['id']}/").status_code == 404
    assert client_for(owner).get("/api/decks/999999/export/").status_code == 404


def test_import_cards_command_imports_json(tmp_path, make_user):
    make_user(username="org")
    data = {
        "factions": [],
        "cards": [
            {
                "name": "Hill Spearman",
                "type": "unit",
                "border": "black",
                "factions": ["mercenary"],
                "cost": 2,
                "stats": {"attack": 2, "defense": 1, "armor": 1, "hp": 1},
            },
        ],
    }
    path = tmp_path / "set.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    call_command(
        "import_cards", str(path), game="kingdom-combat", code="HILL", name="Hill", organizer="org"
    )
    assert CardSet.objects.get(code="HILL").cards.get().name == "Hill Spearman"


def test_import_cards_command_reports_bad_csv_lines_and_imports_nothing(tmp_path, make_user):
    make_user(username="org")
    path = tmp_path / "set.csv"
    path.write_text(
        "name,type,border,factions,cost\n"
        "Good Spearman,unit,black,mercenary,2\n"
        "Odd Spearman,unit,black,mercenary,2\n"
        "Bad Spearman,unit,purple,mercenary,2\n",
        encoding="utf-8",
    )
    with pytest.raises(CommandError) as raised:
        call_command(
            "import_cards", str(path), game="kingdom-combat", code="BAD", name="B", organizer="org"
        )
    assert "line 4" in str(raised.value)
    assert not CardSet.objects.filter(code="BAD").exists()
    assert not Card.objects.filter(name="Good Spearman").exists()


def _combat_pool(owner, entry=None, seed="p") -> tuple[Pool, str]:
    """A 30-card Combat pool (no Jokers) and the text of the deck using all of it."""
    rows = Card.objects.filter(card_set__games__slug="combat").exclude(type="joker")
    codes = list(rows.order_by("pk").values_list("code", "pk")[:30])
    pool = pool_create(
        owner=owner,
        game_slug="combat",
        cards={pk: 1 for _, pk in codes},
        entry=entry,
        source="sealed",
        seed=seed,
    )
    return pool, "\n".join(f"1 {code}" for code, _ in codes)


def test_a_limited_event_needs_the_pool_dealt_to_the_entry(make_user, client_for):
    from tests.decks.test_decks_api import make_event
    from tournaments.models import Entry

    organizer, alice, bob = make_user(), make_user(), make_user()
    event = make_event(client_for(organizer), game="combat", deck_format="sealed")
    for player in (alice, bob):
        client_for(player).post(f"/api/tournaments/{event}/entries/", {}, format="json")
    entries = {e.user_id: e for e in Entry.objects.filter(tournament_id=event)}
    decks = {}
    for player, entry in ((alice, entries[alice.pk]), (bob, None)):
        pool, text = _combat_pool(player, entry, seed=player.username)
        body = {"game": "combat", "format": "sealed", "name": "S", "text": text, "pool": pool.pk}
        decks[player.pk] = client_for(player).post("/api/decks/", body, format="json").json()
        url = f"/api/tournaments/{event}/entries/{entries[player.pk].pk}/deck/"
        assert client_for(player).post(url, {"deck": decks[player.pk]["id"]}).status_code == 201

    refused = client_for(organizer).post(f"/api/tournaments/{event}/start/")
    assert refused.status_code == 400
    listed = refused.json()["entries"]
    assert [(e["entry"], e["problems"][0]["code"]) for e in listed] == [
        (entries[bob.pk].pk, "wrong_pool")
    ]


def test_the_organizer_may_register_a_deck_for_a_players_entry(make_user, client_for):
    from tests.decks.test_decks_api import make_event

    organizer, alice, stranger = make_user(), make_user(), make_user()
    event = make_event(client_for(organizer), game="combat", deck_format="constructed")
    entry = client_for(alice).post(f"/api/tournaments/{event}/entries/", {}, format="json").json()
    body = {"game": "combat", "format": "constructed", "name": "C", "text": "1 AS\n1 KH"}
    deck = client_for(alice).post("/api/decks/", body, format="json").json()
    url = f"/api/tournaments/{event}/entries/{entry['id']}/deck/"
    assert client_for(stranger).post(url, {"deck": deck["id"]}).status_code == 403
    assert client_for(organizer).post(url, {"deck": deck["id"]}).status_code == 201
    missing = f"/api/tournaments/{event}/entries/999999/deck/"
    assert client_for(organizer).post(missing, {"deck": deck["id"]}).status_code == 404


def test_playing_card_decks_export_as_codes_and_round_trip(make_user, client_for):
    client = client_for(make_user())
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    codes = [f"{rank}{suit}" for suit in "SHDC" for rank in ranks][:40]
    listed = "\n".join(f"1 {code}" for code in codes)
    body = {"game": "combat", "format": "constructed", "name": "Forty", "text": listed}
    deck = client.post("/api/decks/", body, format="json").json()
    exported = client.get(f"/api/decks/{deck['id']}/export/").content.decode()
    assert "1 AS" in exported.splitlines()
    check = {"game": "combat", "format": "constructed", "text": exported}
    result = client.post("/api/decks/validate/", check, format="json").json()
    assert result["valid"] is True, result["problems"]
    again = client.post("/api/decks/", body | {"text": exported}, format="json").json()
    assert again["hash"] == deck["hash"]
