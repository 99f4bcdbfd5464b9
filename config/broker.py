"""The Redis broker transport, with one fix for losing the broker while tasks are held.

Why this exists: the worker holds ETA tasks (pick deadlines, match deadlines) unacknowledged.
When Redis drops, Celery closes its broker connection; closing the channel asks kombu's QoS to
put the held messages back (``restore_unacked``), which needs a Redis client. By then kombu
has often detached the transport from its connection (``transport.client = None``) and
dropped the channel's connection pool, so building a new pool reads ``None.hostname`` and the
``AttributeError`` is not a connection error: Celery calls it unrecoverable and the worker
(with its embedded beat) exits. Reproduced with kombu 5.7.0 / celery 5.7.0 / redis-py 8.1.0 on
the first 5-second outage of most runs (tests/config/test_broker_outage.py).

The fix: when the transport is already detached, skip the restore. Nothing is lost: the held
messages stay in Redis's ``unacked`` hash, and the next consumer's ``restore_visible`` puts
them back after the visibility timeout; meanwhile the periodic sweeps (every 10 s) enforce
whatever fell due, so no deadline depends on the held message.
"""

import logging

from kombu.transport import redis

logger = logging.getLogger(__name__)


class QoS(redis.QoS):
    def restore_unacked(self, client=None):
        if client is None and self.channel.connection.client is None:
            logger.warning(
                "broker connection already closed; %d held message(s) stay in Redis's unacked "
                "set and are restored after the visibility timeout",
                len(self._delivered),
            )
            self._delivered.clear()
            return
        super().restore_unacked(client)


class Channel(redis.Channel):
    QoS = QoS


class Transport(redis.Transport):
    Channel = Channel
