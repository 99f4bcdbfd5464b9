"""Match results: checking reported games of a best-of-N match and the time-limit rule.

Rulebook section 9: at the time limit the winner is the player with the highest life total; if
tied, the first player to deal damage to an opponent; a best-of-N match then goes to whoever
has more game wins.
"""

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from tournaments.brackets.errors import BracketError

E = TypeVar("E", bound=Hashable)


class InvalidResult(BracketError):
    """The reported games are impossible for this match."""

    code = "invalid_result"


@dataclass(frozen=True, slots=True)
class GameResult(Generic[E]):
    """One game: its winner (None if it had none), final life totals and first damage."""

    winner: E | None
    life: Mapping[E, int]
    first_damage: E | None


def wins_needed(best_of: int) -> int:
    """Game wins that decide a best-of-N match."""
    return best_of // 2 + 1


def game_wins(games: Iterable[GameResult[E]]) -> Counter[E]:
    """Game wins per entry."""
    return Counter(g.winner for g in games if g.winner is not None)


def check_game_facts(game: GameResult[E], entries: Sequence[E]) -> None:
    """Raise unless the life totals and the first damage name entries of the match."""
    strangers = [key for key in game.life if key not in entries]
    if strangers:
        raise InvalidResult(f"Life totals name entries not in this match: {strangers}.")
    if game.first_damage is not None and game.first_damage not in entries:
        raise InvalidResult(f"First damage names entry {game.first_damage}, not in this match.")


def complete_match_winner(
    games: Sequence[GameResult[E]], *, entries: Sequence[E], active: Sequence[E], best_of: int
) -> E:
    """The winner of a fully reported match; raises InvalidResult saying why it is impossible.

    Every game needs a winner who plays in the match (and has not forfeited), the games stop
    as soon as one entry has enough wins, and someone must have reached that many.
    """
    needed = wins_needed(best_of)
    if not games:
        raise InvalidResult("Report at least one game.")
    most = len(entries) * (needed - 1) + 1  # best_of for two entries
    if len(games) > most:
        raise InvalidResult(f"A best-of-{best_of} match here has at most {most} games.")
    wins: Counter[E] = Counter()
    for number, game in enumerate(games, start=1):
        if game.winner is None:
            raise InvalidResult(f"Game {number} needs a winner.")
        if game.winner not in entries:
            raise InvalidResult(f"Game {number}: entry {game.winner} does not play in this match.")
        if game.winner not in active:
            raise InvalidResult(f"Game {number}: entry {game.winner} has forfeited this match.")
        check_game_facts(game, entries)
        if wins and max(wins.values()) >= needed:
            raise InvalidResult(f"Game {number} was reported after the match was already won.")
        wins[game.winner] += 1
    leader, count = wins.most_common(1)[0]
    if count < needed:
        raise InvalidResult(
            f"Nobody has {needed} game wins yet; a best-of-{best_of} match needs {needed}."
        )
    return leader


def check_drawn_match(
    games: Sequence[GameResult[E]], *, entries: Sequence[E], active: Sequence[E], best_of: int
) -> None:
    """Raise unless these games can end a match drawn (a Swiss round, RULINGS.md S13).

    Nobody has the game wins that decide the match, and no entry has strictly more game wins
    than every other one (that entry won the match at time, ruling 6): the score is level, as
    in 1-1, 1-1 with a drawn game, or 0-0 for an intentional draw. A drawn game has no winner.
    """
    needed = wins_needed(best_of)
    most = len(entries) * (needed - 1) + 1
    if len(games) > most:
        raise InvalidResult(f"A best-of-{best_of} match here has at most {most} games.")
    for number, game in enumerate(games, start=1):
        if game.winner is not None and game.winner not in entries:
            raise InvalidResult(f"Game {number}: entry {game.winner} does not play in this match.")
        if game.winner is not None and game.winner not in active:
            raise InvalidResult(f"Game {number}: entry {game.winner} has forfeited this match.")
        check_game_facts(game, entries)
    wins = game_wins(games)
    if wins and max(wins.values()) >= needed:
        raise InvalidResult(
            f"An entry with {needed} game wins has won the match; report it as a win, not a draw."
        )
    counts = sorted(wins.values(), reverse=True)
    if counts and (len(counts) == 1 or counts[0] > counts[1]):
        raise InvalidResult(
            "A drawn match needs a level score (for example 1-1, or 0-0 for an intentional "
            "draw); the entry with more game wins won it."
        )


def check_games_before_time(
    winners: Sequence[E], *, entries: Sequence[E], active: Sequence[E], best_of: int
) -> None:
    """Raise unless these can be the finished games of a match still undecided at time.

    Every game has a winner still in the match, and nobody has the wins that decide the match
    yet (then the match was won before time and is reported as usual).
    """
    needed = wins_needed(best_of)
    for number, winner in enumerate(winners, start=1):
        if winner not in entries:
            raise InvalidResult(f"Game {number}: entry {winner} does not play in this match.")
        if winner not in active:
            raise InvalidResult(f"Game {number}: entry {winner} has forfeited this match.")
    leader = Counter(winners).most_common(1)
    if leader and leader[0][1] >= needed:
        raise InvalidResult(
            f"Entry {leader[0][0]} already has {needed} game wins: the match was won before "
            "time; report the result instead."
        )


AS_ONE_LIFE = 30  # rulebook section 8: an as-one team shares one life total, starting at 30


def team_life(members: Sequence[int], *, mode: str) -> int:
    """One entry's life total at time from the totals its players give (rulebook section 8).

    A single player or an `as-one` team has one (shared) total. An `alliance` loses only when
    all its members have, so its total is the sum of the members still in (life above 0); with
    everyone out, the highest total, which is what the engine reports too.
    """
    if not members:
        raise InvalidResult("Give a life total.")
    if mode != "alliance" and len(members) != 1:
        raise InvalidResult("This entry has one life total (an as-one team shares it); give one.")
    living = [total for total in members if total > 0]
    return sum(living) if living else max(members)


def time_game_winner(
    life: Mapping[E, int], first_damage: E | None, *, active: Sequence[E]
) -> E | None:
    """The winner of the game in progress at time: highest life, then first damage, else None.

    Only entries still in the match count. The first damage breaks a tie only when it was
    dealt by one of the tied entries (RULINGS.md).
    """
    totals = {entry: total for entry, total in life.items() if entry in active}
    if not totals:
        return None
    best = max(totals.values())
    leaders = [entry for entry, total in totals.items() if total == best]
    if len(leaders) == 1:
        return leaders[0]
    return first_damage if first_damage in leaders else None


def level_at_time(games: Iterable[GameResult[E]], *, active: Sequence[E]) -> bool:
    """True when the time rule leaves a true tie: every entry still in has the same game wins
    (the game in progress, if any, had no winner by life or first damage). A Swiss match then
    ends drawn (RULINGS.md S14)."""
    wins = game_wins(games)
    return len({wins.get(entry, 0) for entry in active}) <= 1


def winner_by_game_wins(games: Iterable[GameResult[E]], *, active: Sequence[E]) -> E | None:
    """The entry with strictly the most game wins among those still in, else None."""
    wins = game_wins(games)
    counts = {entry: wins.get(entry, 0) for entry in active}
    best = max(counts.values(), default=0)
    leaders = [entry for entry, count in counts.items() if count == best]
    return leaders[0] if len(leaders) == 1 else None
