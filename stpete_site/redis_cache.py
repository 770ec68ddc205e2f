"""Django's Redis cache backend with one connection pool per process, storing JSON.

Django's Redis cache pickles what it stores, so anyone who can write to the Redis could make
the web process run code by planting a pickle; `JSONSerializer` stores JSON instead (whole
numbers stay plain, so INCR still counts). Everything the site caches is JSON already:
counters, window starts, presence marks, signed session strings.

Django keeps a cache object per thread, and under ASGI every request runs in a fresh thread,
so the stock backend built a new connection pool, and opened a new Redis connection (with
redis-py's handshake), for each request: about a tenth of a web process's time under load.
The client and its pool are thread-safe, so every cache object of the process shares one.
"""

import json
import threading
from typing import ClassVar

from django.core.cache.backends.redis import RedisCache
from django.utils.functional import cached_property


class SharedPoolRedisCache(RedisCache):
    _clients: ClassVar[dict[str, object]] = {}
    _clients_lock: ClassVar[threading.Lock] = threading.Lock()

    @cached_property
    def _cache(self):
        key = repr((self._servers, sorted(self._options.items())))
        with self._clients_lock:
            client = self._clients.get(key)
            if client is None:
                client = self._class(self._servers, **self._options)
                self._clients[key] = client
            return client


class JSONSerializer:
    """The cache's serializer: JSON text, whole numbers as Redis integers."""

    def dumps(self, obj: object) -> bytes | int:
        if type(obj) is int:  # not bool: INCR needs the plain number
            return obj
        return json.dumps(obj, separators=(",", ":")).encode()

    def loads(self, data: bytes) -> object:
        try:
            return int(data)
        except ValueError:
            return json.loads(data)
