"""Reading states written before the engine was opened to the expansions (rules version 1 shape).

Stored snapshots of that time (and positions written by hand in tests) say `edition` instead of
`options`, keep the Observatory's card in `drawn`, the Pub decisions in `pub_queue` (with
`step: "pub"`), turned Observatories in `used_observatories` and the Pub plan in `pub_plan`.
`upgrade_state` rewrites such a dict into today's shape; a dict already in today's shape passes
through unchanged. Whether such a game replays under rules version 1 is the options' business:
the migration that pinned stored games wrote `"rules_version": "1"` into them.
"""

from __future__ import annotations

from typing import Any

_LEGACY_PLAYER_KEYS = ("used_observatories", "pub_plan")


def _upgrade_player(data: dict[str, Any]) -> dict[str, Any]:
    if not any(key in data for key in _LEGACY_PLAYER_KEYS):
        return data
    out = dict(data)
    turned = [
        {"card": card, "kind": "turned", "clears": "round_end"}
        for card in out.pop("used_observatories", None) or ()
    ]
    out["marks"] = [*turned, *out.get("marks", ())]
    plan = out.pop("pub_plan", None)
    if plan is not None:
        out["plans"] = {**out.get("plans", {}), "pub": plan}
    return out


def upgrade_state(data: dict[str, Any]) -> dict[str, Any]:
    """`data` in today's shape (a new dict if anything had to change)."""
    legacy = "options" not in data or any(k in data for k in ("edition", "drawn", "pub_queue"))
    players = data.get("players")
    players_legacy = isinstance(players, list) and any(
        isinstance(p, dict) and any(k in p for k in _LEGACY_PLAYER_KEYS) for p in players
    )
    if not legacy and not players_legacy:
        return data
    out = dict(data)
    edition = out.pop("edition", None)
    if "options" not in out:
        out["options"] = {} if edition is None else {"edition": edition}
    decisions = list(out.get("decisions", ()))
    decisions += [{"kind": "pub", "seat": seat, "data": {}} for seat in out.pop("pub_queue", ())]
    drawn = out.pop("drawn", None)
    if drawn is not None:
        decisions.append(
            {"kind": "observatory", "seat": out.get("turn", 0), "data": {"card": drawn}}
        )
    out["decisions"] = decisions
    if isinstance(players, list):
        out["players"] = [_upgrade_player(p) if isinstance(p, dict) else p for p in players]
    return out
