import json
import os
import subprocess
import sys

from channels_redis.core import RedisChannelLayer


def test_the_channel_layer_reads_longer_than_it_blocks():
    """Else every idle socket's consumer dies of a read timeout after ~5 s (redis-py 8)."""
    env = {**os.environ, "REDIS_URL": "redis://127.0.0.1:6379/9"}
    shown = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-c",
            "from django.conf import settings; import json; "
            "print(json.dumps(settings.CHANNEL_LAYERS['default']['CONFIG']['hosts']))",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    [host] = json.loads(shown.stdout.strip().splitlines()[-1])

    assert host["address"] == "redis://127.0.0.1:6379/9"
    assert host["socket_timeout"] > RedisChannelLayer.brpop_timeout
