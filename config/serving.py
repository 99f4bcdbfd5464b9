"""How `make run` serves the web app: the same ASGI server as production, not Django's
development server (whose documentation says it is not for serving people)."""

import sys


def web_server_command(host: str, port: int) -> list[str]:
    """The command line of the web server for one laptop at a venue, static files included
    (WhiteNoise, in the middleware)."""
    return [
        sys.executable,
        "-m",
        "uvicorn",
        "config.asgi:application",
        "--host",
        host.strip("[]"),
        "--port",
        str(port),
        "--no-access-log",
        "--log-level",
        "warning",
        "--lifespan",
        "off",
        # A connection that sends nothing for this long is closed (a closed laptop lid, a
        # phone that left the room).
        "--timeout-keep-alive",
        "5",
    ]
