"""Pure draft and sealed rules (no Django): dealing, boosters, passing, per-seat queues,
pick timers and bot picks. Randomness always comes in as a seeded ``random.Random``.

The services (`decks.drafting.services`) read a pod's rows, ask these functions and write
what they answer; there is no second, in-memory model of a pod."""

from .boosters import (
    DEFAULT_LAYOUT_TEXT,
    BoosterLayout,
    BoosterSlot,
    deal_catalogue_draft,
    deal_catalogue_sealed,
    generate_booster,
    parse_layout,
)
from .bots import bot_pick
from .cards import DraftCard, PlayingCard, parse_playing_card, pick_sort_key, standard_deck
from .dealing import DRAFT_PACK_SIZE, DRAFT_ROUNDS, DraftDeal, deal_combat_draft, deal_combat_sealed
from .errors import (
    CardNotInPack,
    DraftNotRunning,
    DraftRuleError,
    LayoutError,
    NotEnoughCards,
    StalePick,
)
from .passing import next_seat, pass_direction, previous_seat
from .queues import (
    PackPosition,
    after_pick,
    check_pick,
    head_pack,
    last_card_seats,
    round_finished,
    seat_queue,
)
from .seeds import new_seed, rng_for
from .timers import (
    COMPETITIVE_SCHEDULE,
    TimerMode,
    competitive_seconds,
    parse_pick_timer,
    pick_seconds,
)

__all__ = [
    "COMPETITIVE_SCHEDULE",
    "DEFAULT_LAYOUT_TEXT",
    "DRAFT_PACK_SIZE",
    "DRAFT_ROUNDS",
    "BoosterLayout",
    "BoosterSlot",
    "CardNotInPack",
    "DraftCard",
    "DraftDeal",
    "DraftNotRunning",
    "DraftRuleError",
    "LayoutError",
    "NotEnoughCards",
    "PackPosition",
    "PlayingCard",
    "StalePick",
    "TimerMode",
    "after_pick",
    "bot_pick",
    "check_pick",
    "competitive_seconds",
    "deal_catalogue_draft",
    "deal_catalogue_sealed",
    "deal_combat_draft",
    "deal_combat_sealed",
    "generate_booster",
    "head_pack",
    "last_card_seats",
    "new_seed",
    "next_seat",
    "parse_layout",
    "parse_pick_timer",
    "parse_playing_card",
    "pass_direction",
    "pick_seconds",
    "pick_sort_key",
    "previous_seat",
    "rng_for",
    "round_finished",
    "seat_queue",
    "standard_deck",
]
