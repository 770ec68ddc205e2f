"""Short sentences about what happened in a game since a player's last move (for e-mails).

Reads the engine's events (docs/moves.md) of the actions after the player's own last action
and says them in the active language. Deliberately brief; the table's game log is fuller.
"""

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.models import Action, ActionKind, Game, Seat
from games.rules.cards import catalogue

MAX_SENTENCES = 30


def card_name(game: Game, card: str | None) -> str:
    if not card:
        return "?"
    try:
        entry = catalogue(game.edition).instances[card]
    except KeyError:
        return card
    return entry.name_de if (get_language() or "en").startswith("de") else entry.name_en


def _scored(phase: str) -> str:
    return {
        "worker": _("Workers were scored"),
        "building": _("Buildings were scored"),
        "aristocrat": _("Aristocrats were scored"),
    }.get(phase, _("The phase was scored"))


def _sentence(game: Game, event: dict, action: Action, names: dict, me: int) -> str | None:
    kind, seat = event.get("kind"), event.get("seat")
    name = names.get(seat, "?")
    card = card_name(game, event.get("card"))
    if seat == me and kind not in {"score", "pub"}:
        return None  # his own (automatic) moves need no telling
    if kind == "buy":
        return _("%(name)s bought %(card)s for %(price)s rubles.") % {
            "name": name,
            "card": card,
            "price": event.get("price"),
        }
    if kind == "take":
        return _("%(name)s took %(card)s into the hand.") % {"name": name, "card": card}
    if kind == "play":
        return _("%(name)s played %(card)s from the hand for %(price)s rubles.") % {
            "name": name,
            "card": card,
            "price": event.get("price"),
        }
    if kind == "pass":
        if action.kind == ActionKind.TIMEOUT and action.seat == seat:
            return _("%(name)s ran out of time and passed.") % {"name": name}
        if event.get("automatic") or event.get("forced"):
            return None
        return _("%(name)s passed.") % {"name": name}
    if kind == "observatory":
        return _("%(name)s used an Observatory and drew %(card)s.") % {"name": name, "card": card}
    if kind == "discard":
        return _("%(name)s discarded %(card)s.") % {"name": name, "card": card}
    if kind == "pub" and event.get("points"):
        if seat == me:
            return _("You bought %(points)s points at your Pub.") % {"points": event["points"]}
        return _("%(name)s bought %(points)s points at the Pub.") % {
            "name": name,
            "points": event["points"],
        }
    if kind == "score" and seat == me:
        return _("%(scored)s: you got %(rubles)s rubles and %(points)s points.") % {
            "scored": _scored(event.get("phase", "")),
            "rubles": event.get("money_gain", 0),
            "points": event.get("points_gain", 0),
        }
    if kind == "last_round":
        return _("The last round has begun.")
    if kind == "game_end":
        return _("The game is over.")
    return None


def since_last_move(game: Game, position: int) -> list[str]:
    """What happened after `position`'s last own action, in the active language (newest last)."""
    names = {
        seat.position: seat.user.public_name
        for seat in Seat.objects.filter(game=game).select_related("user")
    }
    last = (
        Action.objects.filter(game=game, seat=position)
        .exclude(kind=ActionKind.TIMEOUT)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )
    actions = Action.objects.filter(game=game, seq__gt=last or 0).order_by("seq")
    sentences = []
    for action in actions:
        for event in action.events:
            text = _sentence(game, event, action, names, position)
            if text:
                sentences.append(text)
    return sentences[-MAX_SENTENCES:]
