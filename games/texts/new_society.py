"""New Society, In Good Company and five players (issue 11): the words of their events (the
table's log, the e-mails) and of their refusals.

The lobby's names and explanations of these options are in `games/texts/options.py`.
"""

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.texts.registry import (
    Event,
    LogWords,
    MailWords,
    register_event_text,
    register_phase_words,
    register_refusal,
)

register_phase_words("sack", name=gettext_noop("Sack"), pile=gettext_noop("Sack"))


# ---------------------------------------------------------------- five players: the sack


def _sack_log(w: LogWords, e: Event) -> SafeString:
    return format_html(
        _("{player} holds the sack and gets {points} points"),
        player=w.player(e.get("seat")),
        points=e["points"],
    )


def _sack_mail(w: MailWords, e: Event) -> str:
    """Told to the others too: the sack's points change the scores, and say who holds it."""
    return _("%(name)s holds the sack and got %(points)s points.") % {
        "name": w.name(e.get("seat")),
        "points": e.get("points"),
    }


register_event_text(
    "sack",
    log=_sack_log,
    mail=_sack_mail,
    mail_own=lambda w, e: (
        _("You hold the sack and got %(points)s points.") % {"points": e.get("points")}
    ),
)


# ---------------------------------------------------------------- the Debtor's Prison


def _prison_log(w: LogWords, e: Event) -> SafeString:
    player, card = w.player(e.get("seat")), w.card(e["card"])
    if e["then"] == "buy":
        line = format_html(
            _("{player} uses the Debtor's Prison and buys {card} for {price} rubles"),
            player=player,
            card=card,
            price=e["price"],
        )
        if e.get("displaced"):
            line = format_html(
                _("{line}, replacing {card}"), line=line, card=w.card(e["displaced"])
            )
        return line
    if e["then"] == "take":
        return format_html(
            _("{player} uses the Debtor's Prison and takes {card} into the hand"),
            player=player,
            card=card,
        )
    return format_html(
        _("{player} uses the Debtor's Prison, looks at {card} and puts it back"),
        player=player,
        card=card,
    )


def _prison_mail(w: MailWords, e: Event) -> str:
    words = {"name": w.name(e.get("seat")), "card": w.card(e.get("card")), "price": e.get("price")}
    if e.get("then") == "buy":
        return _("%(name)s bought %(card)s from the discard pile for %(price)s rubles.") % words
    if e.get("then") == "take":
        return _("%(name)s took %(card)s from the discard pile into the hand.") % words
    # With a full hand: the Prison is used up for the round, the card stays in the pile.
    return _("%(name)s used the Debtor's Prison, looked at %(card)s and put it back.") % words


register_event_text("prison", log=_prison_log, mail=_prison_mail)


# ---------------------------------------------------------------- the Trading House


def _trading_house_log(w: LogWords, e: Event) -> SafeString:
    player = w.player(e.get("seat"))
    if e["used"]:
        return format_html(
            _("{player} pays {price} rubles at the Trading House for {points} points"),
            player=player,
            price=e["price"],
            points=e["points"],
        )
    return format_html(_("{player} does not use the Trading House"), player=player)


def _trading_house_plan_log(w: LogWords, e: Event) -> SafeString:
    text = (
        _("{player} plans to use the Trading House")
        if e["use"]
        else _("{player} plans not to use the Trading House")
    )
    return format_html(text, player=w.player(e.get("seat")))


def _trading_house_mail(w: MailWords, e: Event) -> str | None:
    if not e.get("used"):
        return None
    return _("%(name)s paid %(price)s rubles at the Trading House for %(points)s points.") % {
        "name": w.name(e.get("seat")),
        "price": e.get("price"),
        "points": e.get("points"),
    }


register_event_text("trading_house", log=_trading_house_log, mail=_trading_house_mail)
# Plans are standing answers and, like the Pub plan, only the log tells them.
register_event_text("trading_house_plan", log=_trading_house_plan_log)


# ---------------------------------------------------------------- the Guild Hall


register_event_text(
    "guild_hall_plan",
    log=lambda w, e: format_html(
        _("{player} sets the Guild Hall to {points} points and {rubles} rubles"),
        player=w.player(e.get("seat")),
        points=e["points"],
        rubles=e["rubles"],
    ),
)


# ---------------------------------------------------------------- the Sycophant


def _sycophant_log(w: LogWords, e: Event) -> SafeString:
    player, card = w.player(e.get("seat")), w.card(e["card"])
    if e["automatic"]:
        return format_html(
            _("{player} cannot pay for {card}: it is discarded"), player=player, card=card
        )
    return format_html(_("{player} gives up {card}"), player=player, card=card)


def _sycophant_mail(w: MailWords, e: Event) -> str:
    words = {"name": w.name(e.get("seat")), "card": w.card(e.get("card"))}
    if e.get("automatic"):
        return _("%(name)s could not pay for %(card)s, which was discarded.") % words
    return _("%(name)s gave up %(card)s.") % words


register_event_text("sycophant_discard", log=_sycophant_log, mail=_sycophant_mail)


# ---------------------------------------------------------------- refusals

for code, text, when in (
    ("not_now", gettext_noop("The Debtor's Prison is used in the building phase only."),
     {"reason": "prison_phase"}),
    ("no_such_card", gettext_noop("You have no such Debtor's Prison."), {"reason": "no_prison"}),
    ("prison_used", gettext_noop("This Debtor's Prison was used this round."), {}),
    ("no_such_card", gettext_noop("That card is not in the discard pile."),
     {"reason": "not_in_discard"}),
    ("cannot_displace", gettext_noop("Only a card bought displaces another card."),
     {"reason": "prison_not_bought"}),
    ("hand_not_full", gettext_noop("With room in your hand, buy the card or take it."), {}),
    ("not_now", gettext_noop("The Guild Hall's split is set during the building phase."),
     {"reason": "guild_hall_phase"}),
    ("no_such_card", gettext_noop("You have no Guild Hall."), {"reason": "no_guild_hall"}),
    ("too_many_points", gettext_noop("The Guild Hall pays %(limit)s in all."),
     {"reason": "guild_hall", "limit": ...}),
    ("not_now", gettext_noop("A Sycophant is given up during the aristocrat phase only."),
     {"reason": "sycophant_phase"}),
    ("no_such_card", gettext_noop("You have no such Sycophant."), {"reason": "no_sycophant"}),
    ("cannot_afford", gettext_noop("The Trading House needs %(price)s rubles."),
     {"reason": "trading_house", "price": ...}),
    ("not_now", gettext_noop("A Trading House plan is made during the building phase."),
     {"reason": "trading_house_plan_phase"}),
    ("no_such_card", gettext_noop("You have no Trading House."), {"reason": "no_trading_house"}),
    ("not_now", gettext_noop("Decide first whether your Trading House buys 2 points for 3 rubles."),
     {"decision": "trading_house"}),
    ("not_now", gettext_noop("The Trading House is used right after the building scoring."),
     {"move": "trading_house"}),
):  # fmt: skip
    register_refusal(code, text, **when)
