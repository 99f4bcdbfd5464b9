"""The desk's password-reset links: Django's reset tokens under their own salt, valid for
DESK_RESET_MINUTES only (an email link is valid for PASSWORD_RESET_TIMEOUT). Like every
reset token, one stops working once the password is set with it (the token signs the
password hash), so each link works once."""

from django.conf import settings
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.utils.http import base36_to_int


class DeskResetTokenGenerator(PasswordResetTokenGenerator):
    key_salt = "accounts.tokens.DeskResetTokenGenerator"

    def check_token(self, user, token) -> bool:
        if not super().check_token(user, token):
            return False
        try:
            stamp = base36_to_int(token.split("-")[0])
        except ValueError:
            return False
        age = self._num_seconds(self._now()) - stamp
        return age <= settings.DESK_RESET_MINUTES * 60


desk_reset_tokens = DeskResetTokenGenerator()
