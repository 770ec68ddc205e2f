"""What events say about themselves: whether they show a card that was hidden in a pile.

An event that shows a card from a pile says so: a new kind carries `"reveals": true` itself (the
Observatory draw does), and a kind whose fields are pinned by stored logs registers when it
reveals (`register_event`: a refill that laid cards out). The server reads `event_reveals` to
tell whether a move may be taken back, instead of keeping its own list of kinds; events stored
before the key existed are read by their kind's rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Event = dict[str, Any]
REVEALS: dict[str, Callable[[Event], bool]] = {
    "observatory": lambda event: True,  # stored before the Observatory event said so itself
}


def register_event(kind: str, *, reveals: Callable[[Event], bool]) -> None:
    """Say when events of `kind` show a hidden card (for kinds that cannot carry the key)."""
    REVEALS[kind] = reveals


def event_reveals(event: Event) -> bool:
    """Whether the event showed a card that was hidden in a pile."""
    if "reveals" in event:
        return bool(event["reveals"])
    rule = REVEALS.get(str(event.get("kind")))
    return rule(event) if rule is not None else False
