"""Every measured shortcut of the tournaments app, in one visible room.

Each module says in its docstring the plain ORM (or plain Django) code it stands for and the
bench figure that justifies it; the reads (`tournaments.reads`), services, pages and API stay
plain and call in here. Only this package (and the migrations) opens a cursor or names a
table in SQL (`tests/tournaments/test_fastpath_only.py`).

- `pk_reads`: a tournament's version by primary key on a kept cursor (every poll).
- `conditional`, `middleware`: ETag / 304 and `?since=` / 204 answers from the version alone,
  the unchanged polls answered before the session.
- `cache`: renders and reads built once per version (or per key) for every reader, with a
  lock so one process builds while the others wait; this process's copies in front of it.
- `match_keys`, `region_keys`: what a match's live part, or a bracket region, shows as a key
  read in one statement.
- `bracket_cards`: a bracket region rendered once per key, marked per viewer, and the changed
  cards a poll sends.
- `game_counts`: each entry's game wins and losses in one aggregate (standings).
- `versions`: the version bump (one UPDATE ... RETURNING that also takes the row lock, and
  publishes the live notice after the commit).
- `result_read`, `finish`: a result report's locked read and its finishing UPDATE.
- `seeds`: many seeds written in one statement (the start).
- `collector`: the garbage collector paused while a big read is built (the standings).
"""
