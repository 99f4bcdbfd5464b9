"""Saving decks, registering them for a tournament and locking them at start (PostgreSQL)."""

import pytest

from decks.models import DeckRegistration

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]


def save_deck(client, deck: dict, **fields):
    body = {"game": "kingdom-combat", "format": "constructed", "name": "Vanguard", **deck, **fields}
    return client.post("/api/decks/", body, format="json")


def test_a_saved_deck_has_a_hash_and_only_its_owner_sees_it(make_user, client_for, ironhold_deck):
    owner, other = make_user(), make_user()
    response = save_deck(client_for(owner), ironhold_deck)
    assert response.status_code == 201
    deck = response.json()
    assert len(deck["hash"]) == 64
    assert any(c["section"] == "fortress" for c in deck["cards"])
    assert client_for(other).get(f"/api/decks/{deck['id']}/").status_code == 403
    assert client_for(other).delete(f"/api/decks/{deck['id']}/").status_code == 403
    assert client_for(owner).get(f"/api/decks/{deck['id']}/").status_code == 200


def test_anonymous_users_cannot_save_decks(api_client, ironhold_deck):
    assert save_deck(api_client, ironhold_deck).status_code == 401


def test_unknown_cards_are_refused_and_nothing_is_saved(make_user, client_for):
    client = client_for(make_user())
    response = save_deck(client, {"cards": [{"name": "Mystery Card", "count": 1}]})
    assert response.status_code == 400
    assert "Mystery Card" in response.json()["detail"]
    assert client.get("/api/decks/").json()["count"] == 0


def test_editing_a_deck_changes_its_hash(make_user, client_for, ironhold_deck):
    client = client_for(make_user())
    deck = save_deck(client, ironhold_deck).json()
    smaller = {**ironhold_deck, "cards": ironhold_deck["cards"][1:]}
    changed = client.put(f"/api/decks/{deck['id']}/", smaller, format="json").json()
    assert changed["hash"] != deck["hash"]
    renamed = client.put(f"/api/decks/{deck['id']}/", {"name": "New"}, format="json").json()
    assert (renamed["name"], renamed["hash"]) == ("New", changed["hash"])


def test_export_as_text_round_trips_through_validation(make_user, client_for, ironhold_deck):
    client = client_for(make_user())
    deck = save_deck(client, ironhold_deck).json()
    text = client.get(f"/api/decks/{deck['id']}/export/").content.decode()
    assert text.startswith("Fortress: ")
    body = {"game": "kingdom-combat", "format": "constructed", "text": text}
    assert client.post("/api/decks/validate/", body, format="json").json()["valid"] is True
    as_json = client.get(f"/api/decks/{deck['id']}/export/?kind=json").json()
    assert as_json["hash"] == deck["hash"]


def make_event(client, **fields) -> int:
    body = {
        "name": "Banner Cup",
        "game": "kingdom-combat",
        "deck_format": "constructed",
        "entries_per_match": 2,
        **fields,
    }
    response = client.post("/api/tournaments/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def test_start_is_blocked_until_every_entry_has_a_legal_deck_then_decks_lock(
    make_user, client_for, ironhold_deck
):
    organizer, alice, bob = make_user(), make_user(), make_user()
    event = make_event(client_for(organizer))
    entries = {}
    for player in (alice, bob):
        entry = client_for(player).post(f"/api/tournaments/{event}/entries/", {}, format="json")
        entries[player.pk] = entry.json()["id"]
    legal = save_deck(client_for(alice), ironhold_deck).json()
    illegal = save_deck(client_for(bob), {"cards": ironhold_deck["cards"][:3]}).json()
    url = f"/api/tournaments/{event}/entries/{{}}/deck/"
    registered = client_for(alice).post(url.format(entries[alice.pk]), {"deck": legal["id"]})
    assert registered.status_code == 201
    assert (registered.json()["valid"], registered.json()["problems"]) == (True, [])
    assert (
        client_for(bob).post(url.format(entries[alice.pk]), {"deck": illegal["id"]}).status_code
        == 403
    )

    refused = client_for(organizer).post(f"/api/tournaments/{event}/start/")
    assert refused.status_code == 400
    assert refused.json()["code"] == "invalid_decks"
    assert [e["entry"] for e in refused.json()["entries"]] == [entries[bob.pk]]
    (missing,) = refused.json()["entries"][0]["problems"]
    assert missing == {
        "code": "deck_missing",
        "message": "No deck is registered for this entry.",
        "card": None,
        "count": None,
        "limit": None,
    }

    early = client_for(bob).post(url.format(entries[bob.pk]), {"deck": illegal["id"]}).json()
    assert early["valid"] is False, "registering says at once what the start will refuse"
    assert any(p["code"] == "deck_too_small" for p in early["problems"])
    refused = client_for(organizer).post(f"/api/tournaments/{event}/start/").json()
    problems = refused["entries"][0]["problems"]
    assert any(p["code"] == "deck_too_small" for p in problems)

    fixed = save_deck(client_for(bob), ironhold_deck).json()
    client_for(bob).post(url.format(entries[bob.pk]), {"deck": fixed["id"]})
    assert client_for(organizer).post(f"/api/tournaments/{event}/start/").status_code == 200

    locked = DeckRegistration.objects.get(entry_id=entries[alice.pk])
    assert locked.locked_hash == legal["hash"]
    smaller = {**ironhold_deck, "cards": ironhold_deck["cards"][1:]}
    client_for(alice).put(f"/api/decks/{legal['id']}/", smaller, format="json")
    locked.refresh_from_db()
    assert locked.locked_hash == legal["hash"], "later edits do not change the registered list"
    late = client_for(alice).post(url.format(entries[alice.pk]), {"deck": legal["id"]})
    assert late.status_code == 409


def test_the_start_page_names_each_entry_without_a_legal_deck(make_user, client_for, client):
    # given a constructed event where neither ann nor bob registered a deck
    organizer = make_user()
    event = make_event(client_for(organizer))
    for name in ("ann", "bob"):
        client_for(make_user(username=name)).post(
            f"/api/tournaments/{event}/entries/", {}, format="json"
        )
    # when the organizer presses Start on the tournament page
    client.force_login(organizer)
    page = client.post(f"/tournaments/{event}/start/", follow=True)
    # then the page says who has no legal deck and why
    shown = [str(message) for message in page.context["messages"]]
    assert "ann: No deck is registered for this entry." in shown
    assert "bob: No deck is registered for this entry." in shown


def test_a_deck_of_the_wrong_game_cannot_be_registered(make_user, client_for):
    organizer, alice = make_user(), make_user()
    event = make_event(client_for(organizer))
    entry = client_for(alice).post(f"/api/tournaments/{event}/entries/", {}, format="json").json()
    combat = (
        client_for(alice)
        .post(
            "/api/decks/",
            {"game": "combat", "format": "constructed", "name": "C", "text": "1 AS"},
            format="json",
        )
        .json()
    )
    response = client_for(alice).post(
        f"/api/tournaments/{event}/entries/{entry['id']}/deck/", {"deck": combat["id"]}
    )
    assert response.status_code == 400
    assert response.json()["code"] == "wrong_deck_format"


def test_csv_import_reports_bad_rows_by_line_and_imports_nothing(make_user, client_for):
    client = client_for(make_user())
    content = (
        "name,type,border,factions,cost\n"
        "Good Soldier,unit,black,mercenary,2\n"
        "Bad Soldier,unit,purple,mercenary,2\n"
    )
    body = {
        "game": "kingdom-combat",
        "code": "ORG1",
        "name": "Org set",
        "format": "csv",
        "content": content,
    }
    response = client.post("/api/card-sets/import/", body, format="json")
    assert response.status_code == 400
    assert "line 3" in response.json()["errors"]
    assert client.get("/api/cards/?game=kingdom-combat&search=Good Soldier").json()["count"] == 0

    body["content"] = content.replace("purple", "silver")
    created = client.post("/api/card-sets/import/", body, format="json")
    assert created.status_code == 201
    assert created.json()["cards"] == 2
    exported = client.get(f"/api/card-sets/{created.json()['id']}/export/?kind=csv")
    assert "Bad Soldier" in exported.content.decode()


def test_only_the_owner_may_change_or_export_a_deck(make_user, client_for, ironhold_deck):
    owner, other = make_user(), make_user()
    deck = save_deck(client_for(owner), ironhold_deck).json()
    url = f"/api/decks/{deck['id']}/"
    assert client_for(other).put(url, {"name": "Mine now"}, format="json").status_code == 403
    assert client_for(other).get(f"{url}export/").status_code == 403
    assert client_for(other).get("/api/decks/").json()["count"] == 0
    assert client_for(owner).get(url).json()["name"] == "Vanguard", "nothing changed"


def test_a_json_export_saves_back_as_the_same_deck(make_user, client_for, ironhold_deck):
    client = client_for(make_user())
    deck = save_deck(client, ironhold_deck).json()
    exported = client.get(f"/api/decks/{deck['id']}/export/?kind=json").json()
    fields = {k: exported[k] for k in ("name", "game", "format", "fortresses", "cards")}
    copy = client.post("/api/decks/", fields, format="json").json()
    assert copy["hash"] == deck["hash"]


def test_the_registered_list_survives_edits_after_the_start(make_user, client_for, ironhold_deck):
    # given a started event whose decks were locked
    organizer, alice, bob = make_user(), make_user(), make_user()
    event = make_event(client_for(organizer))
    decks = {}
    for player in (alice, bob):
        entry = client_for(player).post(f"/api/tournaments/{event}/entries/", {}, format="json")
        decks[player] = save_deck(client_for(player), ironhold_deck).json()
        url = f"/api/tournaments/{event}/entries/{entry.json()['id']}/deck/"
        assert client_for(player).post(url, {"deck": decks[player]["id"]}).status_code == 201
    assert client_for(organizer).post(f"/api/tournaments/{event}/start/").status_code == 200
    registration = DeckRegistration.objects.get(deck_id=decks[alice]["id"])
    frozen = dict(registration.locked_list)
    # when alice guts her deck
    edited = client_for(alice).put(
        f"/api/decks/{decks[alice]['id']}/", {"text": "1 Iron Knight"}, format="json"
    )
    assert edited.json()["hash"] != decks[alice]["hash"]
    # then the registered list and hash are still the ones checked at the start
    registration.refresh_from_db()
    assert registration.locked_list == frozen
    assert sum(frozen["main"].values()) == sum(c["count"] for c in ironhold_deck["cards"])
    assert registration.locked_hash == decks[alice]["hash"]


def test_registration_denials(make_user, client_for, api_client, ironhold_deck):
    organizer, alice, mallory = make_user(), make_user(), make_user()
    event = make_event(client_for(organizer))
    other_event = make_event(client_for(organizer), name="Other Cup")
    entry = client_for(alice).post(f"/api/tournaments/{event}/entries/", {}, format="json").json()
    deck = save_deck(client_for(alice), ironhold_deck).json()
    url = f"/api/tournaments/{event}/entries/{entry['id']}/deck/"
    assert api_client.post(url, {"deck": deck["id"]}).status_code == 401
    mallory_deck = save_deck(client_for(mallory), ironhold_deck).json()
    assert client_for(mallory).post(url, {"deck": mallory_deck["id"]}).status_code == 403
    assert client_for(alice).post(url, {"deck": mallory_deck["id"]}).status_code == 403
    wrong_event = f"/api/tournaments/{other_event}/entries/{entry['id']}/deck/"
    assert client_for(alice).post(wrong_event, {"deck": deck["id"]}).status_code == 404
    assert client_for(alice).post(url, {"deck": 999999}).status_code == 404
    assert client_for(alice).post(url, {}).status_code == 400
    assert not DeckRegistration.objects.exists()


def test_a_put_changes_only_what_it_sends(make_user, client_for, ironhold_deck):
    client = client_for(make_user())
    deck = save_deck(client, ironhold_deck).json()
    url = f"/api/decks/{deck['id']}/"
    # fortresses alone: the main deck stays, the fortresses change
    dual = client.put(url, {"fortresses": ["Ironhold Keep", "Sylvan Heartwood"]}, format="json")
    forts = sorted(c["name"] for c in dual.json()["cards"] if c["section"] == "fortress")
    assert forts == ["Ironhold Keep", "Sylvan Heartwood"]
    main = [c for c in dual.json()["cards"] if c["section"] == "main"]
    assert sum(c["count"] for c in main) == sum(c["count"] for c in ironhold_deck["cards"])
    # an empty list is refused, not silently ignored
    empty = client.put(url, {"cards": []}, format="json")
    assert empty.status_code == 400
    assert "cards" in empty.json()["errors"]
    assert client.get(url).json()["hash"] == dual.json()["hash"]


def test_bad_game_and_export_kind_are_400s_that_say_what_to_use(
    make_user, client_for, ironhold_deck
):
    client = client_for(make_user())
    body = {"game": "chess", "format": "constructed", "text": "1 AS"}
    refused = client.post("/api/decks/validate/", body, format="json")
    assert refused.status_code == 400
    assert "kingdom-combat" in refused.json()["errors"]["game"][0]
    assert client.post("/api/decks/", {**body, "name": "x"}, format="json").status_code == 400
    deck = save_deck(client, ironhold_deck).json()
    xml = client.get(f"/api/decks/{deck['id']}/export/?kind=xml")
    assert xml.status_code == 400
    assert "kind=json" in xml.json()["detail"]


def test_an_organizer_cannot_register_another_users_deck_to_an_entry(
    make_user, client_for, ironhold_deck
):
    # given an organizer, a player entered in the event, and a stranger with a deck
    organizer, alice, stranger = make_user(), make_user(), make_user()
    org = client_for(organizer)
    event = make_event(org)
    entry = client_for(alice).post(f"/api/tournaments/{event}/entries/", {}, format="json").json()
    strangers_deck = save_deck(client_for(stranger), ironhold_deck).json()
    organizers_deck = save_deck(org, ironhold_deck).json()
    url = f"/api/tournaments/{event}/entries/{entry['id']}/deck/"
    # when the organizer registers the stranger's deck (or their own) to alice's entry
    for deck in (strangers_deck, organizers_deck):
        response = org.post(url, {"deck": deck["id"]})
        # then it is refused, and nothing is registered
        assert response.status_code == 403, response.content
        assert response.json()["code"] in ("deck_not_entrys", "not_deck_owner")
    assert not DeckRegistration.objects.exists()
    # while alice's own deck is fine, registered by her or by the organizer
    alices_deck = save_deck(client_for(alice), ironhold_deck).json()
    assert org.post(url, {"deck": alices_deck["id"]}).status_code in (200, 201)
    # and for a guest entry (no account) the organizer registers a deck of their own
    guest = org.post(f"/api/tournaments/{event}/entries/", {"name": "Gus"}, format="json").json()
    guest_url = f"/api/tournaments/{event}/entries/{guest['id']}/deck/"
    assert org.post(guest_url, {"deck": organizers_deck["id"]}).status_code in (200, 201)
    assert org.post(guest_url, {"deck": strangers_deck["id"]}).status_code == 403
