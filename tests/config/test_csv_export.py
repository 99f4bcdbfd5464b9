"""CSV exports neutralize spreadsheet formulas (OWASP CSV injection), keeping values readable."""

import csv
import io

import pytest

from config.csv_export import neutralize_cell, restore_cell

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ('=HYPERLINK("http://evil")', '\'=HYPERLINK("http://evil")'),
        ("+1+2", "'+1+2"),
        ("-cmd|' /C calc'!A0", "'-cmd|' /C calc'!A0"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tTabbed", "'\tTabbed"),
        ("Alice", "Alice"),
        ("-3", "-3"),
        (5, 5),
    ],
)
def test_formula_cells_get_a_quote_and_come_back_unchanged(value, written):
    assert neutralize_cell(value) == written
    if isinstance(value, str):
        assert restore_cell(neutralize_cell(value)) == value


def test_the_standings_csv_neutralizes_an_entry_named_like_a_formula(make_user, client_for):
    org_client = client_for(make_user())
    tournament = org_client.post(
        "/api/tournaments/", {"name": "Open", "game": "combat"}, format="json"
    ).json()
    for name in ('=HYPERLINK("http://evil.example","win")', "@bob"):
        response = org_client.post(
            f"/api/tournaments/{tournament['id']}/entries/", {"name": name}, format="json"
        )
        assert response.status_code == 201, response.content
    assert org_client.post(f"/api/tournaments/{tournament['id']}/start/").status_code == 200
    body = org_client.get(f"/api/tournaments/{tournament['id']}/standings/?format=csv")
    names = [row[2] for row in csv.reader(io.StringIO(body.content.decode()))][1:]
    assert sorted(names) == ['\'=HYPERLINK("http://evil.example","win")', "'@bob"]


def test_a_card_set_csv_neutralizes_names_and_imports_back_the_same(make_user, client_for):
    client = client_for(make_user())
    content = 'name,type,border,factions,cost\n"=1+1 Soldier",unit,black,mercenary,2\n'
    body = {"game": "kingdom-combat", "code": "EVL", "name": "Set", "format": "csv"}
    created = client.post("/api/card-sets/import/", {**body, "content": content}, format="json")
    assert created.status_code == 201, created.content
    exported = client.get(f"/api/card-sets/{created.json()['id']}/export/?kind=csv")
    text = exported.content.decode()
    assert "'=1+1 Soldier" in text
    # the export imports back (under another code) with the original name
    again = client.post(
        "/api/card-sets/import/", {**body, "code": "EVL2", "content": text}, format="json"
    )
    assert again.status_code == 201, again.content
    found = client.get("/api/cards/?game=kingdom-combat&search=Soldier").json()
    assert {card["name"] for card in found["results"]} >= {"=1+1 Soldier"}
