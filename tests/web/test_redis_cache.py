"""The Redis cache shares one client (and connection pool) across the threads of a process.

Under ASGI each request runs in a fresh thread with its own cache object; with a client per
object every request opened a new Redis connection.
"""

import threading

from stpete_site.redis_cache import SharedPoolRedisCache


def _client_in_new_thread(location: str):
    seen = []
    thread = threading.Thread(target=lambda: seen.append(SharedPoolRedisCache(location, {})._cache))
    thread.start()
    thread.join()
    return seen[0]


def test_cache_objects_of_different_threads_share_one_client():
    first = _client_in_new_thread("redis://127.0.0.1:6379/14")
    second = _client_in_new_thread("redis://127.0.0.1:6379/14")

    assert first is second


def test_different_servers_get_different_clients():
    assert _client_in_new_thread("redis://127.0.0.1:6379/14") is not _client_in_new_thread(
        "redis://127.0.0.1:6379/15"
    )
