"""Sign-up, log-in and log-out pages, and the user's notifications."""

from django import forms
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from accounts.notifications import notifications_for, notifications_mark_read
from accounts.services import user_register
from config import live_streams
from config.errors import ServiceError
from config.forms_only import post_only_else_back_to
from config.throttling import LoginAddressThrottle


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
            error.add_to_form(form)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("home")
    return render(request, "accounts/signup.html", {"form": form})


class ThrottledLoginView(auth_views.LoginView):
    """Django's log-in page, with a limit on posts per client address; failed log-ins are
    bounded per (username, address) by django-axes (accounts/login_guard.py)."""

    template_name = "accounts/login.html"
    throttles = (LoginAddressThrottle,)

    def post(self, request, *args, **kwargs):
        for throttle_class in self.throttles:
            throttle = throttle_class()
            if not throttle.allow_request(request, self):
                return self.too_many_tries(throttle.wait())
        return super().post(request, *args, **kwargs)

    def too_many_tries(self, wait_s: float | None) -> HttpResponse:
        seconds = max(1, round(wait_s or 60))
        form = self.get_form()
        form.errors.clear()
        form.add_error(None, f"Too many log-in attempts. Wait {seconds} seconds, then try again.")
        response = self.render_to_response(self.get_context_data(form=form))
        response.status_code = 429
        response["Retry-After"] = str(seconds)
        return response


@login_required
@require_GET
def notification_list(request: HttpRequest) -> HttpResponse:
    """The signed-in user's notifications, newest first, the unread ones marked."""
    items = notifications_for(user=request.user)
    return render(request, "accounts/notifications.html", {"notifications": items})


@post_only_else_back_to("notifications")
@login_required
def notifications_read(request: HttpRequest) -> HttpResponse:
    """Mark every notification of the signed-in user read."""
    notifications_mark_read(user=request.user)
    return redirect("notifications")


@require_GET
@live_streams.view
async def my_live(request: HttpRequest) -> HttpResponseBase:
    """The signed-in user's own live stream (server-sent events) for their home page: a notice
    whenever something for them changed (a notification, a challenge withdrawn). Only their
    own: a visitor gets a 403, and no stream names another user. A notice carries a stamp, not
    what changed; the first one is empty (the page has nothing to compare it with)."""
    user = await request.auser()
    if not user.is_authenticated:
        return HttpResponse("Log in to follow your own updates.", status=403)
    return await live_streams.stream(request, f"user-{user.pk}", lambda: None)
