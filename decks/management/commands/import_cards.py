"""Import an organizer's card set from a JSON or CSV file (all rows or none)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from accounts.models import User
from config.errors import ServiceError
from decks.services.card_files import parse_card_set
from decks.services.catalog import card_set_import


class Command(BaseCommand):
    help = (
        "Import a card set: import_cards FILE --game SLUG --code CODE --name NAME --organizer USER"
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--game", required=True)
        parser.add_argument("--code", required=True)
        parser.add_argument("--name", required=True)
        parser.add_argument("--organizer", required=True, help="username of the set's organizer")

    def handle(self, *args, file: Path, game, code, name, organizer, **options):
        if not file.exists():
            raise CommandError(f"No file at {file}.")
        kind = "csv" if file.suffix.lower() == ".csv" else "json"
        user = User.objects.filter(username=organizer).first()
        if user is None:
            raise CommandError(f"No user named {organizer!r}.")
        try:
            text = file.read_text(encoding="utf-8-sig")  # a spreadsheet's BOM is not a column
        except UnicodeDecodeError as error:
            raise CommandError(f"{file} is not UTF-8 text; save it as UTF-8.") from error
        try:
            data, lines = parse_card_set(text, file_format=kind)
            card_set = card_set_import(
                data=data,
                game_slug=game,
                code=code,
                name=name,
                organizer=user,
                lines=lines,
                progress=lambda rows: tqdm(
                    rows, desc="Checking cards", unit="card", file=self.stderr._out
                ),
            )
        except ServiceError as error:
            problems = [f"  {where}: {'; '.join(msgs)}" for where, msgs in error.errors.items()]
            raise CommandError("\n".join([error.message, *problems])) from error
        count = card_set.cards.count()
        self.stdout.write(self.style.SUCCESS(f"Imported {count} cards into {card_set}."))
