"""Games stored before the rules engine was opened to the expansions (rules version 1).

Their `Game.options` say `{"edition", "players", "expansions": []}` and their snapshots are the
old engine's `to_dict()` (`edition`, `drawn`, `pub_queue`, `used_observatories`, `pub_plan`).
Version 2 of the rules changed how a Pub plan outlives a scoring, so such a game must go on
replaying under version 1: `pin_rules_version` writes the version into the options (absent
means the current one) and rewrites the snapshot in today's shape, read by the engine's own
reader of the old shape. The data migration games/0004 runs it once over every started game.
"""

import json

from games import rules

LEGACY_VERSION = "1"


def pin_rules_version(
    options: dict, state: dict | None, rules_version: str
) -> tuple[dict, dict | None, str]:
    """(options, snapshot, rules version) of a stored game, pinned to the version it began with."""
    if "rules_version" in options:
        return options, state, rules_version
    version = rules_version or LEGACY_VERSION
    pinned = {**options, "rules_version": version}
    if state is None:
        return pinned, None, version
    upgraded = rules.GameState.from_dict({**state, "options": pinned}).to_dict()
    return pinned, json.loads(json.dumps(upgraded)), version


def pin_stored_games(game_model) -> int:
    """Pin every started game of `game_model` (the migration's historical model); the count."""
    count = 0
    for game in game_model.objects.exclude(state=None).order_by("pk").iterator():
        options, state, version = pin_rules_version(game.options, game.state, game.rules_version)
        if options is game.options:
            continue
        game.options, game.state, game.rules_version = options, state, version
        game.save(update_fields=["options", "state", "rules_version"])
        count += 1
    return count
