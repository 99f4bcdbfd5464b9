"""Input and output shapes of the tournaments API (no business logic here)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import games
from tournaments.models import GameSlug, Tournament
from tournaments.reads.describe import description_html


class LocalDateTimeField(serializers.DateTimeField):
    """A date and time; without an offset it is read on the event's clock (its `time_zone`)."""

    def enforce_timezone(self, value):
        return value if value.tzinfo is None else super().enforce_timezone(value)


class AnnouncementIn(serializers.Serializer):
    """The announcement: when (on the event's clock), where, what, the cap, registration."""

    starts_at = LocalDateTimeField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Date and start time; without an offset, in `time_zone`. Must be to come.",
    )
    time_zone = serializers.CharField(
        max_length=64, default="UTC", help_text="An IANA name such as Europe/Paris."
    )
    venue_name = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
    venue_address = serializers.CharField(
        max_length=300, required=False, allow_blank=True, default=""
    )
    description = serializers.CharField(
        max_length=10_000,
        required=False,
        allow_blank=True,
        default="",
        help_text="Markdown; shown sanitized. A script in it is refused.",
    )
    entry_cap = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Entries past the cap wait in line (a waitlist); empty for no cap.",
    )
    registration_opens_at = LocalDateTimeField(required=False, allow_null=True, default=None)
    registration_closes_at = LocalDateTimeField(required=False, allow_null=True, default=None)
    visibility = serializers.ChoiceField(
        choices=Tournament.Visibility.choices,
        default="public",
        help_text="Unlisted events are left out of the lists; anyone with the link sees them.",
    )
    publish_decklists = serializers.BooleanField(
        default=False, help_text="The results page shows the top entries' decklists."
    )


class TournamentDetailsIn(AnnouncementIn):
    """An edit of the event's details (every field given; GET the event to start from)."""

    name = serializers.CharField(max_length=120, allow_blank=True)


class TournamentIn(AnnouncementIn):
    name = serializers.CharField(max_length=120, allow_blank=True)
    game = serializers.ChoiceField(choices=GameSlug.choices, default=games.default().slug)
    deck_format = serializers.CharField(
        max_length=40,
        required=False,
        allow_blank=True,
        default="",
        help_text="One of the game's formats (GET /api/games/ lists them); empty for its first.",
    )
    entries_per_match = serializers.IntegerField(default=2)
    team_size = serializers.IntegerField(default=1)
    team_mode = serializers.ChoiceField(choices=Tournament.TeamMode.choices, default="alliance")
    best_of = serializers.IntegerField(required=False, allow_null=True, default=None)
    time_limit_minutes = serializers.IntegerField(default=50)
    jokers = serializers.BooleanField(default=False)
    pairing = serializers.ChoiceField(choices=Tournament.Pairing.choices, default="bracket")
    seeding = serializers.ChoiceField(choices=Tournament.Seeding.choices, default="random")
    structure = serializers.ChoiceField(
        choices=Tournament.Structure.choices,
        default="elimination",
        help_text="Single or double elimination, Swiss rounds (optionally followed by a top "
        "cut), or round robin in groups (optionally followed by a playoff).",
    )
    swiss_rounds = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Swiss only: the number of rounds; empty for ceil(log2 entries).",
    )
    top_cut = serializers.IntegerField(
        default=0, help_text="Swiss only: 2, 4, 8 or 16 entries play single elimination after."
    )
    group_size = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Round robin only: entries a group (2 to 32); empty for one group.",
    )
    group_advance = serializers.IntegerField(
        default=0, help_text="Round robin only: the best of each group that play the playoff."
    )
    playoff = serializers.ChoiceField(
        choices=Tournament.Playoff.choices,
        default="",
        allow_blank=True,
        help_text="Round robin only: the playoff after the groups (empty: none).",
    )
    grand_final_reset = serializers.BooleanField(
        default=True,
        help_text="Double elimination: a second grand final when the losers' bracket winner "
        "wins the first.",
    )


class TournamentOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    deck_format = serializers.CharField()
    entries_per_match = serializers.IntegerField()
    team_size = serializers.IntegerField()
    team_mode = serializers.CharField()
    best_of = serializers.IntegerField()
    time_limit_minutes = serializers.IntegerField()
    jokers = serializers.BooleanField()
    pairing = serializers.CharField()
    seeding = serializers.CharField()
    structure = serializers.CharField()
    swiss_rounds = serializers.IntegerField(allow_null=True)
    top_cut = serializers.IntegerField()
    group_size = serializers.IntegerField(allow_null=True)
    group_advance = serializers.IntegerField()
    playoff = serializers.CharField()
    grand_final_reset = serializers.BooleanField()
    status = serializers.CharField()
    rated = serializers.BooleanField(
        help_text="False once someone who plays in the event decided one of its results: "
        "its matches change no rating (ratings/RULINGS.md R8)."
    )
    organizer = serializers.SerializerMethodField()
    entry_count = serializers.IntegerField(required=False)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    starts_at = serializers.DateTimeField(allow_null=True)
    time_zone = serializers.CharField()
    venue_name = serializers.CharField()
    venue_address = serializers.CharField()
    description = serializers.CharField(help_text="As written (Markdown).")
    description_html = serializers.SerializerMethodField()
    entry_cap = serializers.IntegerField(allow_null=True)
    registration_opens_at = serializers.DateTimeField(allow_null=True)
    registration_closes_at = serializers.DateTimeField(allow_null=True)
    visibility = serializers.CharField()
    publish_decklists = serializers.BooleanField()

    def get_description_html(self, obj) -> str:
        return description_html(obj.description)

    def get_organizer(self, obj) -> dict:
        return {"id": obj.organizer_id, "username": obj.organizer.username}


class EntryIn(serializers.Serializer):
    user = serializers.IntegerField(required=False, allow_null=True, default=None)
    name = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")
    members = serializers.ListField(
        child=serializers.IntegerField(), required=False, allow_empty=True, default=list
    )
    # The column is a PostgreSQL integer: a bigger seed would be a database error (500).
    seed = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=2**31 - 1
    )


class RoundClocksOut(serializers.Serializer):
    matches = serializers.IntegerField(help_text="How many matches were changed.")


class EntryUpdateIn(serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    seed = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1)


class EntriesPasteIn(serializers.Serializer):
    text = serializers.CharField(
        max_length=100_000, help_text="One guest name a line, optionally 'Name, seed'."
    )


class CheckInIn(serializers.Serializer):
    checked_in = serializers.BooleanField(default=True, help_text="False undoes the check-in.")


class SeedOrderIn(serializers.Serializer):
    entries = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**31 - 1),
        allow_empty=False,
        max_length=4096,
        help_text="Entry ids in seed order; they get seeds 1, 2, ...; unlisted entries none.",
    )


class EntriesBulkIn(serializers.Serializer):
    action = serializers.ChoiceField(choices=["check-in", "drop", "remove"])
    entries = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**31 - 1),
        allow_empty=False,
        max_length=4096,
        help_text="The entry ids to check in, drop or remove: all of them or none.",
    )


class ChangedOut(serializers.Serializer):
    changed = serializers.IntegerField(help_text="How many entries were changed.")


class DroppedOut(serializers.Serializer):
    dropped = serializers.IntegerField(help_text="How many entries were dropped.")


class EntryOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(source="display_name")
    seed = serializers.IntegerField(allow_null=True)
    user = serializers.IntegerField(source="user_id", allow_null=True)
    members = serializers.SerializerMethodField()
    dropped = serializers.BooleanField()
    waitlisted = serializers.BooleanField(help_text="Past the entry cap: waiting for a place.")
    checked_in_at = serializers.DateTimeField(allow_null=True)

    def get_members(self, obj) -> list[dict]:
        return [{"id": u.pk, "username": u.username} for u in obj.members.all()]


@extend_schema_field(
    {"oneOf": [{"type": "integer"}, {"type": "array", "items": {"type": "integer"}}]}
)
class LifeTotalField(serializers.Field):
    """An entry's life: a whole number, or a list of them (one per player of a team)."""

    default_error_messages = {
        "invalid": "Give a whole number, or a list of whole numbers for a team's players."
    }

    def to_internal_value(self, data):
        values = data if isinstance(data, list) else [data]
        if not values or any(isinstance(v, bool) or not isinstance(v, int | str) for v in values):
            self.fail("invalid")
        try:
            numbers = [int(v) for v in values]
        except ValueError:
            self.fail("invalid")
        return numbers if isinstance(data, list) else numbers[0]

    def to_representation(self, value):
        return value


def life_field():
    """`life`: {entry_id: total or [player totals]} (an alliance's players' totals are added)."""
    return serializers.DictField(child=LifeTotalField(), required=False, default=dict)


class MatchGameIn(serializers.Serializer):
    winner = serializers.IntegerField(
        allow_null=True, help_text="null: a drawn game (only in a match reported as a draw)."
    )
    life = life_field()
    first_damage = serializers.IntegerField(required=False, allow_null=True, default=None)


class ReportIn(serializers.Serializer):
    games = MatchGameIn(
        many=True,
        required=False,
        default=list,
        help_text="The games played, in order; none only for an intentional draw.",
    )
    draw = serializers.BooleanField(
        required=False,
        default=False,
        help_text="A Swiss round's match ended drawn (a level score such as 1-1, or no games "
        "for an intentional draw); the opponent confirms it like any report. Refused (400) in "
        "elimination rounds and the top cut.",
    )
    as_organizer = serializers.BooleanField(
        required=False,
        default=False,
        help_text="An organizer who plays in the match: decide it as the organizer (final, "
        "audited as such) instead of reporting as a player for the opponent to confirm.",
    )

    def validate(self, attrs):
        if not attrs["games"] and not attrs["draw"]:
            raise serializers.ValidationError({"games": ["Report at least one game."]})
        return attrs


class FinishedGameIn(serializers.Serializer):
    winner = serializers.IntegerField()


class TimeIn(serializers.Serializer):
    life = life_field()
    games = FinishedGameIn(
        many=True,
        required=False,
        help_text="Table matches: the winners of the games finished before time, in order.",
    )
    first_damage = serializers.IntegerField(required=False, allow_null=True, default=None)


class DecideIn(serializers.Serializer):
    winner = serializers.IntegerField(required=False, allow_null=True, default=None)
    draw = serializers.BooleanField(
        default=False, help_text="Swiss rounds only: the match is a draw (no winner)."
    )

    def validate(self, attrs):
        if attrs["draw"] == (attrs["winner"] is not None):
            raise serializers.ValidationError(
                {"winner": ["Name the winner, or give draw: true (Swiss rounds), not both."]}
            )
        return attrs


class ExtendIn(serializers.Serializer):
    minutes = serializers.IntegerField()


class ForfeitIn(serializers.Serializer):
    entry = serializers.IntegerField()


class MatchEntryOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)
    forfeited = serializers.BooleanField()
    dropped = serializers.BooleanField()


class MatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    index = serializers.IntegerField()
    entries = MatchEntryOut(many=True)
    status = serializers.CharField()
    time_called = serializers.BooleanField()
    winner = serializers.IntegerField(allow_null=True)
    decided_by = serializers.CharField(allow_null=True)
    is_bye = serializers.BooleanField()
    started_at = serializers.DateTimeField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)


class RoundOut(serializers.Serializer):
    number = serializers.IntegerField()
    started_at = serializers.DateTimeField(allow_null=True)
    matches = MatchOut(many=True)


class RoundOrPageLinkOut(RoundOut):
    """A round of the bracket; in the paged form (a bracket of more than 1,024 matches) it has
    no `matches` but `total` and `page`, the path of its first page of matches."""

    matches = MatchOut(many=True, required=False, help_text="Only when `paged` is false.")
    name = serializers.CharField(help_text="Round 1, ..., Quarterfinals, Semifinals, Final.")
    stage = serializers.ChoiceField(choices=["swiss", "bracket"])
    total = serializers.IntegerField(
        required=False, help_text="How many matches the round has (only when `paged`)."
    )
    page = serializers.CharField(
        required=False,
        help_text="The path of the round's first page of matches (only when `paged`).",
    )


class BracketOut(serializers.Serializer):
    paged = serializers.BooleanField(
        help_text="True for a bracket of more than 1,024 matches: its rounds link to their "
        "pages of matches instead of carrying them."
    )
    rounds = RoundOrPageLinkOut(many=True)


class RoundPageIn(serializers.Serializer):
    offset = serializers.IntegerField(min_value=0, max_value=2**31 - 1, default=0)
    limit = serializers.IntegerField(min_value=1, max_value=1024, default=256)


class RoundPageOut(RoundOut):
    name = serializers.CharField(help_text="Round 1, ..., Quarterfinals, Semifinals, Final.")
    offset = serializers.IntegerField(help_text="The index of the first match in this page.")
    total = serializers.IntegerField(help_text="How many matches the round has.")


class StandingEntryOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)


class StandingOut(serializers.Serializer):
    entry = StandingEntryOut()
    placement = serializers.IntegerField(allow_null=True)
    placement_label = serializers.CharField()
    match_wins = serializers.IntegerField()
    match_losses = serializers.IntegerField()
    game_wins = serializers.IntegerField()
    game_losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    dropped = serializers.BooleanField()
    # Swiss events only (tournaments/RULINGS.md S1-S5): the rank and every tie-breaker.
    rank = serializers.IntegerField(required=False, help_text="Swiss rank (tied entries share).")
    match_points = serializers.IntegerField(required=False)
    match_draws = serializers.IntegerField(required=False)
    opponents_match_win_percent = serializers.FloatField(required=False)
    game_win_percent = serializers.FloatField(required=False)
    opponents_game_win_percent = serializers.FloatField(required=False)
    in_cut = serializers.BooleanField(required=False, help_text="Swiss: plays the top cut.")
    group = serializers.CharField(
        required=False, allow_null=True, help_text="Round robin: the entry's group (A, B, ...)."
    )


class GroupOut(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField(help_text='"Group A", "Group B", ...')
    standings = StandingOut(many=True)


class MatchGameOut(serializers.Serializer):
    number = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True)
    life = serializers.DictField(child=serializers.IntegerField())
    first_damage = serializers.IntegerField(allow_null=True)
    source = serializers.CharField()  # type: ignore[assignment]  # the "source" key, not DRF's


class AuditOut(serializers.Serializer):
    action = serializers.CharField()
    actor = serializers.CharField(allow_null=True)
    at = serializers.DateTimeField()
    before = serializers.DictField()
    after = serializers.DictField()


class MemberOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class MatchDetailEntryOut(MatchEntryOut):
    members = MemberOut(many=True)


class MatchDetailOut(MatchOut):
    entries = MatchDetailEntryOut(many=True)
    tournament = serializers.IntegerField()
    best_of = serializers.IntegerField()
    team_mode = serializers.CharField(allow_null=True, help_text="null for single players")
    games = MatchGameOut(many=True)
    pending_report = serializers.DictField(allow_null=True)
    audit = AuditOut(many=True)
