"""The tournaments' HTML forms: a new event, an organizer's new entry."""

from django import forms

from games import default as default_game
from games import format_choices
from tournaments.models import GameSlug, Tournament


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=120)
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
