"""OpenAPI schema additions shared by every app."""

ERROR_REF = {"$ref": "#/components/schemas/ErrorOut"}
METHODS = {"get", "post", "put", "patch", "delete"}


def error_response(description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": ERROR_REF}}}


def add_error_responses(result, generator, request, public):
    """Document the errors any endpoint can give, where its view did not: 401 for a bad
    token (checked on every endpoint, public ones too) and 404 where the path names an object.
    drf-spectacular post-processing hook (see SPECTACULAR_SETTINGS)."""
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            responses = operation.setdefault("responses", {})
            responses.setdefault("401", error_response("The token or session is not valid."))
            if "{" in path:
                responses.setdefault("404", error_response("No such object, or not yours."))
    return result
