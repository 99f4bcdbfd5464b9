"""Each engine game's presentation: its board presenter, its click mapping and its labels.

One module per game, beside its engine package (`gameplay/engine/<game>/` holds the rules,
`gameplay/presentation/<game>.py` how the play page draws them), registered like the engine
in `registry.py`. The shared pieces (the `Presentation` declaration, players named in the
engine's words) are in `base.py`; `gameplay.boards` and `gameplay.table` are the generic entry
points the views call.
"""
