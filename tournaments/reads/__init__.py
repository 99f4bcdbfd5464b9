"""Every non-trivial read of the tournaments app, by what it reads: `events` (events and
entries), `bracket` and `bracket_parts` (the whole bracket, a big one in parts), `standings`
and `swiss` (standings, Swiss rounds and tables), `matches` (one match, a player's next),
`desk` (the organizer's desk). Plain ORM reads with flat query counts; every measured
shortcut they take is in `tournaments.fastpath`."""
