"""The OpenAPI schema generates without warnings and is valid OpenAPI 3."""

import pytest
import yaml
from django.core.management import call_command
from openapi_spec_validator import validate

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
