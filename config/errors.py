"""The API's one error shape, and the exceptions services raise.

Every error response body is ``{"detail": str, "code": str, "errors": {field: [str]}}``,
plus any keys a ServiceError puts in ``data`` (e.g. the current state with a 409)."""

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler


class ServiceError(Exception):
    """A request that cannot be carried out as asked; nothing was changed."""

    status_code: int = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        errors: dict[str, list[str]] | None = None,
        data: dict[str, Any] | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code
        self.errors = errors or {}
        self.data = data or {}

    def add_to_form(self, form) -> None:
        """Show the refusal on a page's form: each field's problems beside that field (on the
        form as a whole when the form has no such field), the message when none names one."""
        if not self.errors:
            form.add_error(None, self.message)
        for field, problems in self.errors.items():
            for problem in problems:
                form.add_error(field if field in form.fields else None, problem)


class NotAllowed(ServiceError):
    """The user is known but may not do this (403)."""

    status_code = status.HTTP_403_FORBIDDEN
    default_code = "permission_denied"


class NotFound(ServiceError):
    """The thing does not exist, or the user may not know it exists (404)."""

    status_code = status.HTTP_404_NOT_FOUND
    default_code = "not_found"


class Conflict(ServiceError):
    """The request is stale or clashes with the current state (409)."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"


def error_body(detail: str, code: str, errors: dict | None = None, **data) -> dict:
    """The one error shape."""
    return {"detail": detail, "code": code, "errors": errors or {}, **data}


def _field_errors(detail, prefix: str = "") -> dict:
    """DRF's nested validation detail as flat {"field[0].sub": [messages]}; messages on the
    whole body go under 'non_field_errors'."""
    if isinstance(detail, dict):
        errors: dict[str, list[str]] = {}
        for field, inner in detail.items():
            if isinstance(field, int):  # a ListField's errors are keyed by position
                name = f"{prefix}[{field}]"
            elif not prefix or field == "non_field_errors":
                name = str(field)
            else:
                name = f"{prefix}.{field}"
            errors.update(_field_errors(inner, name))
        return errors
    if isinstance(detail, list) and any(isinstance(item, dict | list) for item in detail):
        errors = {}
        for index, inner in enumerate(detail):
            if inner:  # items without errors come back empty
                errors.update(_field_errors(inner, f"{prefix}[{index}]"))
        return errors
    messages = detail if isinstance(detail, list) else [detail]
    return {prefix or "non_field_errors": [str(message) for message in messages]}


def _summary(errors: dict) -> str:
    parts = [f"{field}: {' '.join(msgs)}" for field, msgs in errors.items()]
    return "Invalid input. " + " ".join(parts)


def api_exception_handler(exc, context):
    """Render every error, ours and DRF's, in the one shape."""
    if isinstance(exc, ServiceError):
        body = error_body(exc.message, exc.code, exc.errors, **exc.data)
        return Response(body, status=exc.status_code)
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            errors = exc.message_dict
        else:
            errors = {"non_field_errors": exc.messages}
        return Response(error_body(_summary(errors), "invalid", errors), status=400)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        errors = _field_errors(exc.detail)
        response.data = error_body(_summary(errors), "invalid", errors)
    else:
        detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
        code = exc.get_codes() if isinstance(exc, exceptions.APIException) else "error"
        response.data = error_body(str(detail), code if isinstance(code, str) else "error")
    return response
