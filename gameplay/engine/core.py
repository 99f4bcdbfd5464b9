"""The engine core: the contract every ruleset implements, and the game session helpers.

Pure standard library. A game is plain JSON data (a dict) plus a ruleset singleton that knows
how to read and change it. Randomness comes only from `chance`, which derives a `random.Random`
from the game's seed and a counter, so a game is fully described by its seed and action log.
"""

from __future__ import annotations

import hashlib
import json
import pickle
import random
from types import ModuleType
from typing import Any

import orjson

import games

# The registry does not import core (it loads the games on first use), so this is no cycle.
from gameplay.engine import registry

# Re-exported: the games and the apps import the errors and the declarations from core, with
# the contract.
from gameplay.engine.errors import EngineError as EngineError
from gameplay.engine.errors import IllegalAction as IllegalAction
from gameplay.engine.errors import UnknownRuleset as UnknownRuleset
from gameplay.engine.types import TERMINAL as TERMINAL
from gameplay.engine.types import Decision as Decision
from gameplay.engine.types import GameType as GameType
from gameplay.engine.types import Option as Option
from gameplay.engine.types import Result as Result
from gameplay.engine.types import SearchBudget as SearchBudget
from gameplay.engine.types import TimeLimit as TimeLimit

CHECKPOINT_EVERY = 50  # actions between two state hashes recorded in the log


class Ruleset:
    """Base class of a game's rules; subclasses are stateless singletons.

    A game sets `slug`, `name`, `version`, `options` and `game_type`, the declaration of what it
    supports (GameType: player counts, team modes, simultaneous choices, the time-limit facts,
    determinization, rollout policy, hidden-card listing, bots), or `declared` (its games
    declaration, which gives slug, name and game_type). Callers read `game_type`; they
    never probe for a method. Required methods: new_state, decision, legal_actions, apply, view,
    result. Every refusal goes through why_illegal (core.play asks it whenever an action is not
    legal). The methods a declaration switches on: determinize (determinization),
    rollout_action (rollout_policy), model_choices (choice_model), hidden_cards
    (lists_hidden_cards), time_facts (time_limit). The bots' scores, evaluate and
    search_evaluate, have defaults a game may refine.
    """

    slug: str = ""
    name: str = ""
    version: str = "1"
    # Earlier versions of these rules the engine still plays: a game recorded (or still running)
    # under one replays and goes on under its own rules; the rule modules read state["version"].
    replays: tuple[str, ...] = ()
    options: dict[str, Option] = {}
    game_type: GameType = GameType()
    # The game's one declaration (games.get(slug)): where a ruleset sets it, its slug, name and
    # game_type are taken from it (__init_subclass__), so a game states them once.
    declared: games.Game | None = None
    # The game package's role modules (the package shape every game has): where a ruleset
    # sets them, the methods below call them, so it does not repeat one-line delegations:
    # setup.new_state(ruleset, ...), views.determinize(ruleset, ...), strategy.evaluate(state,
    # seat) and strategy.rollout_action(state, seat, legal, rng) (when game_type.rollout_policy),
    # invariants.check_invariants(state).
    setup_module: ModuleType | None = None
    views_module: ModuleType | None = None
    strategy_module: ModuleType | None = None
    invariants_module: ModuleType | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.declared is not None:
            cls.slug, cls.name = cls.declared.slug, cls.declared.name
            cls.game_type = cls.declared.game_type()

    @property
    def min_players(self) -> int:
        """The fewest seats (game_type.min_players)."""
        return self.game_type.min_players

    @property
    def max_players(self) -> int:
        """The most seats (game_type.max_players)."""
        return self.game_type.max_players

    def new_state(self, *, seats: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
        """A fresh game state (JSON data) for that many seats (`setup_module.new_state`)."""
        if self.setup_module is None:
            raise NotImplementedError
        state: dict[str, Any] = self.setup_module.new_state(
            self, seats=seats, options=options, seed=seed
        )
        return state

    def decision(self, state: dict[str, Any]) -> Decision:
        """Who must act now."""
        raise NotImplementedError

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """Every action that seat may take now ([] if it is not that seat's decision)."""
        raise NotImplementedError

    def apply(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
        """Apply a legal action in place; IllegalAction if it is not legal."""
        raise NotImplementedError

    def is_legal(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
        """Whether the action is one of legal_actions(state, seat); a game may answer without
        listing every action (it must give the same answer: the games' fuzz tests check it)."""
        return action in self.legal_actions(state, seat)

    def apply_trusted(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
        """Apply an action known to be legal (core.play has just checked it, or a bot took it
        from legal_actions); rulesets override it to skip their own second check."""
        self.apply(state, seat, action)

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """What that seat (None: a spectator) may see."""
        raise NotImplementedError

    def result(self, state: dict[str, Any]) -> Result | None:
        """The result once the game is over, else None."""
        raise NotImplementedError

    def finished(self, state: dict[str, Any], winners: list[int], **facts: Any) -> Result:
        """A finished game's Result: its winners, the life and first damage its time facts
        give (what a time limit compares, now final) and what else the game records."""
        time = self.time_facts(state)
        return Result(list(winners), time["life"], time["first_damage"], facts)

    def time_facts(self, state: dict[str, Any]) -> dict[str, Any]:
        """Life per seat and the first seat to deal damage, mid-game (for time limits)."""
        return {"life": {}, "first_damage": None}

    def evaluate(self, state: dict[str, Any], seat: int) -> float:
        """A heuristic score of the state for that seat (higher is better): the strategy
        module's, else a win, a loss or nothing yet."""
        if self.strategy_module is not None:
            score: float = self.strategy_module.evaluate(state, seat)
            return score
        result = self.result(state)
        if result is None:
            return 0.0
        return 1.0 if seat in result.winners else -1.0

    def search_evaluate(self, state: dict[str, Any], seat: int) -> float:
        """The search bot's score of a state at the end of a rollout: evaluate unless the game
        can afford a finer one there (the search scores far fewer states than the greedy bot's
        one-step scan of every action)."""
        return self.evaluate(state, seat)

    def search_values(
        self,
        view: dict[str, Any],
        seat: int,
        candidates: list[dict[str, Any]],
        rng: random.Random,
    ) -> list[float] | None:
        """The search bot's value of each candidate action, where the game can sum what its
        sampled rollouts would average (Army's round); None (the default) lets it sample."""
        return None

    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
        """A full state consistent with the view (hidden cards sampled); game_type.determinization
        says whether the game has it (`views_module.determinize`)."""
        if self.views_module is None:
            raise NotImplementedError
        state: dict[str, Any] = self.views_module.determinize(self, view, seat, rng)
        return state

    def rollout_action(
        self, state: dict[str, Any], seat: int, legal: list[dict[str, Any]], rng: random.Random
    ) -> dict[str, Any]:
        """The move a search bot's rollout plays: uniformly random unless the game declares
        game_type.rollout_policy (its strategy module's rollout_action, or an override)."""
        if self.game_type.rollout_policy and self.strategy_module is not None:
            action: dict[str, Any] = self.strategy_module.rollout_action(state, seat, legal, rng)
            return action
        return legal[rng.randrange(len(legal))]

    def model_choices(self, state: dict[str, Any], seat: int, rng: random.Random) -> None:
        """Re-draw in place, in a state determinize sampled for seat, the secret choices the
        other seats have already made, as the game's own policy would (when
        game_type.choice_model); the default keeps determinize's draw."""

    def hidden_cards(self, state: dict[str, Any], seat: int | None) -> set[str]:
        """The card ids that seat must not see (when game_type.lists_hidden_cards)."""
        raise NotImplementedError

    def check_invariants(self, state: dict[str, Any]) -> None:
        """Raise AssertionError("why") if the state breaks a rule-level invariant."""
        if self.invariants_module is not None:
            self.invariants_module.check_invariants(state)

    def describe_action(self, action: dict[str, Any]) -> str:
        """A short label for the action (a button's text)."""
        return json.dumps(action, sort_keys=True)

    def why_illegal(self, state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
        """Why the action is not legal now, in players' words: the one path for refusals
        (core.play asks it whenever an action is not legal). Every game overrides it to name
        the rule the action breaks; this default covers the turn and a generic refusal."""
        decision = self.decision(state)
        if decision.kind == "terminal":
            return "The game is over."
        if seat not in decision.seats:
            return "It is not your turn to act."
        return f"That action is not allowed now: {self.describe_action(action)}."

    def describe(self) -> dict[str, Any]:
        """A JSON description of the ruleset for APIs."""
        return {
            "slug": self.slug,
            "name": self.name,
            "version": self.version,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": {k: v.describe() for k, v in self.options.items()},
            "game_type": self.game_type.describe(),
        }


def validate_options(ruleset: Ruleset, options: dict[str, Any] | None) -> dict[str, Any]:
    """Options with defaults filled in; EngineError naming the bad option otherwise."""
    options = dict(options or {})
    unknown = sorted(set(options) - set(ruleset.options))
    if unknown:
        raise EngineError(f"Unknown option(s) for {ruleset.slug}: {', '.join(unknown)}.")
    clean = {}
    for name, spec in ruleset.options.items():
        value = options.get(name, spec.default)
        _check_option(name, spec, value)
        clean[name] = value
    return clean


def _check_option(name: str, spec: Option, value: Any) -> None:
    if spec.choices is not None:
        if value not in spec.choices:
            allowed = ", ".join(str(c) for c in spec.choices)
            raise EngineError(f"Option {name} must be one of: {allowed}.")
        return
    if isinstance(spec.default, bool):
        if not isinstance(value, bool):
            raise EngineError(f"Option {name} must be true or false.")
        return
    if isinstance(spec.default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise EngineError(f"Option {name} must be a whole number.")
        if spec.minimum is not None and value < spec.minimum:
            raise EngineError(f"Option {name} must be at least {spec.minimum}.")
        if spec.maximum is not None and value > spec.maximum:
            raise EngineError(f"Option {name} must be at most {spec.maximum}.")


def base_state(
    ruleset: Ruleset, *, seats: int, options: dict[str, Any], seed: int
) -> dict[str, Any]:
    """The bookkeeping keys every state carries (rulesets may start from this)."""
    return {
        "ruleset": ruleset.slug,
        "version": ruleset.version,
        "seats": seats,
        "options": options,
        "seed": seed,
        "chance_count": 0,
        "events": [],
    }


def chance(state: dict[str, Any], label: str) -> random.Random:
    """The only randomness for rules: a Random derived from (seed, counter), logged as an event."""
    count = state.get("chance_count", 0)
    state["chance_count"] = count + 1
    state.setdefault("events", []).append({"chance": label, "n": count})
    material = f"{state['seed']}:{count}".encode()
    return random.Random(int.from_bytes(hashlib.sha256(material).digest()[:8], "big"))


def to_json(state: dict[str, Any]) -> str:
    """Canonical JSON text (sorted keys, no spaces) that round-trips exactly."""
    return _canonical_bytes(state).decode()


def _canonical_bytes(value: object) -> bytes:
    """to_json's text, UTF-8 encoded. State hashes are taken of it, and logs keep those hashes,
    so the text must never change: orjson writes the very same bytes as
    `json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False)` for the JSON data
    states hold (string keys, integers, strings, lists, booleans, None; test_canonical_json.py
    holds the two together), about ten times faster: a fifth of a long game's time went to
    hashing. What orjson refuses (a key that is not a string, an integer beyond 64 bits) goes
    through the json module as before. States hold no floats, whose exponents orjson would
    write otherwise (1e16, not 1e+16)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return text.encode()


def from_json(text: str) -> dict[str, Any]:
    """The state (or log) encoded by to_json."""
    state: dict[str, Any] = json.loads(text)
    return state


def state_hash(state: dict[str, Any]) -> str:
    """sha256 of the canonical JSON of the state, leaving out its own log."""
    if "log" in state:
        state = {k: v for k, v in state.items() if k != "log"}
    return hashlib.sha256(_canonical_bytes(state)).hexdigest()


def clone(state: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of a JSON-data state (fast, in memory only)."""
    copy: dict[str, Any] = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    return copy


def _ruleset(slug: str) -> Ruleset:
    return registry.get(slug)


def ruleset_of(state: dict[str, Any]) -> Ruleset:
    """The registered ruleset a state belongs to."""
    return _ruleset(state["ruleset"])


def new_game(
    slug: str,
    *,
    seats: int,
    options: dict[str, Any] | None = None,
    seed: int,
    version: str | None = None,
) -> dict[str, Any]:
    """A new game state with its log, under the current rules or (`version`) one of the earlier
    versions the ruleset still plays; EngineError on a bad seat count, option or version."""
    ruleset = _ruleset(slug)
    version = ruleset.version if version is None else str(version)
    if version != ruleset.version and version not in ruleset.replays:
        plays = ", ".join([ruleset.version, *ruleset.replays])
        raise EngineError(
            f"This log was written by {ruleset.slug} version {version}, "
            f"the engine has version {ruleset.version} (and plays versions {plays})."
        )
    if not isinstance(seats, int) or not ruleset.min_players <= seats <= ruleset.max_players:
        raise EngineError(
            f"{ruleset.name} needs {ruleset.min_players} to {ruleset.max_players} players."
        )
    clean = validate_options(ruleset, options)
    state = ruleset.new_state(seats=seats, options=clean, seed=seed)
    state["ruleset"] = ruleset.slug
    state["version"] = version
    state["seats"] = seats
    state["options"] = clean
    state["seed"] = seed
    state.setdefault("chance_count", 0)
    state.setdefault("events", [])
    state["log"] = {"actions": [], "checkpoints": [[0, state_hash(state)]]}
    return state


def play(state: dict[str, Any], seat: int, action: dict[str, Any]) -> None:
    """Check the action is legal for that seat now, apply it and log it (with checkpoints)."""
    ruleset = ruleset_of(state)
    decision = ruleset.decision(state)
    if (
        decision.kind == "terminal"
        or seat not in decision.seats
        or not ruleset.is_legal(state, seat, action)
    ):
        # every refusal, the game's end and the turn too, is put in the game's own words
        raise IllegalAction(why_illegal(state, seat, action))
    ruleset.apply_trusted(state, seat, action)  # checked just above
    log = state["log"]
    log["actions"].append([seat, action])
    count = len(log["actions"])
    if count % CHECKPOINT_EVERY == 0 or ruleset.decision(state).kind == "terminal":
        log["checkpoints"].append([count, state_hash(state)])


def why_illegal(state: dict[str, Any], seat: int, action: dict[str, Any]) -> str:
    """Why that seat may not take that action now, in the game's own words (the one refusal
    path: core.play and the services ask it); a generic reason only for input too malformed to
    describe (any JSON can arrive from a client, and labels expect the shape of a real action)."""
    ruleset = ruleset_of(state)
    try:
        return ruleset.why_illegal(state, seat, action)
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        return "That is not one of your legal actions now; send one of legal_actions as sent."


def game_log(state: dict[str, Any]) -> dict[str, Any]:
    """The replayable record: ruleset, version, options, seats, seed, actions and hashes."""
    return {
        "ruleset": state["ruleset"],
        "version": state["version"],
        "options": state["options"],
        "seats": state["seats"],
        "seed": state["seed"],
        "actions": [list(a) for a in state["log"]["actions"]],
        "checkpoints": [list(c) for c in state["log"]["checkpoints"]],
    }


def replay(log: dict[str, Any]) -> dict[str, Any]:
    """Rebuild a game from its log under the rules version it was written by, verifying every
    recorded hash; EngineError on a mismatch or a version the engine no longer plays."""
    ruleset = _ruleset(log["ruleset"])
    state = new_game(
        log["ruleset"],
        seats=log["seats"],
        options=log["options"],
        seed=log["seed"],
        version=str(log.get("version", ruleset.version)),
    )
    expected = {int(n): h for n, h in log.get("checkpoints", [])}
    _verify(state, expected, 0)
    for index, (seat, action) in enumerate(log["actions"], start=1):
        try:
            play(state, seat, action)
        except IllegalAction as exc:
            raise EngineError(f"Replay failed at action {index}: {exc.reason}") from exc
        if index in expected:
            _verify(state, expected, index)
    return state


def same_secret_choice(state: dict[str, Any], seat: int, seen: int) -> bool:
    """True when `seat` still faces the simultaneous choice it saw after `seen` actions: only
    other seats acted since (their choices are secret) and its legal actions are unchanged, so
    an action it chose then is as well informed now."""
    actions = state["log"]["actions"]
    if not 0 <= seen < len(actions) or any(acted == seat for acted, _ in actions[seen:]):
        return False
    ruleset = ruleset_of(state)
    now = ruleset.decision(state)
    if now.kind != "simultaneous" or seat not in now.seats:
        return False
    then = replay({**game_log(state), "actions": actions[:seen], "checkpoints": []})
    before = ruleset.decision(then)
    return (
        before.kind == "simultaneous"
        and seat in before.seats
        and ruleset.legal_actions(then, seat) == ruleset.legal_actions(state, seat)
    )


def _verify(state: dict[str, Any], expected: dict[int, str], index: int) -> None:
    if index not in expected:
        return
    # play() has just hashed the state at its own checkpoints: reuse that hash
    last_index, last_hash = state["log"]["checkpoints"][-1]
    actual = last_hash if last_index == index else state_hash(state)
    if actual != expected[index]:
        raise EngineError(f"Replay diverged: state hash mismatch after action {index}.")


def acting_seat(state: dict[str, Any]) -> int | None:
    """The first seat that must act now, or None when the game is over."""
    decision = ruleset_of(state).decision(state)
    return decision.seats[0] if decision.seats else None
