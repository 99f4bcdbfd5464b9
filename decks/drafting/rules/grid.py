"""Grid draft for two players (Draftmancer's rules), as pure functions on a frozen state.

Each round lays nine cards out as a 3x3 grid. The player picking first takes a row or a
column; the other player then takes a row or a column of what is left (a line with at least
one card); the rest is discarded. Who picks first alternates by round. Rulings:
decks/drafting/RULINGS.md (28-31)."""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .errors import DraftRuleError

SIZE = 3
GRID_CARDS = SIZE * SIZE
LINES = tuple(f"row-{i}" for i in range(1, SIZE + 1)) + tuple(
    f"column-{i}" for i in range(1, SIZE + 1)
)


class GridMoveError(DraftRuleError):
    """A line that does not exist or has no card left."""

    code = "grid_move_not_allowed"


@dataclass(frozen=True)
class GridState:
    """The grids still to come, the current grid (nine slots, None once taken), the discards
    and the two pools; the round (1-based) of `rounds`, who picks `first` in it, how many
    picks it has had (0 or 1) and the action count `turn`."""

    grids: tuple[tuple[int, ...], ...]
    grid: tuple[int | None, ...]
    discarded: tuple[int, ...]
    pools: tuple[tuple[int, ...], ...]
    round: int
    rounds: int
    first: int = 0
    picks: int = 0
    turn: int = 0

    @property
    def finished(self) -> bool:
        return self.round > self.rounds

    @property
    def active(self) -> int:
        """The seat (0 or 1) to pick now."""
        return self.first if self.picks == 0 else 1 - self.first


def grid_start(cards: Sequence[int], *, rounds: int) -> GridState:
    """Cut the (already shuffled) cards into `rounds` grids of nine; the first is laid out."""
    if rounds < 1 or len(cards) < rounds * GRID_CARDS:
        raise DraftRuleError(f"{rounds} grids need {rounds * GRID_CARDS} cards, not {len(cards)}.")
    grids = [tuple(cards[i * GRID_CARDS : (i + 1) * GRID_CARDS]) for i in range(rounds)]
    return GridState(
        grids=tuple(grids[1:]), grid=grids[0], discarded=(), pools=((), ()), round=1, rounds=rounds
    )


def line_slots(line: str) -> tuple[int, ...]:
    """The grid slots (0-8, row by row) of `row-N` or `column-N`."""
    if line not in LINES:
        raise GridMoveError(f"'{line}' is not a line: use row-1..3 or column-1..3.")
    kind, number = line.split("-")
    index = int(number) - 1
    if kind == "row":
        return tuple(index * SIZE + c for c in range(SIZE))
    return tuple(r * SIZE + index for r in range(SIZE))


def open_lines(state: GridState) -> list[str]:
    """The lines with at least one card left (what the acting player may take)."""
    if state.finished:
        return []
    return [line for line in LINES if any(state.grid[s] is not None for s in line_slots(line))]


def grid_take(state: GridState, line: str) -> tuple[GridState, tuple[int, ...]]:
    """The acting player takes the cards of `line`; the new state and the cards taken."""
    if state.finished:
        raise GridMoveError("The grid draft is over.")
    slots = line_slots(line)
    taken = tuple(card for s in slots if (card := state.grid[s]) is not None)
    if not taken:
        raise GridMoveError(f"{line.replace('-', ' ').capitalize()} has no card left.")
    grid = tuple(None if i in slots else card for i, card in enumerate(state.grid))
    pools = list(state.pools)
    pools[state.active] = pools[state.active] + taken
    moved = replace(state, grid=grid, pools=tuple(pools), turn=state.turn + 1)
    if state.picks == 0:
        return replace(moved, picks=1), taken
    discarded = state.discarded + tuple(card for card in grid if card is not None)
    if not state.grids:
        empty = (None,) * GRID_CARDS
        return replace(
            moved, grid=empty, discarded=discarded, round=state.round + 1, picks=0
        ), taken
    return (
        replace(
            moved,
            grids=state.grids[1:],
            grid=state.grids[0],
            discarded=discarded,
            round=state.round + 1,
            first=1 - state.first,
            picks=0,
        ),
        taken,
    )


def grid_bot_line(state: GridState, values: dict[int, float]) -> str:
    """The line a bot takes: the most valuable (its cards' values summed), the earlier line
    on a tie; deterministic."""
    lines = open_lines(state)
    if not lines:
        raise GridMoveError("No line has a card left.")

    def worth(line: str) -> float:
        return sum(
            values.get(card, 0.0) for s in line_slots(line) if (card := state.grid[s]) is not None
        )

    return max(lines, key=lambda line: (worth(line), -lines.index(line)))
