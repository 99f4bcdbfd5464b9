"""Winston draft for two players (Draftmancer's rules), as pure functions on a frozen state.

Three piles start with one card each; the rest is the stack (its top is the end of the
tuple). The acting player looks at pile 1: they take it (it gets a card from the stack) or
decline it (it gets a card from the stack) and look at the next pile. Declining the last pile
draws the top card of the stack blind. The turn then passes to the other player. The draft
ends when the stack and the piles are empty. Rulings: decks/drafting/RULINGS.md (21-27).
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from .errors import DraftRuleError

PILES = 3
PLAYERS = 2


class WinstonMoveError(DraftRuleError):
    """A Winston action the rules forbid (declining with nowhere left to go)."""

    code = "winston_move_not_allowed"


class WinstonAction(StrEnum):
    TAKE = "take"
    DECLINE = "decline"


@dataclass(frozen=True)
class WinstonState:
    """Where every card is: the stack (top last), the three piles, the two pools; who acts
    (`active`, 0 or 1), which pile they look at (`pile`, 0-based) and how many actions were
    made (`turn`, the number a client quotes so a repeated request cannot act twice)."""

    stack: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    pools: tuple[tuple[int, ...], ...]
    active: int = 0
    pile: int = 0
    turn: int = 0

    @property
    def finished(self) -> bool:
        return not self.stack and not any(self.piles)

    @property
    def current_pile(self) -> tuple[int, ...]:
        return self.piles[self.pile]


@dataclass(frozen=True)
class WinstonResult:
    """What an action did: the new state and the cards the actor got (empty when they only
    declined a pile and moved on)."""

    state: WinstonState
    taken: tuple[int, ...]


def winston_start(cards: Sequence[int], rng: random.Random) -> WinstonState:
    """Shuffle the cards into a stack and put one card on each pile."""
    if len(cards) < PILES:
        raise DraftRuleError(f"A Winston draft needs at least {PILES} cards.")
    stack = list(cards)
    rng.shuffle(stack)
    piles = tuple((stack.pop(),) for _ in range(PILES))
    return WinstonState(stack=tuple(stack), piles=piles, pools=((),) * PLAYERS)


def can_decline(state: WinstonState) -> bool:
    """Declining needs a card to draw blind (last pile) or a later pile to look at."""
    if state.finished:
        return False
    if state.stack:
        return True
    return any(state.piles[state.pile + 1 :])


def _first_pile(piles: tuple[tuple[int, ...], ...], start: int) -> int:
    """The first non-empty pile from `start` (piles are empty only once the stack is)."""
    for index in range(start, PILES):
        if piles[index]:
            return index
    return 0


Piles = tuple[tuple[int, ...], ...]


def _next_turn(
    state: WinstonState, taken: tuple[int, ...], stack: tuple[int, ...], piles: Piles
) -> WinstonResult:
    """The actor gets `taken`; the other player looks at their first pile."""
    pools = list(state.pools)
    pools[state.active] = pools[state.active] + taken
    moved = replace(state, pools=tuple(pools), turn=state.turn + 1, stack=stack, piles=piles)
    active = 1 - state.active
    return WinstonResult(replace(moved, active=active, pile=_first_pile(moved.piles, 0)), taken)


def _with_pile(piles: Piles, index: int, pile: Sequence[int]) -> Piles:
    return (*piles[:index], tuple(pile), *piles[index + 1 :])


def winston_take(state: WinstonState) -> WinstonResult:
    """Take the pile looked at; it gets the stack's top card; the other player acts."""
    if state.finished:
        raise WinstonMoveError("The Winston draft is over.")
    taken = state.current_pile
    stack = list(state.stack)
    refill = (stack.pop(),) if stack else ()
    piles = _with_pile(state.piles, state.pile, refill)
    return _next_turn(state, taken, stack=tuple(stack), piles=piles)


def winston_decline(state: WinstonState) -> WinstonResult:
    """Decline the pile looked at: it gets the stack's top card; look at the next pile, or
    after the last pile draw the stack's top card blind and end the turn."""
    if not can_decline(state):
        raise WinstonMoveError(
            "You cannot pass on this pile: the stack is empty and no later pile has cards, "
            "so take it."
        )
    stack = list(state.stack)
    piles = state.piles
    if stack:
        piles = _with_pile(piles, state.pile, (*state.current_pile, stack.pop()))
    later = [i for i in range(state.pile + 1, PILES) if piles[i]]
    if later:
        return WinstonResult(
            replace(state, stack=tuple(stack), piles=piles, pile=later[0], turn=state.turn + 1),
            (),
        )
    blind = (stack.pop(),) if stack else ()
    return _next_turn(state, blind, stack=tuple(stack), piles=piles)


def winston_act(state: WinstonState, action: WinstonAction | str) -> WinstonResult:
    """Apply one action of the acting player."""
    if WinstonAction(action) is WinstonAction.TAKE:
        return winston_take(state)
    return winston_decline(state)


# A bot takes a pile worth this much (card values come from the booster bots' scores).
BOT_TAKE_VALUE = 12.0
BOT_TAKE_BEST = 8.0


def winston_bot_action(state: WinstonState, values: Sequence[float]) -> WinstonAction:
    """The bot's choice for the pile it looks at, given each of the pile's cards' value to it:
    take a pile of three or more, a pile worth `BOT_TAKE_VALUE`, one holding a card worth
    `BOT_TAKE_BEST`, or any pile it may not decline; else decline. Deterministic."""
    if not can_decline(state):
        return WinstonAction.TAKE
    if len(values) >= 3 or sum(values) >= BOT_TAKE_VALUE:
        return WinstonAction.TAKE
    if values and max(values) >= BOT_TAKE_BEST:
        return WinstonAction.TAKE
    return WinstonAction.DECLINE
