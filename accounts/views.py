"""Sign-up, log-in and log-out pages."""

from django import forms
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts.services import user_register
from config.errors import ServiceError


class SignUpForm(forms.Form):
    username = forms.CharField(max_length=150, help_text="Letters, digits and @/./+/-/_ only.")
    password = forms.CharField(
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text="At least 8 characters, not too common, not all digits.",
    )


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log in with it."""
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = user_register(**form.cleaned_data)
        except ServiceError as error:
            for field, messages in error.errors.items():
                for message in messages:
                    form.add_error(field if field in form.fields else None, message)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("home")
    return render(request, "accounts/signup.html", {"form": form})
