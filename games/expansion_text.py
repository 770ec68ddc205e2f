"""The Banquet's one-line explanation in the lobby, and a game's card catalogue.

The engine names options, event kinds and refusal codes. The lobby's names, explanations and
refusals of every option are in `games/texts/options.py`; each expansion's log lines and
e-mail sentences in its module of `games/texts/`.
"""

from django.utils.translation import gettext as _

from games import rules


def option_help() -> dict[str, str]:
    """The Banquet's line in the lobby: what changes and which cards join."""
    return {
        "banquet": _(
            "The Banquet: purple special cards taken into the hand for free and used once on a "
            "later turn, the Czar-Superstar and two Potjomkin's Villages (2nd edition: Module 1; "
            "three of its cards only with the Market)."
        ),
    }


def game_catalogue(options: dict) -> dict[str, dict[str, object]]:
    """The card catalogue of a game with these options (its expansions' cards included)."""
    try:
        return rules.game_card_catalogue({"players": 2, **options})
    except rules.InvalidOptions:
        return rules.card_catalogue(options.get("edition") or "1st")
