"""Importing card sets: errors name the file's own lines; reprints are the same card."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from decks.legality import load_builtin
from decks.models import CardSet

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

MERC = {"type": "unit", "border": "black", "factions": ["mercenary"], "cost": 2}


def upload(client, content: str, file_format: str = "json", code: str = "ORG"):
    body = {"game": "kingdom-combat", "code": code, "name": "Org set", "format": file_format}
    return client.post("/api/card-sets/import/", {**body, "content": content}, format="json")


def builtin_card(name: str) -> dict:
    card = next(c for c in load_builtin("kingdom-combat")["cards"] if c["name"] == name)
    return {k: card[k] for k in ("name", "type", "border", "factions", "cost", "stats")}


def test_json_errors_name_the_line_the_bad_card_starts_on(make_user, client_for):
    # given a pretty-printed file whose third card has a purple border
    cards = [{**MERC, "name": "Hill Spearman"}, {**MERC, "name": "Hill Archer"}]
    cards.append({**MERC, "name": "Hill Giant", "border": "purple"})
    content = json.dumps({"cards": cards}, indent=2)
    bad_line = [i + 1 for i, line in enumerate(content.splitlines()) if line == "    {"][2]
    # when it is uploaded
    response = upload(client_for(make_user()), content)
    # then the error names that line, and nothing was imported
    assert response.status_code == 400
    assert list(response.json()["errors"]) == [f"line {bad_line}"]
    assert bad_line > 3, "a file line, not the card's position"
    assert not CardSet.objects.filter(code="ORG").exists()


def test_csv_errors_count_lines_inside_quoted_text(make_user, client_for):
    content = (
        "name,type,border,factions,cost,text\n"
        'Hill Spearman,unit,black,mercenary,2,"Two lines\nof rules text"\n'
        "\n"
        "Hill Giant,unit,purple,mercenary,2,\n"
    )
    response = upload(client_for(make_user()), content, "csv")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["line 5"]


def test_a_spreadsheet_csv_with_a_byte_order_mark_imports(make_user, client_for):
    content = "\ufeffname,type,border,factions,cost\nHill Giant,unit,black,mercenary,5\n"
    response = upload(client_for(make_user()), content, "csv")
    assert response.status_code == 201, response.json()


def test_a_csv_without_a_header_says_which_columns_to_use(make_user, client_for):
    response = upload(client_for(make_user()), "Hill Giant,unit,black\n", "csv")
    assert response.status_code == 400
    assert "name, code, type" in response.json()["detail"]


def test_a_reprint_is_the_same_card_for_the_copy_limit(make_user, client_for, api_client):
    # given an organizer's set that reprints the starter set's Iron Knight unchanged
    content = json.dumps({"cards": [builtin_card("Iron Knight")]})
    importer = client_for(make_user())
    assert upload(importer, content).status_code == 201
    # when a deck of the importer's lists three Iron Knights
    body = {"game": "kingdom-combat", "format": "constructed", "text": "3 Iron Knight"}
    response = importer.post("/api/decks/validate/", body, format="json")
    # then the validator still answers, counting both printings as one card
    assert response.status_code == 200
    problem = next(p for p in response.json()["problems"] if p["code"] == "copy_limit")
    assert (problem["card"], problem["count"], problem["limit"]) == ("Iron Knight", 3, 2)
    found = importer.get("/api/cards/?game=kingdom-combat&search=Iron Knight").json()
    assert sorted(card["set"] for card in found["results"]) == ["KC1", "ORG"]
    # while the import stays private: others see only the official printing (D15)
    found = api_client.get("/api/cards/?game=kingdom-combat&search=Iron Knight").json()
    assert sorted(card["set"] for card in found["results"]) == ["KC1"]


def test_a_reprint_that_changes_the_rules_is_refused(make_user, client_for):
    changed = {**builtin_card("Iron Knight"), "border": "black"}
    repeated = {**MERC, "name": "Hill Spearman"}
    content = json.dumps({"cards": [changed, repeated, repeated]}, indent=None)
    response = upload(client_for(make_user()), content)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert list(errors) == ["line 1, card 1", "line 1, card 3"], "one-line JSON: card numbers"
    assert errors["line 1, card 1"] == [
        "Iron Knight is already a Kingdom Combat card (set KC1); a reprint must keep its "
        "border. Match them or give the card a new name."
    ]
    assert errors["line 1, card 3"] == [
        "Hill Spearman is already on line 1, card 2; list each card once."
    ]


@pytest.mark.parametrize(
    ("field", "value"),
    [("cost", 100_000), ("code", "X" * 21), ("subtype", "Y" * 61)],
)
def test_values_the_catalogue_cannot_hold_are_row_errors_not_crashes(
    make_user, client_for, field, value
):
    content = json.dumps({"cards": [{**MERC, "name": "Hill Giant", field: value}]})
    response = upload(client_for(make_user()), content)
    assert response.status_code == 400
    assert field in response.json()["errors"]["line 1"][0]


def test_a_csv_cost_in_non_ascii_digits_is_a_row_error_not_a_crash(make_user, client_for):
    content = "name,type,border,factions,cost\nHill Giant,unit,black,mercenary,\u00b2\n"
    response = upload(client_for(make_user()), content, "csv")
    assert response.status_code == 400
    assert "cost" in response.json()["errors"]["line 2"][0]
    assert not CardSet.objects.filter(code="ORG").exists()


def test_import_cards_command_reports_json_lines_and_non_utf8_files(tmp_path, make_user):
    make_user(username="org")
    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "cards": [\n    {"name": "X", "type": "dragon"}\n  ]\n}\n')
    with pytest.raises(CommandError, match="line 3"):
        call_command(
            "import_cards", str(bad), game="kingdom-combat", code="B", name="B", organizer="org"
        )
    latin = tmp_path / "latin.csv"
    latin.write_bytes("name,type\nCaf\xe9,unit\n".encode("latin-1"))
    with pytest.raises(CommandError, match="UTF-8"):
        call_command(
            "import_cards", str(latin), game="kingdom-combat", code="L", name="L", organizer="org"
        )


@pytest.mark.parametrize("kind", ["json", "csv"])
def test_the_starter_set_round_trips_through_export_and_import(make_user, client_for, kind):
    # given the built-in Kingdom Combat set exported as JSON or CSV
    client = client_for(make_user())
    starter = CardSet.objects.get(code="KC1")
    exported = client.get(f"/api/card-sets/{starter.pk}/export/?kind={kind}").content.decode()
    # when it is imported again as a new set
    created = upload(client, exported, kind, code=f"KC1-{kind}")
    # then every card comes back (as reprints) with the same rules
    assert created.status_code == 201, created.json()
    assert created.json()["cards"] == starter.cards.count()
    again = client.get(f"/api/card-sets/{created.json()['id']}/export/?kind={kind}")
    if kind == "csv":
        assert again.content.decode() == exported
    else:
        assert json.loads(again.content)["cards"] == json.loads(exported)["cards"]


@pytest.mark.parametrize(
    "factions",
    ["ironhold", [{"slug": "hill"}], [{"slug": "Hill Folk", "name": "Hill Folk"}]],
)
def test_a_bad_factions_list_is_a_400_naming_it(make_user, client_for, factions):
    card = {**MERC, "name": "Hill Giant"}
    response = upload(client_for(make_user()), json.dumps({"factions": factions, "cards": [card]}))
    assert response.status_code == 400
    assert "factions" in response.json()["errors"]


def test_a_deck_is_cards_or_text_not_both(api_client):
    body = {"game": "kingdom-combat", "format": "constructed", "text": "1 Iron Knight"}
    both = {**body, "cards": [{"name": "Iron Knight", "count": 2}]}
    response = api_client.post("/api/decks/validate/", both, format="json")
    assert response.status_code == 400
    assert "not both" in response.json()["errors"]["text"][0]


def test_import_cards_command_shows_a_progress_bar(tmp_path, make_user):
    import io

    make_user(username="org")
    path = tmp_path / "set.json"
    path.write_text(json.dumps({"cards": [{**MERC, "name": f"Hill Folk {n}"} for n in range(5)]}))
    out, err = io.StringIO(), io.StringIO()
    call_command(
        "import_cards",
        str(path),
        game="kingdom-combat",
        code="HF",
        name="Hill Folk",
        organizer="org",
        stdout=out,
        stderr=err,
    )
    assert "Checking cards" in err.getvalue()
    assert "5/5" in err.getvalue()
    assert "Imported 5 cards" in out.getvalue()


def test_kingdom_combat_effects_outside_the_engines_vocabulary_are_refused(make_user, client_for):
    # given a card whose second effect is not one the engine can play
    effects = [
        {"when": "play", "op": "gain_gold", "amount": 1},
        {"when": "play", "op": "deal_damage", "amount": 3},
    ]
    card = {**MERC, "name": "Hill Sapper", "type": "action", "subtype": "Event", "cost": 1}
    response = upload(
        client_for(make_user()), json.dumps({"cards": [{**card, "effects": effects}]})
    )
    # then the import is refused, naming the card's line and the effect
    assert response.status_code == 400
    [(line, problems)] = response.json()["errors"].items()
    assert line.startswith("line ")
    assert any(p.startswith("effect 2: op must be one of") for p in problems)


def test_a_token_maker_must_name_a_token_of_the_game_or_the_set(make_user, client_for):
    maker = {**MERC, "name": "Hill Recruiter", "type": "action", "subtype": "Event", "cost": 1}
    make = {"when": "play", "op": "create_token", "count": 1}
    unknown = {**maker, "effects": [{**make, "token": "hill-dragon"}]}
    response = upload(client_for(make_user()), json.dumps({"cards": [unknown]}))
    assert response.status_code == 400
    assert "token 'hill-dragon' is not a token card" in str(response.json()["errors"])
    token = {**MERC, "name": "Hill Dragon", "type": "token", "border": "green", "cost": 0}
    response = upload(client_for(make_user()), json.dumps({"cards": [unknown, token]}), code="ORG2")
    assert response.status_code == 201, response.json()


@pytest.mark.parametrize("depth", [40, 3_000])
def test_a_card_file_nested_thousands_deep_is_a_400_with_the_error_shape(
    make_user, client_for, depth
):
    # given a JSON card set whose one card nests lists far deeper than any card set
    content = '{"cards": [' + "[" * depth + "]" * depth + "]}"
    # when it is imported
    answer = upload(client_for(make_user()), content)
    # then it is refused with the error shape, naming the content, and nothing is stored
    assert answer.status_code == 400, answer.content
    body = answer.json()
    assert body["code"] == "too_deep"
    assert "levels deep" in body["detail"]
    assert list(body["errors"]) == ["content"]
    assert not CardSet.objects.filter(code="ORG").exists()
