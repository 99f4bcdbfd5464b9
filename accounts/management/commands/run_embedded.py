"""Serve the app with its background worker on the embedded default (`make run`)."""

import subprocess
import sys

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Run the web server and a Celery worker with beat (the embedded broker by default)."

    def add_arguments(self, parser):
        parser.add_argument("--addrport", default="127.0.0.1:8000")

    def handle(self, *args, addrport: str, **options):
        worker = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--beat",
                "--pool=threads",
                "--concurrency=4",
                "--loglevel=WARNING",
            ],
        )
        broker = "embedded (var/broker)" if settings.EMBEDDED_BROKER else "Redis"
        self.stdout.write(self.style.SUCCESS(f"\nThe app is at http://{addrport}/"))
        self.stdout.write(f"Background worker and scheduler started on the {broker} broker.\n")
        try:
            call_command("runserver", addrport, use_reloader=False)
        finally:
            worker.terminate()
            try:
                worker.wait(timeout=10)
            except subprocess.TimeoutExpired:
                worker.kill()
