"""The web server's command line: Granian serving the ASGI app (config/asgi.py).

The same server runs in production (docker/) and on a venue laptop (`make run`). Chosen by
measurement (README, "Scaling out"; bench/live_tier.py): it holds the live streams on its
event loop, and it bounds the time a client may take to send its request's headers, so slow
clients (slowloris: a header line every few seconds) are cut off instead of holding the
server; uvicorn and daphne have no such limit.
"""

from __future__ import annotations

import sys

# A client has this long to send a request's headers (also between requests on a kept-alive
# connection); a browser sends them in one packet.
HEADER_READ_TIMEOUT_MS = 10_000
# Requests one worker serves at once: an open live stream is one (LIVE_MAX_ASYNC_STREAMS
# each, with room for the pages), past it connections wait in the backlog.
BACKPRESSURE = 12_000
BACKLOG = 2048
LAPTOP_WORKERS = 2  # a venue laptop: one process holds every stream; two share the pages


def web_server_command(host: str, port: int, *, workers: int = LAPTOP_WORKERS) -> list[str]:
    """The command that serves the web app on host:port with `workers` processes."""
    return [
        sys.executable, "-m", "granian",
        "--interface", "asginl", "config.asgi:application",
        "--host", host.strip("[]"), "--port", str(port),
        "--workers", str(workers),
        "--http", "1",
        "--no-ws",
        "--loop", "asyncio",
        "--http1-header-read-timeout", str(HEADER_READ_TIMEOUT_MS),
        "--backlog", str(BACKLOG),
        "--backpressure", str(BACKPRESSURE),
        "--respawn-failed-workers",
        "--log-level", "warning",
    ]  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    """`python -m config.serving --host H --port P [--workers N] [granian options]`: the
    container's command (docker/), so it and `make run` serve with the same options."""
    import argparse
    import os

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--workers", type=int, default=LAPTOP_WORKERS)
    args, extra = parser.parse_known_args(argv)
    command = web_server_command(args.host, args.port, workers=args.workers) + extra
    os.execv(command[0], command)


if __name__ == "__main__":
    main()
