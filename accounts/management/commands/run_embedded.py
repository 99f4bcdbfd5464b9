"""Serve the app with its background worker and scheduler on the embedded default
(`make run`), each supervised: one that dies or goes silent is started again (config/supervisor)."""

import json
import os
import signal
import socket
import sys
import time
import urllib.error
import urllib.request

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections

from config.embedded_broker import create_queue
from config.heartbeats.beats import SCHEDULER, WORKER, liveness
from config.serving import web_server_command
from config.supervisor import Child, Supervisor

CHECK_EVERY_S = 1.0
# The embedded broker has no fan-out: no gossip, mingle or remote control.
WORKER_OPTIONS = ["--pool=threads", "--concurrency=4", "--loglevel=WARNING", "--without-gossip",
                  "--without-mingle", "--without-heartbeat"]  # fmt: skip


class Command(BaseCommand):
    help = "Run the web server, a Celery worker and the scheduler, restarting any that stops."

    def add_arguments(self, parser):
        parser.add_argument("--addrport", default="127.0.0.1:8000")
        parser.add_argument(
            "--lan",
            action="store_true",
            help="serve the venue's network too (every address of this machine, on the port)",
        )

    def handle(self, *args, addrport: str, lan: bool = False, **options):
        host, _, port = addrport.rpartition(":")
        url = f"http://{host}:{port}/"
        environment = {**os.environ, "DJANGO_SETTINGS_MODULE": settings.SETTINGS_MODULE}
        if lan:
            lan_address = venue_address()
            host = "0.0.0.0"
            url = f"http://{lan_address}:{port}/"
            environment["ALLOWED_HOSTS"] = ",".join(lan_allowed_hosts(lan_address))
            environment["VENUE_URL"] = url  # the projector's QR codes open this address
        # Checked before anything starts: a second run must not leave a second worker and
        # scheduler behind.
        if not port_is_free(host, int(port)):
            if is_this_app(url):
                self.stdout.write(f"The app is already running at {url} (nothing else started).")
                return
            raise CommandError(
                f"{host}:{port} is in use by another program. Stop it, or choose another "
                "address: make run ADDRPORT=127.0.0.1:8001"
            )
        # `kill` (SIGTERM) stops the children too, as Ctrl-C does.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        supervisor = Supervisor(
            children=children(host, int(port)),
            environment=environment,
            say=lambda line: self.stdout.write(line),
            heartbeat_ages=heartbeat_ages,
            silent_after_s=settings.HEALTHZ_SILENT_AFTER_S,
        )
        if settings.EMBEDDED_BROKER:
            create_queue(settings.CELERY_BROKER_URL)
        supervisor.start_all()
        broker = "embedded (var/broker.sqlite3)" if settings.EMBEDDED_BROKER else "Redis"
        self.stdout.write(self.style.SUCCESS(f"\nThe app is at {url}"))
        if lan:
            self.stdout.write(f"Phones and laptops on the venue's network open {url}")
        started = ", ".join(
            f"{c.label} (pid {c.process.pid if c.process else '?'})" for c in supervisor.children
        )
        self.stdout.write(
            f"Started on the {broker} broker: {started}. Any that stops is started again. "
            "Stop with Ctrl-C.\n"
        )
        try:
            while True:
                time.sleep(CHECK_EVERY_S)
                supervisor.check()
        finally:
            # A second, impatient Ctrl-C must not abort the orderly stop below.
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            supervisor.stop_all()


def children(host: str, port: int) -> list[Child]:
    celery = [sys.executable, "-m", "celery", "--quiet", "-A", "config"]
    return [
        Child("web server", web_server_command(host, port)),
        Child("background worker", [*celery, "worker", *WORKER_OPTIONS], heartbeat=WORKER),
        Child("scheduler", [*celery, "beat", "--loglevel=WARNING"], heartbeat=SCHEDULER),
    ]


def venue_address() -> str:
    """This machine's address on the network it would use to reach others (no packet is
    sent: connecting a UDP socket only picks the route); 127.0.0.1 without a network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def lan_allowed_hosts(lan_address: str) -> list[str]:
    """The host names the pages answer to when serving the venue's network."""
    hosts = [*settings.ALLOWED_HOSTS, lan_address, socket.gethostname()]
    return list(dict.fromkeys(hosts))


def heartbeat_ages() -> dict[str, float | None]:
    close_old_connections()
    return {name: beat.age_s for name, beat in liveness().items()}


def port_is_free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if host.startswith("[") else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # So a port a stopped server left in TIME_WAIT counts as free.
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
