"""Form actions that answer a stray GET by going back to their page.

An action URL (say /matches/5/report/) takes POSTs from its page's forms. A GET reaches it when
someone opens it from the history, follows a shared link, or lands on it after logging in
from a form (?next=): Django's require_POST answered a blank 405 page; this sends them to the
page the form is on instead."""

from functools import wraps

from django.http import HttpResponseNotAllowed
from django.shortcuts import redirect


def post_only_else_back_to(viewname: str, **static_kwargs):
    """POST runs the view; GET/HEAD redirect to `viewname` (given the URL's `pk`); anything
    else is 405."""

    def decorate(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if request.method in ("GET", "HEAD"):
                target = {**static_kwargs}
                if "pk" in kwargs and "pk" not in target:
                    target["pk"] = kwargs["pk"]
                return redirect(viewname, **target)
            if request.method != "POST":
                return HttpResponseNotAllowed(["POST"])
            return view(request, *args, **kwargs)

        return wrapper

    return decorate
