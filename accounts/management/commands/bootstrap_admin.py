"""Create the local admin account on first run and print its one-time password."""

import secrets

from django.core.management.base import BaseCommand

from accounts.models import User


class Command(BaseCommand):
    help = "Create a staff 'admin' account with a random password if no superuser exists."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="admin")

    def handle(self, *args, username: str, **options):
        if User.objects.filter(is_superuser=True).exists():
            self.stdout.write(
                "Log in with your admin account (its password was printed on the first run; "
                f"reset it with: .venv/bin/python manage.py changepassword {username})."
            )
            return
        password = secrets.token_urlsafe(12)
        User.objects.create_superuser(username=username, password=password, email="")
        self.stdout.write(self.style.SUCCESS("Created the admin account for this machine:"))
        self.stdout.write(f"    username: {username}\n    password: {password}")
        self.stdout.write("Write it down: it is shown only this once.")
