"""Django's Redis cache, keeping one Redis client per connection pool.

Stands for: `django.core.cache.backends.redis.RedisCache`, whose client makes a new
`redis.Redis` for every cache call (`get_client`), and a new client builds its table of about
170 response callbacks each time: a fifth of a millisecond of CPU a call, about a tenth of a
changed tournament page's read at 4,096 entries (24 cache calls; issue 33,
`bench/event_scale.py` `changed_tournament_page_cpu_median`). A `redis.Redis` is safe to
share between threads: it takes a connection from its pool for each command.
"""

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class ReusedClientRedisCacheClient(RedisCacheClient):
    """`RedisCacheClient` making its `redis.Redis` clients once, one per connection pool."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class ReusedClientRedisCache(RedisCache):
    """The Redis cache backend with `ReusedClientRedisCacheClient`."""

    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = ReusedClientRedisCacheClient

    def redis_client(self):
        """The `redis.Redis` this cache writes with, for commands the cache API has no word
        for (`tournaments.fastpath.version_copy`'s GET and store script)."""
        return self._cache.get_client(write=True)
