"""Draft pods: seats, packs with their cards, and picks. All draft state lives here, so a
restart resumes exactly where it was. Constraints make a double pick impossible."""

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from decks.drafting.rules.grid import GridState
from decks.drafting.rules.rochester import RochesterState
from decks.drafting.rules.winston import WinstonState


class Draft(models.Model):
    """A pod: seats in order, each a player or a bot, drafting packs round by round."""

    # The card facts of a run of bot picks, kept on the row by the pick services (not a column).
    _card_infos: dict[int, Any]

    class Status(models.TextChoices):
        OPEN = "open", "Open for joining"
        RUNNING = "running", "Running"
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"

    class Format(models.TextChoices):
        BOOSTER = "booster", "Booster"
        WINSTON = "winston", "Winston (2 players)"
        GRID = "grid", "Grid (2 players)"
        ROCHESTER = "rochester", "Rochester (packs face up)"

    class Timer(models.TextChoices):
        OFF = "off", "Off"
        FIXED = "fixed", "Fixed seconds"
        COMPETITIVE = "competitive", "Competitive schedule"

    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organized_drafts"
    )
    game = models.ForeignKey("decks.Game", on_delete=models.PROTECT, related_name="drafts")
    card_set = models.ForeignKey(
        "decks.CardSet", on_delete=models.PROTECT, null=True, blank=True, related_name="drafts"
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="drafts",
    )
    pod_number = models.PositiveSmallIntegerField(default=1)
    format = models.CharField(max_length=10, choices=Format.choices, default=Format.BOOSTER)
    seat_count = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    round = models.PositiveSmallIntegerField(default=0)
    rounds = models.PositiveSmallIntegerField(default=3)
    pack_size = models.PositiveSmallIntegerField(default=15)
    jokers = models.BooleanField(default=False)
    booster_layout = models.CharField(max_length=200, blank=True)
    # A cube: packs are the card set's list, singleton, shuffled (not boosters by layout).
    cube = models.BooleanField(default=False)
    # Team Rochester: two teams seated alternately, a seat's team is its index mod 2
    # (rules/rochester.py `team_of`, RULINGS.md 39).
    teams = models.BooleanField(default=False)
    timer = models.CharField(max_length=12, choices=Timer.choices, default=Timer.OFF)
    timer_seconds = models.PositiveSmallIntegerField(default=0)
    seed = models.CharField(max_length=64)
    # A counter giving every pass its place in the receiving seat's queue.
    arrivals = models.PositiveIntegerField(default=0)
    # Moved by every transaction that locks the pod (`services.common.draft_lock`): a pick or
    # a bots' pass planned from what it read before the lock is written only if the version
    # is still the one it read (`services.human_pick`, `services.bot_picks`), and only if
    # the queues it moves have not moved since (`queues`) or, when it empties a pack, if no
    # pick at all was written since (`arrivals`).
    version = models.PositiveBigIntegerField(default=0)
    # Seat index -> a counter moved by every planned write that changes that seat's queue
    # (a pack taken from it or passed to it; `fastpath.claim_and_write`); missing is 0.
    queues = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "pod_number"],
                condition=Q(tournament__isnull=False),
                name="draft_pod_number_unique_per_tournament",
            ),
            models.CheckConstraint(
                condition=Q(round__lte=F("rounds")), name="draft_round_within_rounds"
            ),
            models.CheckConstraint(
                condition=~Q(timer="fixed") | Q(timer_seconds__gte=5),
                name="draft_fixed_timer_has_seconds",
            ),
            models.CheckConstraint(
                condition=Q(pack_size__gte=1) & Q(rounds__gte=1) & Q(seat_count__gte=2),
                name="draft_sizes_positive",
            ),
            models.CheckConstraint(
                condition=Q(teams=False) | Q(format="rochester", seat_count__gte=4),
                name="draft_teams_are_rochester",
            ),
        ]

    def __str__(self) -> str:
        if self.tournament_id:
            return f"{self.tournament} · pod {self.pod_number}"
        return f"{self.game} draft #{self.pk}"


class Seat(models.Model):
    """A place at the table: a player, a bot, or (while open) nobody yet."""

    draft = models.ForeignKey(Draft, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="draft_seats",
    )
    is_bot = models.BooleanField(default=False)
    entry = models.ForeignKey(
        "tournaments.Entry",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="draft_seats",
    )
    # The deadline of the current pick, and which pick it belongs to.
    deadline = models.DateTimeField(null=True, blank=True)
    deadline_pack = models.ForeignKey(
        "Pack", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    deadline_pick_number = models.PositiveSmallIntegerField(null=True, blank=True)
    paused_remaining_ms = models.PositiveIntegerField(null=True, blank=True)
    pool = models.ForeignKey(
        "decks.Pool", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["draft_id", "index"]
        constraints = [
            models.UniqueConstraint(fields=["draft", "index"], name="seat_index_unique"),
            models.UniqueConstraint(
                fields=["draft", "player"],
                condition=Q(player__isnull=False),
                name="seat_player_unique_per_draft",
            ),
            models.UniqueConstraint(
                fields=["draft", "entry"],
                condition=Q(entry__isnull=False),
                name="seat_entry_unique_per_draft",
            ),
        ]
        indexes = [models.Index(fields=["deadline"], name="seat_deadline_idx")]

    def __str__(self) -> str:
        who = "bot" if self.is_bot else (str(self.player) if self.player_id else "empty")
        return f"seat {self.index + 1} ({who})"  # people count seats from 1


class Pack(models.Model):
    """A pack (pile or booster) of one round; it sits in ``holder_seat``'s queue."""

    draft = models.ForeignKey(Draft, on_delete=models.CASCADE, related_name="packs")
    round = models.PositiveSmallIntegerField()
    origin_seat = models.PositiveSmallIntegerField()
    holder_seat = models.PositiveSmallIntegerField()
    arrival = models.PositiveIntegerField(default=0)
    cards_left = models.PositiveSmallIntegerField()
    picks_made = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["draft_id", "round", "origin_seat"]
        constraints = [
            models.UniqueConstraint(
                fields=["draft", "round", "origin_seat"], name="pack_one_per_seat_and_round"
            ),
        ]
        indexes = [
            models.Index(fields=["draft", "round", "holder_seat", "arrival"], name="pack_queue_idx")
        ]

    def __str__(self) -> str:
        return f"pack {self.pk} (round {self.round}, seat {self.origin_seat + 1})"


class PackCard(models.Model):
    """One card copy dealt into a pack; picked at most once."""

    pack = models.ForeignKey(Pack, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey("decks.Card", on_delete=models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["pack_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "position"], name="packcard_position_unique")
        ]

    def __str__(self) -> str:
        return f"{self.card} in pack {self.pack_id}"


class Pick(models.Model):
    """A card taken from a pack. The three unique constraints make a double pick impossible:
    one pick per pack and pick number, one per seat, round and pick number, one per card."""

    class Kind(models.TextChoices):
        HUMAN = "human", "Human"
        TIMEOUT = "timeout", "Timeout"
        BOT = "bot", "Bot"
        LAST = "last", "Last card"

    draft = models.ForeignKey(Draft, on_delete=models.CASCADE, related_name="picks")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="picks")
    pack = models.ForeignKey(Pack, on_delete=models.CASCADE, related_name="picks")
    pack_card = models.OneToOneField(PackCard, on_delete=models.CASCADE, related_name="pick")
    round = models.PositiveSmallIntegerField()
    pick_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["draft_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "pick_number"], name="pick_once_per_pack_pick"),
            models.UniqueConstraint(
                fields=["seat", "round", "pick_number"], name="pick_once_per_seat_round_pick"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.seat}: round {self.round} pick {self.pick_number}"


class WinstonTable(models.Model):
    """A Winston draft's table (see rules/winston.py): the stack (top last), the three piles
    and the two pools as card ids, who acts, which pile they look at and the action count.
    Written only under the draft's row lock; `turn` is what a request must quote."""

    draft = models.OneToOneField(
        Draft, on_delete=models.CASCADE, primary_key=True, related_name="winston"
    )
    stack = models.JSONField(default=list)
    piles = models.JSONField(default=list)
    pools = models.JSONField(default=list)
    active = models.PositiveSmallIntegerField(default=0)
    pile = models.PositiveSmallIntegerField(default=0)
    turn = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(active__lte=1) & Q(pile__lte=2), name="winston_active_and_pile"
            )
        ]

    def __str__(self) -> str:
        return f"Winston table of draft {self.draft_id}"

    def state(self) -> WinstonState:
        """The table as the pure rules see it."""
        return WinstonState(
            stack=tuple(self.stack),
            piles=tuple(tuple(pile) for pile in self.piles),
            pools=tuple(tuple(pool) for pool in self.pools),
            active=self.active,
            pile=self.pile,
            turn=self.turn,
        )

    def store(self, state: WinstonState) -> None:
        """Copy a state of the pure rules onto the row (the caller saves it)."""
        self.stack, self.piles = list(state.stack), [list(p) for p in state.piles]
        self.pools, self.active = [list(p) for p in state.pools], state.active
        self.pile, self.turn = state.pile, state.turn


class TurnMove(models.Model):
    """The log of a turn-based draft (Winston, grid): one row per action, numbered; the unique
    number makes a repeated or concurrent action impossible to record twice."""

    class Kind(models.TextChoices):
        HUMAN = "human", "Human"
        TIMEOUT = "timeout", "Timeout"
        BOT = "bot", "Bot"

    draft = models.ForeignKey(Draft, on_delete=models.CASCADE, related_name="turn_moves")
    turn = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    # Winston: the pile looked at (0-2); grid: the round.
    pile = models.PositiveSmallIntegerField()
    # Winston: take or decline; grid: row-1..3 or column-1..3.
    action = models.CharField(max_length=8)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    # The card ids the seat got (the pile, the blind card, or none).
    cards = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["draft_id", "turn"]
        constraints = [
            models.UniqueConstraint(fields=["draft", "turn"], name="turn_move_once_per_turn")
        ]

    def __str__(self) -> str:
        return f"draft {self.draft_id} move {self.turn}: seat {self.seat + 1} {self.action}"


class GridTable(models.Model):
    """A grid draft's table (see rules/grid.py): the grids still to come, the current grid
    (nine slots, null once taken), the discards and the two pools as card ids; the round,
    who picks first in it, how many picks it has had, and the action count `turn`."""

    draft = models.OneToOneField(
        Draft, on_delete=models.CASCADE, primary_key=True, related_name="grid"
    )
    grids = models.JSONField(default=list)
    grid = models.JSONField(default=list)
    discarded = models.JSONField(default=list)
    pools = models.JSONField(default=list)
    round = models.PositiveSmallIntegerField(default=1)
    rounds = models.PositiveSmallIntegerField(default=1)
    first = models.PositiveSmallIntegerField(default=0)
    picks = models.PositiveSmallIntegerField(default=0)
    turn = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"grid table of draft {self.draft_id}"

    def state(self) -> GridState:
        """The table as the pure rules see it."""
        return GridState(
            grids=tuple(tuple(g) for g in self.grids),
            grid=tuple(self.grid),
            discarded=tuple(self.discarded),
            pools=tuple(tuple(p) for p in self.pools),
            round=self.round,
            rounds=self.rounds,
            first=self.first,
            picks=self.picks,
            turn=self.turn,
        )

    def store(self, state: GridState) -> None:
        """Copy a state of the pure rules onto the row (the caller saves it)."""
        self.grids, self.grid = [list(g) for g in state.grids], list(state.grid)
        self.discarded, self.pools = list(state.discarded), [list(p) for p in state.pools]
        self.round, self.rounds, self.first = state.round, state.rounds, state.first
        self.picks, self.turn = state.picks, state.turn


class RochesterTable(models.Model):
    """A Rochester draft's table (see rules/rochester.py): the closed packs in opening order,
    the open pack (face up to all), how many packs were opened, the picks made from the open
    pack, each seat's pool, and the action count `turn`."""

    draft = models.OneToOneField(
        Draft, on_delete=models.CASCADE, primary_key=True, related_name="rochester"
    )
    closed = models.JSONField(default=list)
    pack = models.JSONField(default=list)
    opened = models.PositiveSmallIntegerField(default=1)
    picks = models.PositiveSmallIntegerField(default=0)
    pools = models.JSONField(default=list)
    turn = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"Rochester table of draft {self.draft_id}"

    def state(self) -> RochesterState:
        """The table as the pure rules see it."""
        return RochesterState(
            closed=tuple(tuple(p) for p in self.closed),
            pack=tuple(self.pack),
            seats=len(self.pools),
            opened=self.opened,
            picks=self.picks,
            pools=tuple(tuple(p) for p in self.pools),
            turn=self.turn,
        )

    def store(self, state: RochesterState) -> None:
        """Copy a state of the pure rules onto the row (the caller saves it)."""
        self.closed, self.pack = [list(p) for p in state.closed], list(state.pack)
        self.opened, self.picks = state.opened, state.picks
        self.pools, self.turn = [list(p) for p in state.pools], state.turn


class SealedDeal(models.Model):
    """The one sealed deal of a tournament: its seed (shown to the organizer) and settings."""

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="sealed_deal"
    )
    seed = models.CharField(max_length=64)
    # With the seed, these settings re-derive every pool (catalogue games deal boosters).
    card_set = models.ForeignKey(
        "decks.CardSet", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    booster_layout = models.CharField(max_length=200, blank=True)
    boosters_per_pool = models.PositiveSmallIntegerField(default=0)
    jokers = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"sealed deal for {self.tournament}"
