"""Exit 0 when the named background process wrote a recent heartbeat, else 1 (for health
checks such as docker compose's): `manage.py heartbeat_check worker|scheduler`."""

from django.core.management.base import BaseCommand, CommandError

from config.heartbeats.beats import KINDS, SCHEDULER, liveness

ALIASES = {"beat": SCHEDULER}


class Command(BaseCommand):
    help = "Check that the worker or the scheduler (beat) wrote a recent heartbeat."

    def add_arguments(self, parser):
        parser.add_argument("name", choices=[*KINDS, *ALIASES])

    def handle(self, *args, name: str, **options):
        name = ALIASES.get(name, name)
        state = liveness([name])[name]
        if not state.alive:
            raise CommandError(state.reason)
        self.stdout.write(f"{name} alive (last heartbeat {state.age_s:.0f} s ago)")
