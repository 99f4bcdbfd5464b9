"""The OpenAPI schema generates without warnings and is valid OpenAPI 3."""

import pytest
import yaml
from django.core.management import call_command
from openapi_spec_validator import validate
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_schema_is_valid_openapi_and_documents_the_error_shape(tmp_path):
    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--file", str(target), "--validate", "--fail-on-warn")
    schema = yaml.safe_load(target.read_text())
    validate(schema)
    assert "/api/auth/register/" in schema["paths"]
    register = schema["paths"]["/api/auth/register/"]["post"]
    assert {"201", "400"} <= set(register["responses"])
    assert "ErrorOut" in schema["components"]["schemas"]


def test_every_operation_documents_its_errors_in_the_one_shape(tmp_path):
    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--file", str(target))
    schema = yaml.safe_load(target.read_text())
    undocumented = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            errors = {code: r for code, r in operation["responses"].items() if code[0] == "4"}
            expected = {"401", "404"} if "{" in path else {"401"}
            shapes = {r["content"]["application/json"]["schema"]["$ref"] for r in errors.values()}
            if not expected <= set(errors) or shapes != {"#/components/schemas/ErrorOut"}:
                undocumented.append(f"{method.upper()} {path}")
    assert undocumented == []


def test_schema_and_docs_are_served(client):
    assert client.get("/api/schema/").status_code == 200
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert "cdn" not in docs.content.decode().lower(), "Swagger UI must come from our own files"


def _inline(node, components):
    """The schema with every $ref replaced by the component it names."""
    if isinstance(node, dict):
        if "$ref" in node:
            return _inline(components[node["$ref"].rsplit("/", 1)[1]], components)
        return {key: _inline(value, components) for key, value in node.items()}
    if isinstance(node, list):
        return [_inline(item, components) for item in node]
    return node


def test_list_and_tournament_responses_match_their_documented_schema(tmp_path, make_user):
    """The paginated lists (the standings too) are documented as pages ({count, next,
    previous, results}) and a tournament's unset started_at / finished_at as nullable, as the
    API answers them."""
    from openapi_schema_validator import OAS30Validator

    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--file", str(target))
    schema = yaml.safe_load(target.read_text())
    components = schema["components"]["schemas"]
    client = APIClient()
    client.force_authenticate(make_user())
    created = client.post("/api/tournaments/", {"name": "Open"}, format="json")
    answers = [
        ("/api/tournaments/", "post", created),
        ("/api/tournaments/", "get", client.get("/api/tournaments/")),
        ("/api/tournaments/{id}/", "get", client.get(f"/api/tournaments/{created.data['id']}/")),
        (
            "/api/tournaments/{id}/standings/",
            "get",
            client.get(f"/api/tournaments/{created.data['id']}/standings/?limit=5"),
        ),
        ("/api/decks/", "get", client.get("/api/decks/")),
        ("/api/cards/", "get", client.get("/api/cards/?game=combat")),
    ]
    for path, method, response in answers:
        documented = schema["paths"][path][method]["responses"][str(response.status_code)]
        body_schema = _inline(documented["content"]["application/json"]["schema"], components)
        OAS30Validator(body_schema).validate(response.json())
