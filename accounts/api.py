"""The accounts API: sign up, get a token, who am I."""

from django.contrib.auth import authenticate
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import serializers
from accounts.services import user_register, user_token_get, user_tokens_revoke
from config.errors import ServiceError
from config.throttling import AuthThrottle

ERRORS = {400: serializers.ErrorOut, 401: serializers.ErrorOut, 403: serializers.ErrorOut}


class RegisterApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [AuthThrottle]
    throttle_scope = "auth"

    @extend_schema(
        request=serializers.CredentialsIn,
        responses={201: serializers.RegisteredOut, 400: serializers.ErrorOut},
        summary="Sign up as a player",
    )
    def post(self, request):
        data = _credentials(request)
        user = user_register(username=data["username"], password=data["password"])
        body = {"id": user.id, "username": user.username, "token": user_token_get(user=user)}
        return Response(body, status=status.HTTP_201_CREATED)


class TokenApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [AuthThrottle]
    throttle_scope = "auth"

    @extend_schema(
        request=serializers.CredentialsIn,
        responses={200: serializers.TokenOut, 400: serializers.ErrorOut, 429: serializers.ErrorOut},
        summary="Exchange a username and password for an API token",
        description="Failed log-ins are counted per (username, address) and per address, with "
        "the log-in page's: past the limit, 429 `too_many_failures` with Retry-After.",
    )
    def post(self, request):
        data = _credentials(request)
        # Django's request, not DRF's wrapper: django-axes marks it when this (username,
        # address) or address is locked out, and its middleware answers 429 (login_guard)
        user = authenticate(request._request, username=data["username"], password=data["password"])
        if user is None:
            raise ServiceError(
                "Wrong username or password.",
                code="invalid_credentials",
                errors={"password": ["Wrong username or password."]},
            )
        return Response({"token": user_token_get(user=user)})


class MeApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: serializers.UserOut, **ERRORS}, summary="The current user")
    def get(self, request):
        return Response(serializers.UserOut(request.user).data)


class LogoutApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={204: None, **ERRORS},
        summary="Revoke the API token this request carries (log this device out)",
    )
    def post(self, request):
        user_tokens_revoke(user=request.user, token=_token_of(request))
        return Response(status=status.HTTP_204_NO_CONTENT)


class LogoutAllApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={204: None, **ERRORS},
        summary="Revoke every API token of the user (log out everywhere)",
    )
    def post(self, request):
        user_tokens_revoke(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _token_of(request):
    """The knox token the request authenticated with; a 400 for a session (no token)."""
    from knox.models import AuthToken

    if not isinstance(request.auth, AuthToken):
        raise ServiceError(
            "This request carries no API token to revoke (it is a browser session); "
            "use /api/auth/logout-all/ or log out of the site.",
            code="no_token",
        )
    return request.auth


def _credentials(request) -> dict:
    serializer = serializers.CredentialsIn(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data
