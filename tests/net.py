"""Network checks the tests and the live benches share (standard library only, so a bench can
import them without the test settings)."""

import socket


def free_port() -> int:
    """A TCP port nobody listens on now, for a server a test or bench starts."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(url: str) -> bool:
    """True when something accepts TCP connections at the URL's host and port."""
    host_port = url.split("//", 1)[1].split("/", 1)[0]
    host, _, port = host_port.rpartition(":")
    try:
        with socket.create_connection((host, int(port)), timeout=1):
            return True
    except OSError:
        return False
