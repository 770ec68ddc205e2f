"""The words of the game options (`rules.options_schema()`) and of their refusals.

The engine names an option by its key and refuses a combination with an `InvalidOptions` code
and the option at fault; the lobby, the open games list and the table show both in the member's
language from here. An expansion that adds an option adds its name to `OPTION_NAMES` and its
one-line explanation to `OPTION_HELP`.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games import expansion_text
from games.rules import InvalidOptions

# The one table of names: an option by its key, a choice of it by "key:value" where that
# choice has a name of its own (a game's expansions in one line name the choice).
OPTION_NAMES = {
    "edition": gettext_noop("Edition"),
    "players": gettext_noop("Players"),
    "new_society": gettext_noop("New Society"),
    "new_society:sp_plus": gettext_noop("New Society SP+"),
    "in_good_company": gettext_noop("In Good Company"),
    "market": gettext_noop("The Market"),
    "banquet": gettext_noop("The Banquet"),
    "assistants": gettext_noop("Assistants"),
    "events": gettext_noop("Events"),
    "assignments": gettext_noop("Assignments"),
    "obstacles": gettext_noop("Obstacles"),
}
# The lobby's choices of an option with values (its select's entries); an edition's name is
# also its badge in the game lists and on the table.
VALUE_NAMES = {
    ("edition", "1st"): gettext_noop("1st edition"),
    ("edition", "2nd"): gettext_noop("2nd edition"),
    ("new_society", "full"): gettext_noop("New Society: the whole expansion"),
    ("new_society", "sp_plus"): gettext_noop("New Society: the SP+ cards only"),
}
# One line per option, or per value of it ("key:value"): what changes and which cards join.
OPTION_HELP = {
    "new_society:full": gettext_noop(
        "New Society: new cards join - in the 1st edition 35 (New Farmers, Coffee House, "
        "Debtor's Prison, Trading House, Sycophants, Guild Hall, Mayor and more), in the 2nd "
        "edition its own 23 (New Farmers, Obshchina Commune, more copies of base cards) beside "
        "In Good Company; seven base cards are replaced; +10 points per different aristocrat "
        "beyond ten."
    ),
    "new_society:sp_plus": gettext_noop(
        "SP+ (1st edition): only the seven New Society cards that replace base cards "
        "(Czar and Carpenter, Observatories, Academy, Mistresses, Mariinskij Theater)."
    ),
    "in_good_company": gettext_noop(
        "In Good Company (2nd edition): 12 cards join - Coffee House, Trading House, "
        "Debtor's Prison, two Sycophants, October Revolution, Guild Hall, Textile Factory, "
        "University, Merchant, Lt. Kijé, Mayor."
    ),
    "players:5": gettext_noop(
        "Five players: ten workers in the first worker phase, two for each player. Without "
        "the Market the fifth piece is the sack (2 more rubles at the start, 2 points whenever "
        "a worker phase opens) and the pieces move two seats each round; with the Market the "
        "sack is the market phase's marker and the markers move one seat. Needs New Society "
        "(in the 2nd edition: New Society or the Market)."
    ),
    "market": gettext_noop(
        "2nd edition: yellow market cards, a market phase with majorities in five goods, "
        "ten cards on the board; needed for five players."
    ),
    "obstacles": gettext_noop(
        "Module 6 (needs the Market): five obstacles on the score track - three bonuses on 10, "
        "50 and 70, two real obstacles on 20 and 35 that stop your points until your cards "
        "meet their requirement."
    ),
    "banquet": gettext_noop(
        "Purple special cards taken into the hand for free and used once on a later turn "
        "(Double Turn, Pick Pocket, Jester, Banquet, Black Market and more), the "
        "Czar-Superstar and two Potjomkin's Villages. Both editions."
    ),
    "assistants": gettext_noop(
        "Module 3 (with the Market): every player holds an assistant who makes the cards of "
        "one kind cheaper for him; each round the assistants move one seat to the right."
    ),
    "events": gettext_noop(
        "Module 4 (with the Market): six events beside the board (Twin, Sponsor, Ghost, New "
        "Luck, Warehouse, Grabber); from round 2 each player may use one of them once, at the "
        "start of a turn."
    ),
    "assignments": gettext_noop(
        "Module 5 (with the Market): three assignments for each player; the best of them "
        "scores at the end, after the aristocrats."
    ),
}
# The refusals that name the option at fault.
REFUSALS: dict[str, str] = {
    "option_not_available": gettext_noop("%(option)s is not available yet."),
    "invalid_option": gettext_noop("%(option)s cannot have that value."),
    "unknown_option": gettext_noop("There is no option “%(option)s”."),
}
# The combination rules' refusals, in words that say what is missing: by code, or by
# (code, option at fault) where the option decides.
COMBINATION_REFUSALS: dict[str | tuple[str, str], str] = {
    "too_many_players": gettext_noop(
        "Five players need New Society (1st edition) or New Society or the Market (2nd edition)."
    ),
    "option_needs_in_good_company": gettext_noop(
        "New Society in the 2nd edition needs In Good Company as well."
    ),
    ("option_needs_edition", "new_society"): gettext_noop("SP+ exists only in the 1st edition."),
    ("option_needs_edition", "market"): gettext_noop("The Market is played with the 2nd edition."),
    ("option_needs_edition", "in_good_company"): gettext_noop(
        "In Good Company exists only in the 2nd edition."
    ),
    ("option_needs_edition", "assistants"): gettext_noop(
        "The Assistants are played with the 2nd edition and the Market."
    ),
    ("option_needs_edition", "events"): gettext_noop(
        "The Events are played with the 2nd edition and the Market."
    ),
    ("option_needs_edition", "assignments"): gettext_noop(
        "The Assignments are played with the 2nd edition and the Market."
    ),
    ("option_needs_edition", "obstacles"): gettext_noop(
        "The Obstacles are played with the 2nd edition and the Market."
    ),
    ("option_needs_market", "assistants"): gettext_noop("The Assistants need the Market."),
    ("option_needs_market", "events"): gettext_noop("The Events need the Market."),
    ("option_needs_market", "assignments"): gettext_noop("The Assignments need the Market."),
    ("option_needs_market", "obstacles"): gettext_noop("The Obstacles need the Market."),
    "solo_base_game_only": gettext_noop("A solo game is played with the base game only."),
}
UNKNOWN_COMBINATION = gettext_noop("This combination of options is not possible.")
# The Market's Modules 3-6: each needs the Market; all four together make a long game.
MARKET_MODULES = ("assistants", "events", "assignments", "obstacles")
MARKET_MODULES_NOTE = gettext_noop(
    "Assistants, Events, Assignments and Obstacles are played with the Market (2nd edition) "
    "and may be combined freely. All four together make a long game: plan for noticeably more "
    "time than a game with the Market alone."
)


def option_name(key: str, value: object = None) -> str:
    """An option's name in the active language, or its choice `value`'s where that has a name
    of its own (an unknown option by its key)."""
    name = OPTION_NAMES.get(f"{key}:{value}") or OPTION_NAMES.get(key)
    return _(name) if name else key


def value_name(key: str, value: object) -> str:
    """A choice's value in the active language (an unknown value as it is)."""
    name = VALUE_NAMES.get((key, str(value)))
    return _(name) if name else str(value)


def option_help(key: str) -> str:
    """What an option adds to the game, its values' lines included, in the active language
    ("" if nothing is said)."""
    lines = [
        text for name, text in expansion_text.option_help().items() if name.split(":")[0] == key
    ]
    lines += [_(text) for name, text in OPTION_HELP.items() if name.split(":")[0] == key]
    return " ".join(lines)


def market_modules_note(offered: list[str]) -> str:
    """The lobby's warning about the Market's Modules 3-6, in the active language, if the form
    offers any of them ("" otherwise)."""
    return _(MARKET_MODULES_NOTE) if set(MARKET_MODULES) & set(offered) else ""


def options_line(options: dict) -> str:
    """A game's expansions in a few words ("" for the base game), e.g. "New Society SP+"."""
    chosen = [
        option_name(key, options[key])
        for key in OPTION_NAMES
        if ":" not in key and key not in ("edition", "players") and options.get(key)
    ]
    return " · ".join(chosen)


def options_refusal(exc: InvalidOptions) -> str:
    """Why the options were refused, in the active language: an option that is not available
    (or not valid) by its name, a combination by what it is missing."""
    if exc.code in REFUSALS:
        return _(REFUSALS[exc.code]) % {"option": option_name(exc.option or "")}
    text = COMBINATION_REFUSALS.get((exc.code, exc.option or "")) or COMBINATION_REFUSALS.get(
        exc.code
    )
    return _(text or UNKNOWN_COMBINATION)
