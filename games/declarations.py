"""The five games as data: one `Game` each, in display order.

Numbers here are the rulebooks' (see /work/shared/rulebooks/README.md): Combat is the only game
with teams (rulebook section 8: four- and six-player games) and with Jokers; Conventional Combat,
Army and Rune Duel are two-player games; Kingdom Combat is for 2 or more. The deck rules of each
format (sizes, copies, borders) live in `decks.legality`; the rules of play in `gameplay.engine`.
`tests/games` checks that the three agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.play import GameType, SearchBudget, TimeLimit

COMBAT = "combat"
KINGDOM_COMBAT = "kingdom-combat"
CONVENTIONAL_COMBAT = "conventional-combat"
ARMY = "army"
RUNE_DUEL = "rune-duel"

# A format's kind: "off-the-top", "draft" and "sealed" are limited (the cards come from the
# event); "constructed" brings your own deck; "no-deck" needs none (Army's one standard pack,
# the starter decks of Conventional Combat and Rune Duel).
LIMITED_KINDS = ("off-the-top", "draft", "sealed")
DECK_KINDS = ("constructed", "draft", "sealed")
ENGINE_BOTS = ("random", "greedy", "search")


class UnknownGame(LookupError):
    """There is no game with that slug."""


@dataclass(frozen=True, slots=True)
class FormatInfo:
    """A deck format of one game, as events offer it (`engine_mode`: the engine's mode option
    the format plays, where the game has modes)."""

    slug: str
    name: str
    kind: str
    engine_mode: str = ""

    @property
    def limited(self) -> bool:
        """The event provides the cards (off the top, a draft or a sealed pool)."""
        return self.kind in LIMITED_KINDS

    @property
    def uses_deck(self) -> bool:
        """Each entry registers a deck of its own."""
        return self.kind in DECK_KINDS


@dataclass(frozen=True, slots=True)
class TimeFacts:
    """What decides a game in progress when time is called, in the game's own words.

    `noun` completes "Alice's ___"; `heading` names them all ("Time: life totals"); `first`
    labels who breaks a tie (the engine's `first_damage`)."""

    noun: str
    heading: str
    explanation: str
    first: str


@dataclass(frozen=True, slots=True)
class Cards:
    """What a game's cards are, as the catalogue, the deck rules and the deck pages read them.

    `builtin_set` / `data_file`: the code and the decks/data file of its built-in set (Combat
    and Army share the playing cards); `types`: the card types a set may hold; `face`: how
    decks.faces draws a card ("playing", "kingdom", "conventional", "rune"); `borders`: the
    borders a card carries, the last one for tokens (none: cards have no border; the copies
    each border allows are the formats' `border_limits`); `factions`: every card belongs to
    a faction (or is a mercenary); `action_kinds`: the subtypes an action card must have;
    `fortresses`: decks choose fortresses (with hit points and gold), and the rulebook's deck
    advice and gold curve apply; `tokens`: effects make token cards, which must exist;
    `kind_effects`: which effects a card may carry depends on its kind (a fortress's, a Dirty
    Trick's: decks.legality.kc_effects);
    `cost_name` / `curve_name`: the builder's words for a card's cost and the cost chart."""

    builtin_set: str
    data_file: str
    types: tuple[str, ...]
    face: str
    borders: tuple[str, ...] = ()
    factions: bool = False
    action_kinds: tuple[str, ...] = ()
    fortresses: bool = False
    tokens: bool = False
    kind_effects: bool = False
    cost_name: str = "Cost"
    curve_name: str = "Cost curve"


@dataclass(frozen=True, slots=True)
class Game:
    """One game: what an event of it may choose and how it is played."""

    slug: str
    name: str
    match_sizes: tuple[int, ...]
    formats: tuple[FormatInfo, ...]
    time: TimeFacts
    cards: Cards
    team_sizes: tuple[int, ...] = (1,)
    team_players: tuple[int, ...] = ()
    jokers: bool = False
    # Played with standard playing cards (a draft deals them; no boosters of a card set).
    playing_cards: bool = False
    # How the engine plays it (seats, secret choices, what decides it at time, the search
    # bot's budget, the bots); None: the engine does not play it.
    play: GameType | None = None
    engine_note: str = ""
    # How the engine takes an event's registered decks: "codes" (playing-card codes),
    # "cards" (card dicts, one list per seat), "force" (a Combat Force per seat), "kingdom"
    # (fortress keys and [card key, count] lines per seat), "" (none).
    engine_decks: str = ""

    @property
    def engine(self) -> bool:
        """The engine plays this game."""
        return self.play is not None

    def game_type(self) -> GameType:
        """How the engine plays it (`play`), for the game's ruleset; UnknownGame if it does not."""
        if self.play is None:
            raise UnknownGame(f"The engine does not play {self.name}.")
        return self.play

    @property
    def bots(self) -> tuple[str, ...]:
        """The bots (gameplay.engine.bots names) that play it; () when the engine does not."""
        return self.play.bots if self.play is not None else ()

    @property
    def teams(self) -> bool:
        """Entries may be teams of several players."""
        return max(self.team_sizes) > 1

    @property
    def two_player(self) -> bool:
        """Every match is one entry against one."""
        return self.match_sizes == (2,)

    @property
    def default_format(self) -> FormatInfo:
        """The format a new event starts with: the first listed."""
        return self.formats[0]

    @property
    def limited_formats(self) -> tuple[FormatInfo, ...]:
        """Off the top, draft, sealed: whichever this game has."""
        return tuple(f for f in self.formats if f.limited)

    def format(self, slug: str) -> FormatInfo | None:
        """The format `slug` of this game, or None."""
        return next((f for f in self.formats if f.slug == slug), None)

    def format_slugs(self) -> tuple[str, ...]:
        """The slugs of this game's formats, in display order."""
        return tuple(f.slug for f in self.formats)

    def settings_problems(
        self, *, deck_format: str, entries_per_match: int, team_size: int, jokers: bool
    ) -> dict[str, list[str]]:
        """What an event of this game may not choose, by field; {} when everything is allowed."""
        errors: dict[str, list[str]] = {}
        if self.format(deck_format) is None:
            names = _words([f"{f.name} ({f.slug})" for f in self.formats], "and")
            errors["deck_format"] = [f"{self.name} has the formats {names}; choose one of them."]
        if entries_per_match not in self.match_sizes:
            sizes = _words([str(n) for n in self.match_sizes], "or")
            errors["entries_per_match"] = [
                f"{self.name} matches have {sizes} entries"
                + (": it is a two-player game." if self.two_player else ".")
            ]
        if team_size not in self.team_sizes:
            errors["team_size"] = [
                f"{self.name} has no teams: each entry is one player."
                if not self.teams
                else f"{self.name} teams have {_words([str(n) for n in self.team_sizes])} players."
            ]
        elif team_size > 1 and entries_per_match * team_size not in self.team_players:
            players = _words([str(n) for n in self.team_players], "and")
            errors["team_size"] = [f"Teams play in {players}-player games only (rulebook §8)."]
        if jokers and not self.jokers:
            errors["jokers"] = [f"{self.name} decks have no Jokers; only Combat's can."]
        return errors


def _words(items: list[str], last: str = "or") -> str:
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


_LIFE_FIRST = "First to deal damage"
# Combat and Rune Duel both count life at time (each rulebook's "life" total).
_LIFE_TOTALS = TimeFacts(
    noun="life",
    heading="life totals",
    explanation="The game in progress goes to the highest life total, then to "
    "whoever dealt damage first; the match to whoever then has more game wins.",
    first=_LIFE_FIRST,
)
_FORTRESS_HP = TimeFacts(
    noun="fortress HP",
    heading="fortress hit points",
    explanation="The game in progress goes to the fortress with the most hit points "
    "left, then to whoever dealt damage first; the match to whoever then has more "
    "game wins.",
    first=_LIFE_FIRST,
)
_CHARACTERS_LEFT = TimeFacts(
    noun="characters left",
    heading="characters left",
    explanation="The game in progress goes to whoever has more characters left (not "
    "in the discard pile), then to whoever won the first duel; the match to whoever "
    "then has more game wins.",
    first="Winner of the first duel",
)
_STAMINA = TimeFacts(
    noun="stamina",
    heading="stamina points (SP)",
    explanation="The game in progress goes to the army with the most stamina points "
    "(SP) left, then to whoever first made the other lose an SP; the match to "
    "whoever then has more game wins.",
    first="First to make the other lose an SP",
)
_COMBAT_TEAMS = (2, 3)  # players per team; an entry of one player is no team
_COMBAT_FORMATS = (
    FormatInfo("off-the-top", "Off the top", "off-the-top"),
    FormatInfo("constructed", "Constructed", "constructed"),
    FormatInfo("sealed", "Sealed", "sealed"),
    FormatInfo("draft", "Draft", "draft"),
)

GAMES: tuple[Game, ...] = (
    Game(
        slug=COMBAT,
        name="Combat",
        match_sizes=(2, 3, 4),
        team_sizes=(1, *_COMBAT_TEAMS),
        team_players=(4, 6),
        jokers=True,
        playing_cards=True,
        formats=_COMBAT_FORMATS,
        cards=Cards(
            "STD", "playing_cards.json", ("spot", "court", "joker"), "playing", cost_name="Value"
        ),
        time=_LIFE_TOTALS,
        play=GameType(
            min_players=2,
            max_players=8,
            team_modes=("alliance", "as-one"),
            team_sizes=_COMBAT_TEAMS,
            simultaneous=False,
            time_limit=TimeLimit(measure=_LIFE_TOTALS.noun, tiebreak="first damage"),
            determinization=True,
            rollout_policy=True,
            lists_hidden_cards=True,
            bots=ENGINE_BOTS,
        ),
        engine_decks="codes",
    ),
    Game(
        slug=KINGDOM_COMBAT,
        name="Kingdom Combat",
        match_sizes=(2, 3, 4),
        formats=(
            FormatInfo("constructed", "Constructed", "constructed"),
            FormatInfo("sealed", "Sealed", "sealed"),
            FormatInfo("draft", "Draft", "draft"),
        ),
        cards=Cards(
            "KC1",
            "kingdom_combat_starter.json",
            ("fortress", "unit", "structure", "action", "token"),
            "kingdom",
            borders=("gold", "silver", "black", "green"),
            factions=True,
            action_kinds=("Dirty Trick", "Event", "Ability", "Equipment"),
            fortresses=True,
            tokens=True,
            kind_effects=True,
            curve_name="Gold curve",
        ),
        time=_FORTRESS_HP,
        play=GameType(
            min_players=2,
            max_players=6,
            time_limit=TimeLimit(measure=_FORTRESS_HP.noun, tiebreak="first damage"),
            determinization=True,
            lists_hidden_cards=True,
            bots=ENGINE_BOTS,
            rollout_policy=True,
            # rollouts shared by the greedy bot's best 3 actions, each played on through the
            # rest of the turn and the next one (10 decisions; a turn is 4-5) by the game's
            # strategy.rollout_action and scored by its strategy.evaluate: 12 samples of an
            # action at the cost of the 4 of depth 30 (0.70 against greedy where that had 0.60)
            search=SearchBudget(rollouts=36, depth=10, top=3),
        ),
        engine_decks="kingdom",
    ),
    Game(
        slug=CONVENTIONAL_COMBAT,
        name="Conventional Combat",
        match_sizes=(2,),
        formats=(
            FormatInfo("starter", "Starter decks", "no-deck"),
            FormatInfo("quick-duel", "Quick Duel", "constructed", engine_mode="quick-duel"),
            FormatInfo("full-match", "Full Match", "constructed", engine_mode="full-match"),
        ),
        cards=Cards(
            "CC1", "conventional_combat_starter.json", ("character", "action"), "conventional"
        ),
        time=_CHARACTERS_LEFT,
        play=GameType(
            simultaneous=True,
            time_limit=TimeLimit(measure=_CHARACTERS_LEFT.noun, tiebreak="first duel won"),
            determinization=True,
            rollout_policy=True,
            # search: every choice judged on samples of the other seat's secret choice as the
            # rollout policy makes it (choice_model), or its answer by that policy when it
            # chooses second; then the step's outcome is scored (longer rollouts only added
            # dice noise in the ladders; BENCHMARKS.md)
            search=SearchBudget(rollouts=64, depth=0, top=10),
            choice_model=True,
            bots=ENGINE_BOTS,
        ),
        engine_decks="force",
    ),
    Game(
        slug=ARMY,
        name="Army",
        match_sizes=(2,),
        formats=(FormatInfo("standard", "Standard", "no-deck"),),
        playing_cards=True,
        cards=Cards("STD", "playing_cards.json", ("spot", "court"), "playing", cost_name="Value"),
        time=_STAMINA,
        play=GameType(
            simultaneous=True,
            time_limit=TimeLimit(measure=_STAMINA.noun, tiebreak="first stamina taken"),
            determinization=True,
            rollout_policy=True,
            # search: each card of the hand judged by the round it plays, the other seat holding
            # a hand its plays make likely (army/inference.py) and playing it as the greedy bot
            # would (army/opponent.py), and the hand kept scored by what it brings in the rounds
            # to come (army/hand_values.py). The round is summed over 256 modelled answers and
            # the draw (army/round_values.py); these 300 sampled rounds (60 a card) judge only
            # the round before the round limit (rollouts past the round only added noise)
            search=SearchBudget(rollouts=300, depth=0, top=5),
            choice_model=True,  # the other hand as its plays fit; a card chosen in secret: greedy's
            bots=ENGINE_BOTS,
        ),
    ),
    Game(
        slug=RUNE_DUEL,
        name="Rune Duel",
        match_sizes=(2,),
        formats=(
            FormatInfo("starter", "Starter decks", "no-deck"),
            FormatInfo("constructed", "Constructed", "constructed"),
        ),
        cards=Cards(
            "RD1",
            "rune_duel_starter.json",
            ("creature", "artifact", "spell", "warlord"),
            "rune",
            cost_name="Rank",
        ),
        time=_LIFE_TOTALS,
        play=GameType(
            simultaneous=True,
            time_limit=TimeLimit(measure=_LIFE_TOTALS.noun, tiebreak="first damage"),
            determinization=True,
            # search: the best three actions, each judged on 40 samples of the hidden cards:
            # the round played out on each (the duel by the solver, the other seat replying
            # blind; the battle line and combat fought), then the next duel solved on the
            # sample's own hands (search_evaluate; random rollouts only added noise;
            # BENCHMARKS.md)
            # a candidate 2.5 standard errors behind the leader is no longer sampled (from 16
            # samples on): as strong on the same 600 duplicate games (378 - 222 where 40
            # samples each won 374 - 226) at 0.76x the time; that trial capped every race at
            # 40 samples, here two candidates keep their 60
            search=SearchBudget(rollouts=120, depth=0, top=3, race=2.5),
            # the other hand sampled to fit its last lost duel: the loser could not trump the
            # last card and keeps its hand (rune_duel/opponent.py; 0.593 -> 0.635 in A/B)
            choice_model=True,
            bots=ENGINE_BOTS,
        ),
        engine_decks="cards",
    ),
)

_BY_SLUG = {game.slug: game for game in GAMES}
# The game the deck pages (the card browser, a new deck) open on when none is chosen: the one
# whose decks are built from a catalogue of its own (the others use playing cards or starters).
DECK_PAGES_GAME = KINGDOM_COMBAT


def get(slug: str) -> Game:
    """The declaration of that game; UnknownGame if there is none."""
    try:
        return _BY_SLUG[slug]
    except KeyError:
        raise UnknownGame(f"There is no game called {slug!r}; choose one of {slugs()}.") from None


def cards_of(slug: str) -> Cards | None:
    """What that game's cards are (None for a game nobody declared, such as a test's)."""
    game = _BY_SLUG.get(slug)
    return game.cards if game else None


def default() -> Game:
    """The game a new event, league or game starts with when none is chosen: the first listed."""
    return GAMES[0]


def deck_pages_default() -> Game:
    """The game the card browser and a new deck open on when none is chosen."""
    return _BY_SLUG[DECK_PAGES_GAME]


def builtin_sets() -> dict[str, tuple[str, tuple[str, ...]]]:
    """{set code: (its decks/data file, the slugs of the games that play it)}, in game order."""
    sets: dict[str, tuple[str, tuple[str, ...]]] = {}
    for game in GAMES:
        data_file, slugs = sets.get(game.cards.builtin_set, (game.cards.data_file, ()))
        sets[game.cards.builtin_set] = (data_file, (*slugs, game.slug))
    return sets


def all_games() -> tuple[Game, ...]:
    """Every game, in display order."""
    return GAMES


def slugs() -> tuple[str, ...]:
    """Every game's slug, in display order."""
    return tuple(_BY_SLUG)


def name_of(slug: str) -> str:
    """A game's name for people; an unknown slug is returned as it is."""
    game = _BY_SLUG.get(slug)
    return game.name if game else slug


def playing_card_games() -> frozenset[str]:
    """The slugs of the games played with standard playing cards (Combat, Army)."""
    return frozenset(game.slug for game in GAMES if game.playing_cards)


def choices() -> list[tuple[str, str]]:
    """(slug, name) pairs for forms and model fields."""
    return [(game.slug, game.name) for game in GAMES]


def format_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Each game's formats, grouped under the game's name, for a form's select."""
    return [(game.name, [(f.slug, f.name) for f in game.formats]) for game in GAMES]
