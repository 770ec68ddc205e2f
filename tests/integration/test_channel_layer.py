"""The configured channel layer on real Redis: an idle page still hears its game.

A table may sit idle for hours between moves. With redis-py's default 5 s read timeout the
first layer we used dropped idle listeners; whatever the layer, a listener that has heard
nothing for longer than that must still receive the next push, exactly once.
"""

import asyncio
import uuid

import pytest
from channels.layers import get_channel_layer

pytestmark = pytest.mark.services

IDLE_SECONDS = 6  # longer than redis-py's default socket read timeout


def test_a_listener_idle_longer_than_a_read_timeout_still_hears_its_group():
    group = f"test.{uuid.uuid4().hex}"

    async def scenario() -> list[dict]:
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        await asyncio.sleep(IDLE_SECONDS)
        await layer.group_send(group, {"type": "game.view", "version": 7, "text": "{}"})
        await layer.group_send(group, {"type": "test.marker"})
        heard = [await asyncio.wait_for(layer.receive(channel), timeout=5)]
        # Exactly once: the next message is the marker sent after it, not a repeat.
        heard.append(await asyncio.wait_for(layer.receive(channel), timeout=5))
        await layer.group_discard(group, channel)
        return heard

    assert asyncio.run(scenario()) == [
        {"type": "game.view", "version": 7, "text": "{}"},
        {"type": "test.marker"},
    ]
