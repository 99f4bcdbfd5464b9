"""Rochester draft (Draftmancer's rules) as pure functions on a frozen state.

One pack is open at a time, face up to the whole table. Pack number p (0-based, over the
whole draft) is opened by seat p mod n; its picks go round the table from the opener, left
in odd rounds and right in even ones (as booster passing, RULINGS.md 3), until it is empty;
then the next pack opens. Each seat picks exactly `pack_size` cards a round. Rulings:
decks/drafting/RULINGS.md (34-36)."""

from dataclasses import dataclass, replace

from .errors import DraftRuleError


class RochesterMoveError(DraftRuleError):
    """A pick of a card that is not in the open pack."""

    code = "card_not_in_pack"


TEAMS = 2


def team_of(seat: int) -> int:
    """Team Rochester (RULINGS.md 39): the two teams sit alternately, so seat i is on team
    i mod 2 and every pick, in either direction, hands the pack to the other team."""
    return seat % TEAMS


def team_seats_error(seats: int) -> str | None:
    """Why `seats` cannot hold two equal teams of at least two, or None."""
    if seats < 2 * TEAMS or seats % TEAMS:
        return (
            "Team Rochester needs two equal teams of at least two: an even number of seats "
            f"from 4, not {seats}."
        )
    return None


@dataclass(frozen=True)
class RochesterState:
    """The packs still closed (in opening order), the open pack, how many packs were opened,
    the picks made from the open pack, each seat's pool, and the action count `turn`."""

    closed: tuple[tuple[int, ...], ...]
    pack: tuple[int, ...]
    seats: int
    opened: int = 1
    picks: int = 0
    pools: tuple[tuple[int, ...], ...] = ()
    turn: int = 0

    @property
    def finished(self) -> bool:
        return not self.pack and not self.closed

    @property
    def round(self) -> int:
        """The round (1-based) of the open pack."""
        return (self.opened - 1) // self.seats + 1

    @property
    def opener(self) -> int:
        return (self.opened - 1) % self.seats

    @property
    def active(self) -> int:
        """The seat to pick now: round the table from the opener, left in odd rounds."""
        step = 1 if self.round % 2 == 1 else -1
        return (self.opener + step * self.picks) % self.seats


def rochester_start(packs: list[list[list[int]]]) -> RochesterState:
    """The packs ``[round - 1][seat]`` (seat s's pack of a round is opened s-th)."""
    ordered = [tuple(pack) for row in packs for pack in row]
    if not ordered or not all(ordered):
        raise DraftRuleError("A Rochester draft needs packs with cards.")
    seats = len(packs[0])
    return RochesterState(
        closed=tuple(ordered[1:]), pack=ordered[0], seats=seats, pools=((),) * seats
    )


def rochester_pick(state: RochesterState, card: int) -> RochesterState:
    """The acting seat takes `card` from the open pack; an empty pack makes way for the next."""
    if state.finished:
        raise RochesterMoveError("The Rochester draft is over.")
    if card not in state.pack:
        raise RochesterMoveError("That card is not in the open pack (or was just taken).")
    index = state.pack.index(card)
    pack = state.pack[:index] + state.pack[index + 1 :]
    pools = list(state.pools)
    pools[state.active] = (*pools[state.active], card)
    moved = replace(
        state, pack=pack, pools=tuple(pools), picks=state.picks + 1, turn=state.turn + 1
    )
    if pack or not state.closed:
        return moved
    return replace(
        moved, pack=state.closed[0], closed=state.closed[1:], opened=state.opened + 1, picks=0
    )
