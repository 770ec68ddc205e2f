"""Game options: their public schema (`OPTIONS`, `options_schema()`) and `check_options`.

The lobby form and the server's validation are built from the same records the engine checks
against, so a new expansion appears everywhere once its module is registered (`built`). The
combination rules are those of ../shared/expansions.md §1.1 (our names: module2 =
`in_good_company`, module3..6 = `assistants`, `events`, `assignments`, `obstacles`).

Besides the player's choices, options may carry `rules_version` (absent: the current one), so a
game started under older rules replays under them; the legacy key `expansions` (always `[]` in
stored games) is accepted and dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidOptions

EDITIONS: tuple[str, ...] = ("1st", "2nd")
RULES_VERSION = "3"
# Every rules version the engine can still play, oldest first (docs/rules.md says what changed).
RULES_VERSIONS: tuple[str, ...] = ("1", "2", "3")
MAX_PLAYERS = 5


@dataclass(frozen=True, slots=True)
class Option:
    """One option of the lobby form: its values, default and what it needs."""

    key: str
    kind: str  # "choice", "bool" or "int"
    values: tuple[Any, ...]
    default: Any
    label: str  # text key of its label (the server translates it)
    editions: tuple[str, ...] = EDITIONS  # editions it exists in
    requires: tuple[str, ...] = ()  # boolean options that must be on with it
    # Per value: editions it exists in, and per edition options it needs (new_society).
    value_editions: dict[Any, tuple[str, ...]] = field(default_factory=dict)
    requires_in: dict[str, tuple[str, ...]] = field(default_factory=dict)
    expansion: bool = True  # an expansion (refused until its module is built)

    def describe(self, built: bool) -> dict[str, Any]:
        return {
            "key": self.key,
            "type": self.kind,
            "values": list(self.values),
            "default": self.default,
            "label": self.label,
            "editions": list(self.editions),
            "requires": list(self.requires),
            "value_editions": {str(v): list(e) for v, e in self.value_editions.items()},
            "requires_in_edition": {e: list(r) for e, r in self.requires_in.items()},
            "built": built,
        }


def _flag(key: str, editions: tuple[str, ...] = ("2nd",), requires: tuple[str, ...] = ()) -> Option:
    return Option(key, "bool", (False, True), False, f"option_{key}", editions, requires)


OPTIONS: tuple[Option, ...] = (
    Option("edition", "choice", EDITIONS, "1st", "option_edition", expansion=False),
    Option(
        "players", "int", tuple(range(1, MAX_PLAYERS + 1)), None, "option_players", expansion=False
    ),
    Option(
        "new_society",
        "choice",
        (None, "full", "sp_plus"),
        None,
        "option_new_society",
        value_editions={"sp_plus": ("1st",)},
        requires_in={"2nd": ("in_good_company",)},
    ),
    _flag("banquet", editions=EDITIONS),
    _flag("in_good_company"),
    _flag("market"),
    _flag("assistants", requires=("market",)),
    _flag("events", requires=("market",)),
    _flag("assignments", requires=("market",)),
    _flag("obstacles", requires=("market",)),
)
BY_KEY: dict[str, Option] = {option.key: option for option in OPTIONS}
# Five players need New Society (1st edition), or the Market or New Society (2nd): any of these.
FIVE_PLAYERS_NEED: dict[str, tuple[str, ...]] = {
    "1st": ("new_society",),
    "2nd": ("market", "new_society"),
}
# Options whose module is built; a module adds its option here when it registers.
BUILT: set[str] = set()


def options_schema() -> dict[str, Any]:
    """The options as plain JSON data, for the lobby form and the server's validation."""
    return {
        "options": [o.describe(not o.expansion or o.key in BUILT) for o in OPTIONS],
        "five_players_need_any_of": {e: list(k) for e, k in FIVE_PLAYERS_NEED.items()},
        "solo": "base game only",
        "error_codes": [
            "invalid_options",
            "unknown_option",
            "invalid_option",
            "option_needs_edition",
            "option_needs_in_good_company",
            "option_needs_market",
            "too_many_players",
            "solo_base_game_only",
            "option_not_available",
        ],
    }


def _read(options: dict[str, Any]) -> dict[str, Any]:
    """Types and values of each option; defaults filled in."""
    unknown = set(options) - set(BY_KEY) - {"expansions", "rules_version"}
    if unknown:
        name = ", ".join(sorted(map(str, unknown)))
        raise InvalidOptions("unknown_option", f"unknown option(s): {name}", sorted(unknown)[0])
    legacy = options.get("expansions")
    if legacy is not None and (not isinstance(legacy, list | tuple) or legacy):
        raise InvalidOptions(
            "unknown_option",
            f"expansions are chosen one option each, not as a list: {legacy!r}",
            "expansions",
        )
    out: dict[str, Any] = {}
    for option in OPTIONS:
        value = options.get(option.key, option.default)
        if option.kind == "bool":
            valid = isinstance(value, bool)
        elif option.kind == "int":
            valid = (
                isinstance(value, int) and not isinstance(value, bool) and value in option.values
            )
        else:
            valid = value in option.values
        if not valid:
            raise InvalidOptions("invalid_option", _invalid(option, value), option.key)
        out[option.key] = value
    version = options.get("rules_version", RULES_VERSION)
    if version not in RULES_VERSIONS:
        raise InvalidOptions(
            "invalid_option", f"unknown rules_version {version!r}", "rules_version"
        )
    out["rules_version"] = version
    return out


def _invalid(option: Option, value: Any) -> str:
    if option.key == "players":
        return f"players must be a whole number from 1 to {MAX_PLAYERS}, not {value!r}"
    if option.key == "edition":
        return f"edition must be '1st' or '2nd', not {value!r}"
    if option.kind == "bool":
        return f"{option.key} must be true or false, not {value!r}"
    allowed = ", ".join(repr(v) for v in option.values)
    return f"{option.key} must be one of {allowed}, not {value!r}"


def _is_on(value: Any) -> bool:
    return value is not None and value is not False


def _check_combination(chosen: dict[str, Any]) -> None:
    """expansions.md §1.1 rules 1-8, each with its stable code."""
    edition = chosen["edition"]
    on = [o for o in OPTIONS if o.expansion and _is_on(chosen[o.key])]
    for option in on:
        editions = option.value_editions.get(chosen[option.key], option.editions)
        if edition not in editions:
            raise InvalidOptions(
                "option_needs_edition",
                f"{option.key} exists only in the {' and '.join(editions)} edition",
                option.key,
            )
    for option in on:
        for needed in (*option.requires, *option.requires_in.get(edition, ())):
            if not _is_on(chosen[needed]):
                raise InvalidOptions(
                    f"option_needs_{needed}", f"{option.key} needs {needed}", option.key
                )
    if chosen["players"] == MAX_PLAYERS and not any(
        _is_on(chosen[k]) for k in FIVE_PLAYERS_NEED[edition]
    ):
        raise InvalidOptions(
            "too_many_players",
            "five players need "
            + (" or ".join(FIVE_PLAYERS_NEED[edition]))
            + f" in the {edition} edition",
            "players",
        )
    if chosen["players"] == 1 and on:
        raise InvalidOptions(
            "solo_base_game_only",
            "players: a solo game is played with the base game only",
            on[0].key,
        )


def check_options(options: Any) -> dict[str, Any]:
    """The canonical options (every key, defaults filled in) or InvalidOptions with a code."""
    if not isinstance(options, dict):
        raise InvalidOptions("invalid_options", "options must be a dict")
    chosen = _read(options)
    _check_combination(chosen)
    for option in OPTIONS:
        if option.expansion and _is_on(chosen[option.key]) and option.key not in BUILT:
            raise InvalidOptions(
                "option_not_available", f"{option.key} is not available yet", option.key
            )
    return chosen
