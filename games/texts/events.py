"""Module 4, the Events (issue 14): the names of the six events, the words of their use, of the
Twin's pair (taken together or discarded) and of their refusals."""

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.texts.registry import (
    Event,
    LogWords,
    MailWords,
    register_event_text,
    register_refusal,
)

# Our own names in German, except the Warehouse (Lagerhaus, as the card of 003).
EVENT_NAMES = {
    "twin": gettext_noop("Twin"),
    "sponsor": gettext_noop("Sponsor"),
    "ghost": gettext_noop("Ghost"),
    "new_luck": gettext_noop("New Luck"),
    "warehouse": gettext_noop("Warehouse"),
    "grabber": gettext_noop("Grabber"),
}


def event_name(key: str) -> str:
    """An event's name in the reader's language (an unknown one by its key)."""
    return _(EVENT_NAMES[key]) if key in EVENT_NAMES else key


# ---------------------------------------------------------------- an event used


def _event_log(w: LogWords, e: Event) -> SafeString:
    words = {"player": w.player(e.get("seat")), "event": event_name(e["event"])}
    kind = e["event"]
    if kind == "twin":
        return format_html(
            _("{player} uses the {event}: {card} joins {on}"),
            card=w.card(e.get("card")),
            on=w.card(e.get("on")),
            **words,
        )
    if kind == "sponsor":
        return format_html(
            _("{player} uses the {event}: +{rubles} rubles, every other player +{others}"),
            rubles=e.get("rubles"),
            others=e.get("others"),
            **words,
        )
    if kind == "ghost" and e.get("new"):
        return format_html(
            _("{player} uses the {event}: {card} to the discard pile, {new} takes its place"),
            card=w.card(e.get("card")),
            new=w.card(e.get("new")),
            **words,
        )
    if kind == "ghost":
        return format_html(
            _("{player} uses the {event}: {card} to the discard pile, nothing replaces it"),
            card=w.card(e.get("card")),
            **words,
        )
    if kind == "new_luck":
        return format_html(
            _("{player} uses {event}: {cards} laid out"), cards=w.cards(e.get("cards", [])), **words
        )
    if kind == "warehouse":
        return format_html(_("{player} uses the {event}: one more card in the hand"), **words)
    return format_html(
        _("{player} uses the {event} on {card}"), card=w.card(e.get("card")), **words
    )


def _event_mail(w: MailWords, e: Event) -> str:
    words = {"name": w.name(e.get("seat")), "event": event_name(e["event"])}
    kind = e["event"]
    if kind == "twin":
        return _("%(name)s used the %(event)s: %(card)s joined %(on)s.") % {
            **words,
            "card": w.card(e.get("card")),
            "on": w.card(e.get("on")),
        }
    if kind == "sponsor":
        return _(
            "%(name)s used the %(event)s: %(rubles)s rubles for them, %(others)s for everybody "
            "else."
        ) % {**words, "rubles": e.get("rubles"), "others": e.get("others")}
    if kind == "ghost":
        return _("%(name)s used the %(event)s on %(card)s.") % {
            **words,
            "card": w.card(e.get("card")),
        }
    if kind == "new_luck":
        return _("%(name)s used %(event)s: %(cards)s laid out.") % {
            **words,
            "cards": ", ".join(w.card(c) for c in e.get("cards", [])),
        }
    if kind == "warehouse":
        return _("%(name)s used the %(event)s: one more card in the hand.") % words
    return _("%(name)s used the %(event)s on %(card)s.") % {**words, "card": w.card(e.get("card"))}


register_event_text("event", log=_event_log, mail=_event_mail)


# ---------------------------------------------------------------- the Twin's pair


def _pair_log(w: LogWords, e: Event) -> SafeString:
    return format_html(
        _("{player} takes the Twin's pair: {cards}"),
        player=w.player(e.get("seat")),
        cards=w.cards(e.get("cards", [])),
    )


def _pair_mail(w: MailWords, e: Event) -> str:
    return _("%(name)s took the Twin's pair: %(cards)s.") % {
        "name": w.name(e.get("seat")),
        "cards": ", ".join(w.card(c) for c in e.get("cards", [])),
    }


def _discarded_log(w: LogWords, e: Event) -> SafeString:
    return format_html(
        _("The Twin's pair goes to the discard pile: {cards}"), cards=w.cards(e.get("cards", []))
    )


def _discarded_mail(w: MailWords, e: Event) -> str:
    return _("The Twin's pair went to the discard pile: %(cards)s.") % {
        "cards": ", ".join(w.card(c) for c in e.get("cards", []))
    }


register_event_text("twin", log=_pair_log, mail=_pair_mail)
register_event_text(
    "twin_discarded", log=_discarded_log, mail=_discarded_mail, mail_own=_discarded_mail
)


# ---------------------------------------------------------------- refusals

register_refusal("too_early", gettext_noop("Events can be used from round 2 on."))
register_refusal("event_used", gettext_noop("That event has been used already."))
register_refusal("one_event_each", gettext_noop("You have used your event already."))
register_refusal("event_impossible", gettext_noop("That event cannot be used now."))
register_refusal(
    "event_impossible",
    gettext_noop("The Twin needs a card in the upper row and a card in this phase's pile."),
    reason="twin",
)
register_refusal(
    "event_impossible", gettext_noop("The Ghost needs a card on the board."), reason="ghost"
)
register_refusal(
    "event_impossible",
    gettext_noop(
        "New Luck needs a free space in the upper row for every player and a card in this "
        "phase's pile."
    ),
    reason="new_luck",
)
register_refusal(
    "event_impossible",
    gettext_noop(
        "The Grabber buys the discard pile's top card: it must not be purple, and you must be "
        "able to pay for it (and, for a trading card, to displace a card)."
    ),
    reason="grabber",
)
register_refusal(
    "event_impossible",
    gettext_noop("That event is not used this way: choose one of the ways it offers."),
    reason="way",
)
register_refusal(
    "not_now",
    gettext_noop("An event is used at the start of your turn, before your action."),
    reason="event_turn_start",
)
register_refusal(
    "not_now", gettext_noop("This game is played without the events."), reason="no_events"
)
register_refusal("twin_together", gettext_noop("The Twin's pair is taken together, in one action."))
register_refusal(
    "twin_together",
    gettext_noop("That card is not one of the Twin's pair."),
    reason="not_in_pair",
)
register_refusal(
    "twin_together",
    gettext_noop("Each card of the Twin's pair is bought or taken into the hand."),
    reason="way",
)
register_refusal(
    "cannot_displace",
    gettext_noop("Only a card bought displaces another card."),
    reason="twin_not_bought",
)
register_refusal(
    "not_now", gettext_noop("The Twin's pair is taken together, in one action."), decision="twin"
)
register_refusal(
    "not_now", gettext_noop("The Twin's pair is taken right after the Twin."), move="twin"
)
