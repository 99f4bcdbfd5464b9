"""The one error hierarchy of the pure draft rules."""


class DraftRuleError(Exception):
    """Base class: a request the draft rules cannot honour."""

    code = "draft_rule"


class NotEnoughCards(DraftRuleError):
    """The cards available cannot fill what was asked (packs, boosters, pools)."""

    code = "not_enough_cards"


class LayoutError(DraftRuleError):
    """A booster slot layout is malformed."""

    code = "bad_layout"


class StalePick(DraftRuleError):
    """The pick names a pack or pick number that is not the seat's current one."""

    code = "stale_pick"


class CardNotInPack(DraftRuleError):
    """The picked card is not (or no longer) in the named pack."""

    code = "card_not_in_pack"


class DraftNotRunning(DraftRuleError):
    """The draft is over (or not started): no pick can be made."""

    code = "draft_not_running"
