"""Serve the app with its background worker on the embedded default (`make run`)."""

import json
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Run the web server and a Celery worker with beat (the embedded broker by default)."

    def add_arguments(self, parser):
        parser.add_argument("--addrport", default="127.0.0.1:8000")

    def handle(self, *args, addrport: str, **options):
        host, _, port = addrport.rpartition(":")
        url = f"http://{host}:{port}/"
        # Checked before the worker starts: runserver exits without cleaning up when the port
        # is taken, which would leave a second worker and scheduler behind.
        if not port_is_free(host, int(port)):
            if is_this_app(url):
                self.stdout.write(f"The app is already running at {url} (nothing else started).")
                return
            raise CommandError(
                f"{host}:{port} is in use by another program. Stop it, or choose another "
                "address: make run ADDRPORT=127.0.0.1:8001"
            )
        # `kill` (SIGTERM) stops the worker too, as Ctrl-C does.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        worker = start_worker()
        broker = "embedded (var/broker)" if settings.EMBEDDED_BROKER else "Redis"
        self.stdout.write(self.style.SUCCESS(f"\nThe app is at {url}"))
        self.stdout.write(f"Background worker and scheduler started on the {broker} broker.\n")
        try:
            call_command("runserver", addrport, use_reloader=False)
        finally:
            # An impatient second Ctrl-C reaches the worker too (a cold shutdown); here it
            # would only abort the wait below and could leave the worker behind.
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            worker.terminate()
            try:
                worker.wait(timeout=10)
            except subprocess.TimeoutExpired:
                worker.kill()


def start_worker() -> subprocess.Popen:
    command = ["celery", "-A", "config", "worker", "--beat", "--pool=threads"]
    options = ["--concurrency=4", "--loglevel=WARNING"]
    return subprocess.Popen([sys.executable, "-m", *command, *options])


def port_is_free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if host.startswith("[") else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # As runserver does, so a port a stopped server left in TIME_WAIT counts as free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host.strip("[]"), port))
        except OSError:
            return False
    return True


def is_this_app(url: str) -> bool:
    """True when our own health check answers at the address."""
    try:
        with urllib.request.urlopen(url + "healthz", timeout=3) as response:
            body = response.read()
    except urllib.error.HTTPError as error:  # a 503 (say, a silent worker) is still our app
        body = error.read()
    except OSError:
        return False
    try:
        return "broker_kind" in json.loads(body)
    except ValueError:
        return False
