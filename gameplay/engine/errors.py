"""The engine's errors (a module of their own, so the registry needs nothing else of core)."""


class EngineError(Exception):
    """Root of the engine's errors."""


class IllegalAction(EngineError):
    """An action that the rules do not allow now; `reason` says why in players' words."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class UnknownRuleset(EngineError):
    """No ruleset is registered under that slug."""
