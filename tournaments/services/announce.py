"""An event's announcement: when (in its time zone) and where, what it is, how many may enter,
when registration is open, who sees it in the list; checked at creation and on every edit."""

import re
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from django.db import transaction

from config.errors import ServiceError
from tournaments.models import Tournament
from tournaments.services.common import lock_tournament, now, require_organizer
from tournaments.services.waitlist import active_count, waitlist_promote

# What would run in a browser if a description were HTML: refused with a message (the
# renderer shows any such text inert anyway, tournaments/reads/describe.py).
SCRIPT_LIKE = re.compile(r"<\s*/?\s*script|javascript\s*:|<[^>]*\son\w+\s*=", re.IGNORECASE)
MAX_DESCRIPTION = 10_000
MAX_CAP = 4096
ANNOUNCEMENT_FIELDS = (
    "starts_at",
    "time_zone",
    "venue_name",
    "venue_address",
    "description",
    "entry_cap",
    "registration_opens_at",
    "registration_closes_at",
    "visibility",
    "publish_decklists",
)


@cache
def time_zone_names() -> frozenset[str]:
    """Every IANA time zone name this machine knows (the `tzdata` package at least)."""
    return frozenset(available_timezones())


@dataclass
class Announcement:
    """The announcement's fields as given; times may be naive (then they are in `time_zone`)."""

    starts_at: datetime | None = None
    time_zone: str = "UTC"
    venue_name: str = ""
    venue_address: str = ""
    description: str = ""
    entry_cap: int | None = None
    registration_opens_at: datetime | None = None
    registration_closes_at: datetime | None = None
    visibility: str = Tournament.Visibility.PUBLIC
    publish_decklists: bool = False


def _aware(value: datetime | None, zone: ZoneInfo | None) -> datetime | None:
    if value is None or value.tzinfo is not None or zone is None:
        return value
    return value.replace(tzinfo=zone)


def announcement_checked(
    given: Announcement, *, entries: int = 0, before: Tournament | None = None
) -> tuple[dict, dict[str, list[str]]]:
    """The fields to store (times made aware in the event's zone, text stripped) and every
    problem by field. `entries`: how many entries are in now; `before`: the event as it was
    (a start already past may stay as it is; only a new start must be in the future)."""
    errors: dict[str, list[str]] = {}
    name = (given.time_zone or "").strip()
    zone = ZoneInfo(name) if name in time_zone_names() else None
    if zone is None:
        errors["time_zone"] = [
            f"{name or 'An empty name'} is not a time zone: give an IANA name such as "
            "Europe/Paris, America/New_York or UTC."
        ]
    values = {
        "starts_at": _aware(given.starts_at, zone),
        "time_zone": name,
        "venue_name": given.venue_name.strip(),
        "venue_address": given.venue_address.strip(),
        "description": given.description.strip(),
        "entry_cap": given.entry_cap,
        "registration_opens_at": _aware(given.registration_opens_at, zone),
        "registration_closes_at": _aware(given.registration_closes_at, zone),
        "visibility": given.visibility,
        "publish_decklists": bool(given.publish_decklists),
    }
    errors.update(_time_problems(values, before))
    errors.update(_cap_problems(given.entry_cap, entries))
    errors.update(_text_problems(values))
    if given.visibility not in Tournament.Visibility.values:
        errors["visibility"] = ["Choose public (listed) or unlisted (only with the link)."]
    return values, errors


def _time_problems(values: dict, before: Tournament | None) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    starts_at = values["starts_at"]
    unchanged = before is not None and before.starts_at == starts_at
    if starts_at is not None and not unchanged and starts_at <= now():
        errors["starts_at"] = [
            "The start is in the past: give a date and time still to come (in the event's "
            "time zone)."
        ]
    opens, closes = values["registration_opens_at"], values["registration_closes_at"]
    if opens is not None and closes is not None and closes <= opens:
        errors["registration_closes_at"] = [
            "Registration closes before it opens: give a closing time after the opening time."
        ]
    return errors


def _cap_problems(cap: int | None, entries: int) -> dict[str, list[str]]:
    if cap is None:
        return {}
    if not 2 <= cap <= MAX_CAP:
        return {"entry_cap": [f"Give a cap of 2 to {MAX_CAP} entries, or none for no cap."]}
    if cap < entries:
        return {
            "entry_cap": [
                f"{entries} entries are in already, more than a cap of {cap}: give a cap of "
                f"{entries} or more (or remove entries first)."
            ]
        }
    return {}


def _text_problems(values: dict) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    if len(values["description"]) > MAX_DESCRIPTION:
        errors["description"] = [f"Keep the description to {MAX_DESCRIPTION:,} characters."]
    elif SCRIPT_LIKE.search(values["description"]):
        errors["description"] = [
            "The description has a script in it (<script>, javascript: or an on...= "
            "handler): remove it. Descriptions are Markdown, and scripts never run here."
        ]
    if len(values["venue_name"]) > 120:
        errors["venue_name"] = ["Keep the venue's name to 120 characters."]
    if len(values["venue_address"]) > 300:
        errors["venue_address"] = ["Keep the venue's address to 300 characters."]
    return errors


@transaction.atomic
def tournament_update(
    *, tournament: Tournament, by_user, name: str, announcement: Announcement
) -> Tournament:
    """The organizer edits the event's name and announcement, all of it checked at once; a
    higher cap lets the first waiting entries in (each told)."""
    tournament = lock_tournament(tournament.pk, bump=True)
    require_organizer(tournament=tournament, user=by_user, action="edit the event")
    values, errors = announcement_checked(
        announcement, entries=active_count(tournament), before=tournament
    )
    if not name.strip():
        errors["name"] = ["Give the event a name."]
    elif len(name.strip()) > 120:
        errors["name"] = ["Keep the name to 120 characters."]
    if errors:
        raise ServiceError("The event's details are not valid.", code="invalid", errors=errors)
    for field, value in {"name": name.strip(), **values}.items():
        setattr(tournament, field, value)
    tournament.save(update_fields=["name", *values])
    if tournament.status == Tournament.Status.REGISTRATION:
        waitlist_promote(tournament=tournament)
    return tournament
