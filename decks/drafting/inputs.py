"""What a pod's create form and its API body both carry, as `services.draft_create` takes it."""

from __future__ import annotations

from typing import Any

from decks.drafting.models import Draft


def pod_settings_from(data: dict[str, Any]) -> dict[str, Any]:
    """The cleaned form's or the validated body's pod settings as keyword arguments."""
    return {
        "game_slug": data["game"],
        "seats": data["seats"],
        "bots": data["bots"],
        "pick_timer": data["pick_timer"],
        "jokers": data["jokers"],
        "card_set_id": data["card_set"],
        "booster_layout": data["booster_layout"] or None,
        "format": data["format"] or Draft.Format.BOOSTER,
        "cube": data["cube"],
        "teams": data["teams"],
    }
