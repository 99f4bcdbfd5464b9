"""The Redis cache backend that keeps its Redis clients (config/redis_cache.py)."""

import pytest

from config.redis_cache import ReusedClientRedisCache
from tests.conftest import REDIS_URL

pytestmark = pytest.mark.redis


@pytest.fixture
def cache():
    backend = ReusedClientRedisCache(REDIS_URL, {"KEY_PREFIX": "test-reused-client"})
    yield backend
    backend.delete_many(["a", "b", "n"])


def test_it_stores_reads_adds_counts_and_deletes_as_the_redis_cache_does(cache):
    cache.set("a", {"rows": [1, 2]}, 30)
    assert cache.get("a") == {"rows": [1, 2]}
    assert cache.add("a", "other", 30) is False
    assert cache.add("b", "new", 30) is True
    cache.set("n", 1, 30)
    assert cache.incr("n") == 2
    assert cache.get_many(["a", "b", "missing"]) == {"a": {"rows": [1, 2]}, "b": "new"}
    cache.delete("a")
    assert cache.get("a") is None


def test_it_makes_one_redis_client_per_connection_pool(cache):
    client = cache._cache
    first = client.get_client(write=True)
    cache.set("a", 1, 30)
    cache.get("a")
    assert client.get_client() is first
    assert len(client._clients) == 1
