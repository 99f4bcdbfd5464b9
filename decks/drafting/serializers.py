"""Input and output shapes of the drafting API (no logic: the services decide)."""

from rest_framework import serializers

from accounts.serializers import ErrorOut

__all__ = ["ErrorOut"]


class DraftCreateIn(serializers.Serializer):
    game = serializers.CharField(max_length=40)
    seats = serializers.IntegerField(min_value=2, max_value=16, required=False, default=8)
    bots = serializers.IntegerField(min_value=0, max_value=16, required=False, default=0)
    pick_timer = serializers.CharField(
        required=False, default="off", help_text="'off', 'competitive' or seconds (5-600)."
    )
    tournament = serializers.IntegerField(required=False, allow_null=True, default=None)
    seed = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")
    jokers = serializers.BooleanField(required=False, default=False)
    card_set = serializers.IntegerField(required=False, allow_null=True, default=None)
    booster_layout = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        help_text="Catalogue games: e.g. '1 gold/silver, 3 silver/black, 11 black'.",
    )
    cube = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Catalogue games: packs of 15 from the card set's list, each card once.",
    )
    format = serializers.ChoiceField(
        choices=["booster", "winston", "grid", "rochester"],
        required=False,
        default="booster",
        help_text="'winston' or 'grid': a draft for two players (seats must be 2); "
        "'rochester': one pack at a time, face up.",
    )
    teams = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Rochester only: two equal teams seated alternately (even seats from 4).",
    )


class DraftJoinIn(serializers.Serializer):
    team = serializers.IntegerField(
        min_value=0,
        max_value=1,
        required=False,
        allow_null=True,
        default=None,
        help_text="Team Rochester: the team (0 or 1) whose first open seat you take.",
    )


class PickIn(serializers.Serializer):
    pack = serializers.IntegerField(min_value=1)
    pick_number = serializers.IntegerField(min_value=1)
    card = serializers.IntegerField(min_value=1, help_text="A pack card id from the pack.")


class SealedPoolsIn(serializers.Serializer):
    seed = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")
    booster_layout = serializers.CharField(
        max_length=200, required=False, allow_blank=True, default=""
    )
    boosters = serializers.IntegerField(min_value=1, max_value=12, required=False, default=None)
    card_set = serializers.IntegerField(required=False, allow_null=True, default=None)


class TournamentPodsIn(serializers.Serializer):
    pick_timer = serializers.CharField(required=False, default="off")
    drafters = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        allow_null=True,
        default=None,
        help_text="Entry ids: only these draft, in one pod of 8 with bots in the empty seats "
        "(deal sealed pools to the others afterwards). Leave out to seat every entry.",
    )
    seed = serializers.CharField(max_length=64, required=False, allow_blank=True, default="")
    card_set = serializers.IntegerField(required=False, allow_null=True, default=None)
    booster_layout = serializers.CharField(
        max_length=200, required=False, allow_blank=True, default=""
    )
    format = serializers.ChoiceField(
        choices=["booster", "winston", "grid", "rochester"],
        required=False,
        default="booster",
        help_text="'winston' or 'grid' only for a pod of two (two entries, or two ticked); "
        "'rochester': one pack at a time, face up.",
    )
    cube = serializers.BooleanField(
        required=False,
        default=False,
        help_text="Catalogue games: packs of 15 from the card set's list, each card once.",
    )


class SeatOut(serializers.Serializer):
    index = serializers.IntegerField(
        help_text="The seat's place at the table from 0 (pages show it to people as index + 1)."
    )
    player = serializers.CharField(allow_null=True, help_text="The player's username.")
    player_id = serializers.IntegerField(allow_null=True)
    is_bot = serializers.BooleanField()
    entry = serializers.IntegerField(allow_null=True)
    picks = serializers.IntegerField()
    picking = serializers.BooleanField(help_text="Has a pack in front of them now.")
    team = serializers.IntegerField(
        allow_null=True, help_text="Team Rochester: the seat's team (index mod 2), else null."
    )


class DraftOut(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    format = serializers.ChoiceField(choices=["booster", "winston", "grid", "rochester"])
    cube = serializers.BooleanField()
    teams = serializers.BooleanField(help_text="A Rochester draft of two teams.")
    status = serializers.ChoiceField(choices=["open", "running", "paused", "finished"])
    round = serializers.IntegerField()
    rounds = serializers.IntegerField()
    pack_size = serializers.IntegerField()
    pick_timer = serializers.JSONField()
    tournament = serializers.IntegerField(allow_null=True)
    pod_number = serializers.IntegerField()
    organizer = serializers.IntegerField()
    seats = SeatOut(many=True)


class DraftSummaryOut(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    round = serializers.IntegerField()
    seats = serializers.IntegerField()
    filled_seats = serializers.IntegerField()
    tournament = serializers.IntegerField(allow_null=True)
    pod_number = serializers.IntegerField()


class CardOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    code = serializers.CharField()
    type = serializers.CharField()
    border = serializers.CharField()
    factions = serializers.ListField(child=serializers.CharField())
    cost = serializers.IntegerField(allow_null=True)
    stats = serializers.DictField()
    subtype = serializers.CharField()
    keywords = serializers.ListField(child=serializers.CharField())
    text = serializers.CharField()
    faction_names = serializers.ListField(child=serializers.CharField())


class PackCardOut(serializers.Serializer):
    id = serializers.IntegerField()
    card = CardOut()


class PackOut(serializers.Serializer):
    id = serializers.IntegerField()
    origin_seat = serializers.IntegerField()
    cards = PackCardOut(many=True)


class PickOut(serializers.Serializer):
    id = serializers.IntegerField()
    card = CardOut()
    round = serializers.IntegerField()
    pick_number = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["human", "timeout", "bot", "last"])


class SeatViewOut(serializers.Serializer):
    seat = serializers.IntegerField()
    status = serializers.CharField()
    round = serializers.IntegerField()
    pick_number = serializers.IntegerField(allow_null=True)
    pack = PackOut(allow_null=True)
    queued_packs = serializers.IntegerField()
    picks = PickOut(many=True)
    deadline = serializers.DateTimeField(allow_null=True)


class LogOut(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.CharField(allow_null=True)
    round = serializers.IntegerField()
    pick_number = serializers.IntegerField()
    pack = serializers.IntegerField()
    card = CardOut()
    kind = serializers.ChoiceField(choices=["human", "timeout", "bot", "last"])
    at = serializers.DateTimeField()


class PoolRefOut(serializers.Serializer):
    id = serializers.IntegerField()
    entry = serializers.IntegerField(allow_null=True)
    user = serializers.IntegerField(allow_null=True)
    seed = serializers.CharField()


class PoolCardOut(serializers.Serializer):
    card = CardOut()
    count = serializers.IntegerField()


class PoolOut(serializers.Serializer):
    id = serializers.IntegerField()
    entry = serializers.IntegerField(allow_null=True)
    owner = serializers.IntegerField()
    game = serializers.CharField()
    source = serializers.CharField()  # type: ignore[assignment]  # the "source" key, not DRF's
    cards = PoolCardOut(many=True)


class WinstonMoveIn(serializers.Serializer):
    action = serializers.ChoiceField(
        choices=["take", "decline"], help_text="Take the pile you look at, or decline it."
    )
    turn = serializers.IntegerField(min_value=0, help_text="The table's `turn` you acted on.")


class WinstonOut(serializers.Serializer):
    draft = serializers.IntegerField()
    status = serializers.CharField()
    turn = serializers.IntegerField()
    active_seat = serializers.IntegerField(allow_null=True)
    pile = serializers.IntegerField(allow_null=True, help_text="The pile looked at (0-2).")
    pile_sizes = serializers.ListField(child=serializers.IntegerField())
    stack = serializers.IntegerField(help_text="Cards left in the stack.")
    seat = serializers.IntegerField(allow_null=True)
    your_turn = serializers.BooleanField()
    current_pile = CardOut(many=True, allow_null=True, help_text="Only for the acting player.")
    can_decline = serializers.BooleanField()
    pool = CardOut(many=True)
    pool_sizes = serializers.ListField(child=serializers.IntegerField())
    deadline = serializers.DateTimeField(allow_null=True)
    pool_id = serializers.IntegerField(allow_null=True)


class GridMoveIn(serializers.Serializer):
    line = serializers.ChoiceField(
        choices=["row-1", "row-2", "row-3", "column-1", "column-2", "column-3"],
        help_text="The row or column to take.",
    )
    turn = serializers.IntegerField(min_value=0, help_text="The table's `turn` you acted on.")


class GridOut(serializers.Serializer):
    draft = serializers.IntegerField()
    status = serializers.CharField()
    turn = serializers.IntegerField()
    round = serializers.IntegerField()
    rounds = serializers.IntegerField()
    active_seat = serializers.IntegerField(allow_null=True)
    grid = serializers.ListField(
        child=CardOut(allow_null=True), help_text="Nine slots, row by row; null once taken."
    )
    lines = serializers.ListField(child=serializers.CharField(), help_text="What you may take.")
    seat = serializers.IntegerField(allow_null=True)
    your_turn = serializers.BooleanField()
    pool = CardOut(many=True)
    pool_sizes = serializers.ListField(child=serializers.IntegerField())
    discarded = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)
    pool_id = serializers.IntegerField(allow_null=True)


class RochesterPickIn(serializers.Serializer):
    card = serializers.IntegerField(min_value=1, help_text="A card id from the open pack.")
    turn = serializers.IntegerField(min_value=0, help_text="The table's `turn` you acted on.")


class RochesterPickOut(serializers.Serializer):
    seat = serializers.IntegerField()
    kind = serializers.CharField()
    card = CardOut()


class RochesterOut(serializers.Serializer):
    draft = serializers.IntegerField()
    status = serializers.CharField()
    turn = serializers.IntegerField()
    round = serializers.IntegerField()
    rounds = serializers.IntegerField()
    pack_number = serializers.IntegerField()
    packs = serializers.IntegerField()
    opener = serializers.IntegerField(allow_null=True)
    active_seat = serializers.IntegerField(allow_null=True)
    pack = CardOut(many=True, help_text="The open pack, face up to everyone.")
    recent_picks = RochesterPickOut(many=True, help_text="The latest picks, newest first.")
    seat = serializers.IntegerField(allow_null=True)
    your_turn = serializers.BooleanField()
    pool = CardOut(many=True)
    pool_sizes = serializers.ListField(child=serializers.IntegerField())
    deadline = serializers.DateTimeField(allow_null=True)
    pool_id = serializers.IntegerField(allow_null=True)
