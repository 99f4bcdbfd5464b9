"""How a bracket is named for people: round names, match numbers and the placeholders of
slots whose entry is not known yet (Challonge's "Winner of match 7")."""

from __future__ import annotations

from collections.abc import Sequence


def round_name(number: int, total_rounds: int) -> str:
    """The last round is the Final, then Semifinals and Quarterfinals; earlier ones by number."""
    from_the_end = total_rounds - number
    return {0: "Final", 1: "Semifinals", 2: "Quarterfinals"}.get(from_the_end, f"Round {number}")


def match_numbers(rounds: Sequence[Sequence[bool]]) -> list[list[int | None]]:
    """Number the matches 1, 2, ... round by round, top to bottom; byes get no number.

    `rounds` lists each round's matches as "is a bye" flags."""
    numbers, next_number = [], 1
    for matches in rounds:
        row = []
        for is_bye in matches:
            row.append(None if is_bye else next_number)
            next_number += 0 if is_bye else 1
        numbers.append(row)
    return numbers


def feeder_indexes(match_index: int, per_match: int) -> list[int]:
    """In the fixed bracket, the previous round's matches whose winners fill this match, in
    slot order (the inverse of `pairing.feeds_into`)."""
    first = match_index * per_match
    return list(range(first, first + per_match))
