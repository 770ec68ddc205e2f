"""Hear what the server pushes, through the real (in-memory) channel layer.

Tests that need to see pushes subscribe a channel to each group they care about instead of
replacing the sending functions, so the group names, the layer calls and the messages are the
real ones. Reading is deterministic: `drain` sends a marker to each channel and reads up to
it, so it returns everything sent so far and never waits for silence.
"""

from __future__ import annotations

import asyncio

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
MARKER = {"type": "test.marker"}


class Listener:
    """One channel per group on the default layer (the caller sets it to IN_MEMORY)."""

    def __init__(self) -> None:
        self.layer = get_channel_layer()
        self.channels: dict[str, str] = {}

    def listen(self, *groups: str) -> None:
        async_to_sync(self._listen)(groups)

    async def _listen(self, groups) -> None:
        for group in groups:
            if group not in self.channels:
                self.channels[group] = await self.layer.new_channel()
                await self.layer.group_add(group, self.channels[group])

    def drain(self) -> list[tuple[str, dict]]:
        """Every message sent to the groups since the last drain, as (group, message)."""
        return async_to_sync(self._drain)()

    async def _drain(self) -> list[tuple[str, dict]]:
        heard = []
        for group, channel in self.channels.items():
            await self.layer.send(channel, MARKER)
            while (message := await asyncio.wait_for(self.layer.receive(channel), 5)) != MARKER:
                heard.append((group, message))
        return heard
