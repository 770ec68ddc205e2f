"""The engine's sentences in the reader's language.

The engine is pure and speaks English (`IllegalMove.message`); the services hand its refusals to
people through `engine_message`, which translates the sentences it knows and keeps any other.
"""

import re

from django.utils.translation import gettext as _


def _fixed() -> dict[str, str]:
    return {
        "That move is not written the way the server expects.": _(
            "That move is not written the way the server expects."
        ),
        "The game is over.": _("The game is over."),
        "It is not your turn.": _("It is not your turn."),
        "That card is not available for this action.": _(
            "That card is not available for this action."
        ),
        "You do not have enough rubles.": _("You do not have enough rubles."),
        "Your hand is full.": _("Your hand is full."),
        "In the first worker phase you must buy a worker until you have two.": _(
            "In the first worker phase you must buy a worker until you have two."
        ),
        "A trading card must displace a card of its colour in your area.": _(
            "A trading card must displace a card of its colour in your area."
        ),
        "That card cannot be displaced by this trading card.": _(
            "That card cannot be displaced by this trading card."
        ),
        "That action is not possible at this moment.": _(
            "That action is not possible at this moment."
        ),
        "That Observatory has already been used this round.": _(
            "That Observatory has already been used this round."
        ),
        "The Observatory may not draw the last card of a pile.": _(
            "The Observatory may not draw the last card of a pile."
        ),
        "You cannot buy that many points.": _("You cannot buy that many points."),
        "You own no Pub.": _("You own no Pub."),
        "You must buy, take or discard the drawn card.": _(
            "You must buy, take or discard the drawn card."
        ),
        "That card is not on the board.": _("That card is not on the board."),
        "Only a trading card displaces another card.": _(
            "Only a trading card displaces another card."
        ),
        "You have no card this trading card can displace.": _(
            "You have no card this trading card can displace."
        ),
        "First buy, take or discard the card you drew.": _(
            "First buy, take or discard the card you drew."
        ),
        "That card is not in your hand.": _("That card is not in your hand."),
        "Only a card drawn with the Observatory can be discarded.": _(
            "Only a card drawn with the Observatory can be discarded."
        ),
        "You can only discard the card you drew.": _("You can only discard the card you drew."),
        "The Observatory can be used in the building phase only.": _(
            "The Observatory can be used in the building phase only."
        ),
        "You have no such Observatory.": _("You have no such Observatory."),
        "Points are bought with the Pub after the building scoring.": _(
            "Points are bought with the Pub after the building scoring."
        ),
        "A Pub plan is made during the building phase.": _(
            "A Pub plan is made during the building phase."
        ),
        "Decide first how many points to buy with your Pub.": _(
            "Decide first how many points to buy with your Pub."
        ),
    }


_COSTS = re.compile(r"That costs (\d+) rubles; you have (-?\d+)\.")
_PUBS = re.compile(r"Your Pubs allow at most (\d+) points\.")


def engine_message(message: str) -> str:
    """`message` (an engine sentence) in the active language, or as it is if unknown."""
    if match := _COSTS.fullmatch(message):
        return _("That costs %(price)s rubles; you have %(money)s.") % {
            "price": match[1],
            "money": match[2],
        }
    if match := _PUBS.fullmatch(message):
        return _("Your Pubs allow at most %(points)s points.") % {"points": match[1]}
    return _fixed().get(message, message)
