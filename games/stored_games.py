"""Stored games keep replaying under the rules version they were started with.

`Game.options` are short (`{"edition", "players", ...}`): without a `rules_version` they mean
the current one. Whoever changes the rules (a new `RULES_VERSION`) pins the older version into
the options of every game started before, with a data migration that runs `pin_stored_games`
once: `pin_rules_version` writes the game's `rules_version` (blank: version 1) into the options
and rewrites the snapshot in today's shape, read by the engine's own reader of the old shape.

- games/0004: games stored before the engine was opened to the expansions (rules version 1:
  options `{"edition", "players", "expansions": []}`, snapshots in the old engine's shape with
  `edition`, `drawn`, `pub_queue`, `used_observatories`, `pub_plan`); version 2 changed how a
  Pub plan outlives a scoring.
- games/0012: games started under version 2; version 3 changed when a purple card taken with
  the Banquet's Pick Pocket may be used.
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
