"""The account pages: settings (email, notices by email, API tokens, log out everywhere),
password change and reset (Django's own views), closing the account."""

from django import forms
from django.contrib import messages
from django.contrib.auth import logout, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.views.decorators.http import require_http_methods
from knox.models import AuthToken

from accounts.models import User
from accounts.services import (
    user_close,
    user_logout_everywhere,
    user_settings_update,
    user_tokens_revoke,
)
from accounts.tokens import desk_reset_tokens
from config.errors import ServiceError
from config.forms_only import post_only_else_back_to
from config.throttling import LoginAddressThrottle


def _user(request: HttpRequest) -> User:
    """The signed-in user of a view behind login_required."""
    user = request.user
    assert isinstance(user, User), "behind login_required"
    return user


class AccountForm(forms.Form):
    email = forms.EmailField(
        required=False,
        help_text="For resetting a forgotten password, and notices if you want them. "
        "Nobody else sees it.",
    )
    notify_by_email = forms.BooleanField(
        required=False,
        label="Email me my notices too",
        help_text="Your match is ready, a result waits for you, a challenge. They are always "
        "in your notifications here.",
    )


class CloseForm(forms.Form):
    password = forms.CharField(
        label="Your password, to confirm",
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )


@login_required
@require_http_methods(["GET", "POST"])
def account(request: HttpRequest) -> HttpResponse:
    """The signed-in player's account: email, notices by email, API tokens, links to change
    the password or close the account."""
    user = _user(request)
    initial = {"email": user.email, "notify_by_email": user.notify_by_email}
    form = AccountForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            user_settings_update(user=user, **form.cleaned_data)
        except ServiceError as error:
            error.add_to_form(form)
        else:
            messages.success(request, "Your account settings are saved.")
            return redirect("account")
    tokens = AuthToken.objects.filter(user=user).order_by("-created")
    return render(request, "accounts/account.html", {"form": form, "tokens": tokens})


@post_only_else_back_to("account")
@login_required
def logout_everywhere(request: HttpRequest) -> HttpResponse:
    """End every other session and revoke every API token; this browser stays signed in."""
    user = _user(request)
    revoked = user_logout_everywhere(user=user)
    update_session_auth_hash(request, user)
    tokens = "1 API token" if revoked == 1 else f"{revoked} API tokens"
    messages.success(request, f"You are logged out everywhere else, and {tokens} no longer work.")
    return redirect("account")


@login_required
@require_http_methods(["GET", "POST"])
def account_close(request: HttpRequest) -> HttpResponse:
    """Say plainly what closing the account does, then do it (with the password)."""
    form = CloseForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = _user(request)
        if not user.check_password(form.cleaned_data["password"]):
            form.add_error("password", "That is not your password.")
        else:
            name = user_close(user=user)
            logout(request)
            messages.success(
                request, f"Your account is closed. Your results stay, under the name {name}."
            )
            return redirect("home")
    return render(request, "accounts/account_close.html", {"form": form})


class RevokingTokensOnSave:
    """A new password also revokes the account's API tokens (a token taken with the old
    password must not outlive it); Django already ends the other web sessions."""

    def form_valid(self, form):
        response = super().form_valid(form)
        user_tokens_revoke(user=form.user)
        return response


class PasswordChangeView(RevokingTokensOnSave, auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("account")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, "Your password is changed; your API tokens are revoked.")
        return response


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset by email, with the log-in page's limit of posts per address (each post
    may send an email)."""

    template_name = "accounts/password_reset.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"
    success_url = reverse_lazy("password-reset-sent")

    def post(self, request, *args, **kwargs):
        throttle = LoginAddressThrottle()
        if not throttle.allow_request(request, self):
            messages.error(request, "Too many requests from your address; wait a minute.")
            return redirect("password-reset")
        return super().post(request, *args, **kwargs)


class PasswordResetConfirmView(RevokingTokensOnSave, auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("password-reset-complete")


class DeskResetConfirmView(PasswordResetConfirmView):
    """The link an organizer's desk shows a player (a QR code for their phone): the same
    page, with a 15-minute token of its own."""

    token_generator = desk_reset_tokens
