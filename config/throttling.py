"""Request throttles: keyed on the real peer address, failing open when the cache is down.

The client address is REMOTE_ADDR unless the operator says how many reverse proxies sit in
front of the app (TRUSTED_PROXY_COUNT, DRF's NUM_PROXIES): only then is X-Forwarded-For read,
and only the entry that the last trusted proxy appended. A client-written X-Forwarded-For is
never trusted by default (200 password guesses went through that way before; issue 12).

Throttle counts live in the cache (Redis in production). When it is down, a request is let
through and the failure logged: refusing every sign-up and token request while Redis restarts
would be worse than a minute without a limit.
"""

import logging

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle, SimpleRateThrottle

logger = logging.getLogger(__name__)


class FailOpenMixin(SimpleRateThrottle):
    def allow_request(self, request, view) -> bool:
        try:
            return super().allow_request(request, view)
        except Exception:  # the cache backend's errors (redis-py's, say) vary by backend
            logger.warning("throttle cache unavailable; letting the request through", exc_info=True)
            return True


class AuthThrottle(FailOpenMixin, ScopedRateThrottle):
    """Sign-up and token requests, per client address (the "auth" rate)."""


class LoginAddressThrottle(FailOpenMixin, SimpleRateThrottle):
    """Log-in form posts per client address (LOGIN_ADDRESS_THROTTLE_RATE)."""

    scope = "login-address"

    def get_rate(self) -> str:
        return settings.LOGIN_ADDRESS_THROTTLE_RATE

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class AnonDeckValidateThrottle(FailOpenMixin, AnonRateThrottle):
    """The deck validator for visitors who are not signed in, per address (the
    "deck-validate-anon" rate, DECK_VALIDATE_ANON_RATE); signed-in players are not limited."""

    scope = "deck-validate-anon"
