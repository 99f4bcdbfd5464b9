"""ASGI entry point: the app the web server serves (config/serving.py), pages and live streams."""

import os
from contextlib import aclosing

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

import django
from django.core.handlers.asgi import ASGIHandler

django.setup(set_prefix=False)

from config.live_streams import is_stream_path  # noqa: E402


class Handler(ASGIHandler):
    """Django's ASGI handler, but for a live stream's request.

    Django gives every request a thread of its own for its sync steps (the request signals,
    the sync middleware, a view's database read), held until the response ends: a stream's
    thread would idle for the stream's minute, a thread per open page (measured in
    bench/live_tier.py). A stream's few sync steps, all made as it opens, share one thread
    instead (asgiref's thread for sync code outside a request context); its events come from
    the event loop."""

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and is_stream_path(scope["path"]):
            await self.handle(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)

    async def send_response(self, response, send):
        """A live stream's events go out as they come, each one message: Django's own loop
        would pass each through three more generators and copy it (a notice goes to every
        spectator of a game at once, so each step counts; bench/live_tier.py)."""
        events = getattr(response, "live_events", None)
        if events is None:
            await super().send_response(response, send)
            return
        headers = [(k.encode("ascii"), v.encode("latin1")) for k, v in response.items()]
        headers += [
            (b"Set-Cookie", c.output(header="").encode("ascii").strip())
            for c in response.cookies.values()
        ]
        await send({"type": "http.response.start", "status": response.status_code,
                    "headers": headers})  # fmt: skip
        async with aclosing(events):
            async for chunk in events:
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
        await send({"type": "http.response.body"})


application = Handler()
