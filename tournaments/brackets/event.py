"""An in-memory single-elimination event: pairing, results, advancement and placements.

Memory and time are linear in the number of entries: each round keeps a list of matches (tuples
of entries) and a parallel list of winners. The app keeps the same facts in the database and
uses the same pure functions (`bracket_first_round`, `feeds_into`, `random_round`,
`loser_placements`).
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Generic, TypeVar

from tournaments.brackets.errors import (
    BracketError,
    MatchAlreadyDecided,
    MatchNotReady,
    NotInMatch,
    UnknownMatch,
)
from tournaments.brackets.pairing import (
    bracket_first_round,
    check_entries,
    feeds_into,
    random_round,
)
from tournaments.brackets.placements import CHAMPION, Placement, loser_placements
from tournaments.brackets.seeding import rounds_needed

E = TypeVar("E", bound=Hashable)
PAIRINGS = ("bracket", "random")


@dataclass(slots=True)
class Round(Generic[E]):
    """One round: its matches in order (a match is a tuple of entries) and their winners."""

    number: int
    matches: list[tuple[E, ...]]
    winners: list[E | None]
    undecided: int = 0


@dataclass(slots=True)
class Event(Generic[E]):
    """A single-elimination event held in memory (see `Event.create`)."""

    entries: tuple[E, ...]
    per_match: int
    pairing: str
    rng: Random | None
    rounds: list[Round[E]] = field(default_factory=list)
    byes: dict[E, int] = field(default_factory=dict)
    lost_in: dict[E, int] = field(default_factory=dict)
    total_rounds: int = 0

    @classmethod
    def create(
        cls, entries_by_seed: Sequence[E], *, per_match: int, pairing: str, rng: Random | None
    ) -> "Event[E]":
        """Pair round 1 (`bracket`: by seed; `random`: shuffled with `rng`) and play its byes."""
        if pairing not in PAIRINGS:
            raise BracketError(f"Pairing must be 'bracket' or 'random', not {pairing!r}.")
        if pairing == "random" and rng is None:
            raise BracketError("Random pairing needs a seeded random.Random.")
        check_entries(entries_by_seed, per_match)
        event = cls(tuple(entries_by_seed), per_match, pairing, rng)
        event.total_rounds = rounds_needed(len(entries_by_seed), per_match)
        if pairing == "bracket":
            event._open_bracket()
        else:
            event._open_random_round(list(entries_by_seed))
        return event

    def match(self, round_number: int, index: int) -> tuple[E, ...]:
        """The entries of a match known so far (a bracket match fills as its feeders finish)."""
        current = self._round(round_number)
        return current.matches[self._check_index(current, index)]

    def winner(self, round_number: int, index: int) -> E | None:
        """The winner of a match, or None while it is undecided."""
        current = self._round(round_number)
        return current.winners[self._check_index(current, index)]

    def is_ready(self, round_number: int, index: int) -> bool:
        """True when every entry of the match is known (all its feeders are decided)."""
        self._check_index(self._round(round_number), index)
        return self._feeders_decided(round_number, index)

    def report(self, round_number: int, index: int, winner: E) -> None:
        """Record the winner of a ready, undecided match and advance it; refuses anything else."""
        current = self._round(round_number)
        self._check_index(current, index)
        if current.winners[index] is not None:
            raise MatchAlreadyDecided(f"Round {round_number} match {index + 1} is decided.")
        if not self._feeders_decided(round_number, index):
            raise MatchNotReady(f"Round {round_number} match {index + 1} is waiting for entries.")
        if winner not in current.matches[index]:
            raise NotInMatch(f"{winner!r} does not play in round {round_number} match {index + 1}.")
        self._decide(current, index, winner)

    @property
    def champion(self) -> E | None:
        """The winner of the last round, once decided."""
        if len(self.rounds) < self.total_rounds:
            return None
        return self.rounds[-1].winners[0]

    def placements(self) -> dict[E, Placement]:
        """The placement of every entry that is out, plus the champion once there is one."""
        by_round = loser_placements(len(self.entries), self.per_match, self.pairing)
        result = {entry: by_round[r - 1] for entry, r in self.lost_in.items()}
        if self.champion is not None:
            result[self.champion] = CHAMPION
        return result

    def _round(self, round_number: int) -> Round[E]:
        if not 1 <= round_number <= len(self.rounds):
            raise UnknownMatch(f"There is no round {round_number} yet.")
        return self.rounds[round_number - 1]

    def _check_index(self, current: Round[E], index: int) -> int:
        if not 0 <= index < len(current.matches):
            raise UnknownMatch(f"Round {current.number} has no match {index + 1}.")
        return index

    def _feeders_decided(self, round_number: int, index: int) -> bool:
        if round_number == 1 or self.pairing == "random":
            return True
        start = index * self.per_match
        feeders = self.rounds[round_number - 2].winners[start : start + self.per_match]
        return None not in feeders

    def _open_bracket(self) -> None:
        first = bracket_first_round(self.entries, self.per_match)
        self.rounds.append(Round(1, first, [None] * len(first), len(first)))
        count = len(first)
        for number in range(2, self.total_rounds + 1):
            count //= self.per_match
            self.rounds.append(Round(number, [()] * count, [None] * count, count))
        for index, match in enumerate(first):
            if len(match) == 1:
                self._decide(self.rounds[0], index, match[0])

    def _open_random_round(self, remaining: list[E]) -> None:
        matches = random_round(remaining, per_match=self.per_match, rng=self.rng, byes=self.byes)
        number = len(self.rounds) + 1
        self.rounds.append(Round(number, matches, [None] * len(matches), len(matches)))
        last = matches[-1]
        if len(last) == 1:
            self.byes[last[0]] = self.byes.get(last[0], 0) + 1
            self._decide(self.rounds[-1], len(matches) - 1, last[0])

    def _decide(self, current: Round[E], index: int, winner: E) -> None:
        round_number = current.number
        current.winners[index] = winner
        current.undecided -= 1
        for entry in current.matches[index]:
            if entry != winner:
                self.lost_in[entry] = round_number
        if round_number == self.total_rounds:
            return
        if self.pairing == "bracket":
            target, _slot = feeds_into(index, self.per_match)
            start = target * self.per_match
            feeders = current.winners[start : start + self.per_match]
            self.rounds[round_number].matches[target] = tuple(w for w in feeders if w is not None)
        elif current.undecided == 0:
            self._open_random_round(current.winners)
