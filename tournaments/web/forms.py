"""The tournaments' HTML forms: a new event, its details (edit), an organizer's new entry."""

from datetime import datetime

from django import forms

from games import default as default_game
from games import format_choices
from tournaments.models import GameSlug, Tournament
from tournaments.reads.calendar import local_time
from tournaments.services.announce import Announcement, time_zone_names

LOCAL_FORMAT = "%Y-%m-%dT%H:%M"


class LocalDateTimeField(forms.CharField):
    """A date and time as the event's clock reads it (naive: the service places it in the
    event's time zone), from the browser's date-and-time picker."""

    widget = forms.DateTimeInput(attrs={"type": "datetime-local"}, format=LOCAL_FORMAT)

    def to_python(self, value) -> datetime | None:  # type: ignore[override]
        text = super().to_python(value)
        if not text:
            return None
        try:
            return datetime.fromisoformat(text).replace(tzinfo=None, second=0, microsecond=0)
        except ValueError:
            raise forms.ValidationError("Give a date and time such as 2026-12-05 10:00.") from None


def _zone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in sorted(time_zone_names())]


class EventDetailsForm(forms.Form):
    """The event's name and announcement: the create form's top and the whole edit form."""

    name = forms.CharField(max_length=120)
    starts_at = LocalDateTimeField(
        required=False, label="Date and start time", help_text="As the clock reads at the venue."
    )
    time_zone = forms.ChoiceField(
        choices=_zone_choices, initial="UTC", required=False, label="Time zone"
    )
    venue_name = forms.CharField(max_length=120, required=False, label="Venue")
    venue_address = forms.CharField(max_length=300, required=False, label="Venue address")
    description = forms.CharField(
        max_length=10_000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text="Markdown: **bold**, *italic*, lists, [links](https://example.com).",
    )
    entry_cap = forms.IntegerField(
        min_value=2,
        max_value=4096,
        required=False,
        label="Entry cap",
        help_text="Empty: no cap. Past the cap, players join a waitlist and move up in order "
        "when someone drops.",
    )
    registration_opens_at = LocalDateTimeField(
        required=False, label="Registration opens", help_text="Empty: open now."
    )
    registration_closes_at = LocalDateTimeField(
        required=False, label="Registration closes", help_text="Empty: open until the start."
    )
    visibility = forms.ChoiceField(
        choices=Tournament.Visibility.choices,
        initial=Tournament.Visibility.PUBLIC,
        required=False,
    )
    publish_decklists = forms.BooleanField(
        required=False,
        label="Publish decklists",
        help_text="The results page shows the top entries' registered decks.",
    )

    @staticmethod
    def initial_of(tournament: Tournament) -> dict:
        """The form's values for an event: times as its own clock reads them."""
        initial = {field: getattr(tournament, field) for field in EventDetailsForm.base_fields}
        for field in ("starts_at", "registration_opens_at", "registration_closes_at"):
            at = local_time(tournament, getattr(tournament, field))
            initial[field] = at.replace(tzinfo=None) if at else None
        return initial

    def clean_time_zone(self) -> str:
        """A form posted without the field (an older page) keeps UTC."""
        return self.cleaned_data.get("time_zone") or "UTC"

    def clean_visibility(self) -> str:
        return self.cleaned_data.get("visibility") or Tournament.Visibility.PUBLIC

    def settings(self) -> dict:
        """The fields that are not the announcement (the create form's game settings)."""
        announced = set(EventDetailsForm.base_fields) - {"name"}
        return {k: v for k, v in self.cleaned_data.items() if k not in announced}

    def announcement(self) -> Announcement:
        """What the service takes (after `is_valid`)."""
        data = self.cleaned_data
        return Announcement(
            starts_at=data["starts_at"],
            time_zone=data["time_zone"],
            venue_name=data["venue_name"],
            venue_address=data["venue_address"],
            description=data["description"],
            entry_cap=data["entry_cap"],
            registration_opens_at=data["registration_opens_at"],
            registration_closes_at=data["registration_closes_at"],
            visibility=data["visibility"],
            publish_decklists=data["publish_decklists"],
        )


class TournamentForm(EventDetailsForm):
    # the game's settings first, then the announcement (when, where, cap, registration)
    field_order = [
        "name",
        "game",
        "deck_format",
        "entries_per_match",
        "team_size",
        "team_mode",
        "best_of",
        "time_limit_minutes",
        "jokers",
        "pairing",
        "seeding",
        "structure",
        "swiss_rounds",
        "top_cut",
    ]

    game = forms.ChoiceField(choices=GameSlug.choices, initial=default_game().slug)
    # Grouped under each game's name; static/js/app.js shows only the chosen game's group, and
    # the service refuses another game's format (games' declaration).
    deck_format = forms.ChoiceField(
        choices=format_choices(),
        initial=default_game().default_format.slug,
        help_text="Each game has its own formats; off the top, standard and starter decks need "
        "no deck building.",
        widget=forms.Select(attrs={"data-groups-follow": "id_game"}),
    )
    entries_per_match = forms.TypedChoiceField(
        choices=[(2, "2"), (3, "3"), (4, "4")],
        coerce=int,
        initial=2,
        label="Entries per match",
        help_text="3 or 4 only in games for more than two (Combat, Kingdom Combat).",
    )
    team_size = forms.TypedChoiceField(
        choices=[(1, "1"), (2, "2"), (3, "3")],
        coerce=int,
        label="Players per entry",
        help_text="Teams (2 or 3 players) only in Combat, in four- and six-player games.",
    )
    team_mode = forms.ChoiceField(
        choices=Tournament.TeamMode.choices,
        help_text="For teams: in an alliance each player keeps their own life and the team "
        "loses when all are out; as one, the team shares one life total.",
    )
    best_of = forms.TypedChoiceField(
        choices=[("", "Default"), (1, "1"), (3, "3"), (5, "5")],
        coerce=int,
        required=False,
        empty_value=None,
        help_text="Games a match can last: best of 3 goes to the first to win 2. Default: 3 "
        "for two-player matches, 1 for three or four.",
    )
    time_limit_minutes = forms.IntegerField(min_value=0, initial=50, label="Time limit (minutes)")
    jokers = forms.BooleanField(required=False, label="Jokers in decks (Combat)")
    pairing = forms.ChoiceField(
        choices=Tournament.Pairing.choices,
        help_text="Single elimination only; a Swiss event pairs by record and its top cut is a "
        "fixed seeded bracket.",
    )
    seeding = forms.ChoiceField(choices=Tournament.Seeding.choices)
    structure = forms.ChoiceField(
        choices=Tournament.Structure.choices,
        required=False,
        initial=Tournament.Structure.ELIMINATION,
        label="Structure",
        help_text="Double elimination: an entry is out after its second loss. Swiss: everyone "
        "plays every round, paired with entries of the same record; the best can then play a "
        "single-elimination top cut. Round robin: everyone in a group plays everyone else once; "
        "the best of each group can then play a playoff. Double elimination and round robin are "
        "for matches of two entries.",
    )
    swiss_rounds = forms.IntegerField(
        min_value=1,
        max_value=20,
        required=False,
        label="Swiss rounds",
        help_text="Empty: the usual number for the entries (5 rounds for 17 to 32).",
    )
    top_cut = forms.TypedChoiceField(
        choices=[(0, "No top cut"), (2, "Top 2"), (4, "Top 4"), (8, "Top 8"), (16, "Top 16")],
        coerce=int,
        initial=0,
        required=False,
        empty_value=0,  # type: ignore[arg-type]  # an int field: 0 is no top cut
        label="Top cut (Swiss)",
        help_text="The best entries after the Swiss rounds play single elimination, seeded by "
        "their standing.",
    )

    group_size = forms.IntegerField(
        min_value=2,
        max_value=32,
        required=False,
        label="Entries a group (round robin)",
        help_text="Empty: one group of everyone. Groups are dealt by seed so they are even.",
    )
    group_advance = forms.IntegerField(
        min_value=0,
        max_value=32,
        required=False,
        label="Entries of each group going on (round robin)",
        help_text="The best of each group by the standings play the playoff; 0 for none.",
    )
    playoff = forms.ChoiceField(
        choices=Tournament.Playoff.choices,
        required=False,
        label="Playoff after the groups (round robin)",
    )
    grand_final_reset = forms.BooleanField(
        required=False,
        initial=True,
        label="Grand-final reset (double elimination)",
        help_text="If the losers' bracket winner wins the grand final, both have lost once: "
        "they play it again.",
    )

    def clean_group_advance(self) -> int:
        return self.cleaned_data.get("group_advance") or 0

    def clean_structure(self) -> str:
        """A form posted without the field (an older page) makes an elimination event."""
        return self.cleaned_data.get("structure") or Tournament.Structure.ELIMINATION


MAX_INT = 2**31 - 1  # the largest integer column; a bigger number is a database error


class EntryForm(forms.Form):
    """The organizer's add-entry form (a player joining needs none of it)."""

    username = forms.CharField(required=False, max_length=150)
    name = forms.CharField(required=False, max_length=120)
    members = forms.CharField(required=False, max_length=2000)
    seed = forms.IntegerField(required=False, min_value=1, max_value=MAX_INT)
