"""What a finished match changes further on: a lone entry left in a match, and where a
corrected winner's place goes (the bye it received, the match it went on to).

The services read the rows, ask these functions, and write what they say
(`tournaments.services.bracket`).
"""

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from tournaments.brackets.errors import BracketError

E = TypeVar("E", bound=Hashable)


def lone_winner(slots: Sequence[tuple[E, bool]]) -> tuple[E, str] | None:
    """The winner of a match whose entries are all known, when its result is already settled.

    `slots` are (entry, forfeited) in slot order. With one entry left it wins by forfeit
    ("forfeit"); with none left (every entry dropped, which random pairing can bring
    together) the first goes on so the event never waits, and forfeits its next match
    ("double-forfeit"). None while two or more entries still play.
    """
    if not slots:
        raise BracketError("A match needs its entries.")
    active = [entry for entry, forfeited in slots if not forfeited]
    if len(active) > 1:
        return None
    return (active[0], "forfeit") if active else (slots[0][0], "double-forfeit")


@dataclass(frozen=True, slots=True)
class LaterMatch:
    """A later match the corrected winner was put into, as a correction needs to know it."""

    id: Hashable
    round: int
    is_bye: bool
    started: bool  # in progress, waiting for a decision, finished: anything but pending or ready
    has_games: bool  # games recorded (also ones a correction superseded)
    has_reports: bool  # a reported result (of any status)
    winner: Hashable | None


@dataclass(frozen=True, slots=True)
class CorrectionPlan:
    """What a correction changes further on: the byes that pass to the new winner (in order),
    then the match where the new winner takes the old one's place (None: there is none)."""

    byes: tuple[Hashable, ...]
    replace_in: Hashable | None


class LaterMatchesPlayed(BracketError):
    """The old winner already played on: those matches must be corrected first."""

    code = "later_matches_played"

    def __init__(self, matches: list[Any]) -> None:
        self.matches = matches
        listed = ", ".join(f"match {m}" for m in matches)
        super().__init__(
            f"Later matches already have results or have started; correct them first: {listed}."
        )


def follow_correction(path: Sequence[LaterMatch], old: Hashable) -> CorrectionPlan:
    """Where a corrected match's new winner goes, given `path`: the later matches the old
    winner was put into, by round (the first in the next round).

    A bye the old winner received passes to the new winner (and the path is followed on from
    it); the first match that is not a bye takes the new winner in the old one's slot, unless
    it has started or has games or a report: then LaterMatchesPlayed names the later matches
    the old winner played (that one and those it won its way into) so they can be corrected
    first.
    """
    path = _consecutive(path)
    byes: list[Hashable] = []
    for position, match in enumerate(path):
        if match.is_bye:
            byes.append(match.id)
            continue
        if match.started or match.has_games or match.has_reports:
            raise LaterMatchesPlayed(_played(path[position:], old))
        return CorrectionPlan(tuple(byes), match.id)
    return CorrectionPlan(tuple(byes), None)


def _consecutive(path: Sequence[LaterMatch]) -> list[LaterMatch]:
    """The matches of the path that follow one another round by round."""
    kept: list[LaterMatch] = []
    for match in path:
        if kept and match.round != kept[-1].round + 1:
            break
        kept.append(match)
    return kept


def _played(path: Sequence[LaterMatch], old: Hashable) -> list[Any]:
    """Ids of the later matches the old winner played: started or with a result, following
    the matches it won."""
    played = []
    for match in path:
        if match.started or match.has_games or match.has_reports:
            played.append(match.id)
        if match.winner != old:
            break
    return played
