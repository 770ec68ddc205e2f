"""The Banquet (issue 12): the words of its events (the table's log, the e-mails) and refusals.

One `register_event_text` per event kind the Banquet's modules write (games/rules/modules/
banquet.py, purple.py, banquet_overlays.py, moocher.py, money_collector.py, pickpocket.py).
E-mails are brief: they tell what a card did to the game (rubles, a card fetched, placed or
covered); the standing answer about the Pick Pocket and a declined Pick Pocket are told in the
log only. A buy that a card makes (Black Market, Pick Pocket) is told by the `buy` event that
follows, with its price; these sentences only say which card made it.
"""

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games.texts.registry import (
    Event,
    LogWords,
    MailWords,
    register_event_text,
    register_refusal,
)

# ---------------------------------------------------------------- a purple card is played


def _special_log(w: LogWords, e: Event) -> SafeString:
    words = {"player": w.player(e.get("seat")), "card": w.card(e.get("card"))}
    if e.get("rubles"):
        text = ngettext(
            "{player} plays {card} and takes {n} ruble from the bank",
            "{player} plays {card} and takes {n} rubles from the bank",
            e["rubles"],
        )
        return format_html(text, n=e["rubles"], **words)
    if e.get("actions"):
        return format_html(_("{player} plays {card}: {n} more actions"), n=e["actions"], **words)
    return format_html(_("{player} plays {card}"), **words)


def _special_mail(w: MailWords, e: Event) -> str | None:
    """Only the cards whose effect no later event tells (Golden Donkey, Double Turn)."""
    words = {"name": w.name(e.get("seat")), "card": w.card(e.get("card"))}
    if e.get("rubles"):
        text = ngettext(
            "%(name)s played %(card)s and took %(n)s ruble from the bank.",
            "%(name)s played %(card)s and took %(n)s rubles from the bank.",
            e["rubles"],
        )
        return text % {**words, "n": e["rubles"]}
    if e.get("actions"):
        return _("%(name)s played %(card)s and took %(n)s more actions.") % {
            **words,
            "n": e["actions"],
        }
    return None


register_event_text("special", log=_special_log, mail=_special_mail)

# Away with it!
register_event_text(
    "special_discard",
    log=lambda w, e: format_html(
        _("{player} discards {card} from the hand"),
        player=w.player(e.get("seat")),
        card=w.card(e.get("card")),
    ),
    mail=lambda w, e: (
        _("%(name)s discarded %(card)s from the hand.")
        % {"name": w.name(e.get("seat")), "card": w.card(e.get("card"))}
    ),
)


# ---------------------------------------------------------------- Black Market


def _black_market_log(w: LogWords, e: Event) -> SafeString | None:
    words = {"player": w.player(e.get("seat")), "card": w.card(e.get("card"))}
    if e.get("then") == "take":
        return format_html(_("{player} takes {card} from the discard pile"), **words)
    if e.get("then") == "return":
        return format_html(_("{player} looks at {card} and puts it back"), **words)
    return None  # the buy event that follows says it, with the price


def _black_market_mail(w: MailWords, e: Event) -> str:
    words = {"name": w.name(e.get("seat")), "card": w.card(e.get("card"))}
    if e.get("then") == "take":
        text = _("%(name)s used a Black Market and took %(card)s from the discard pile.")
    elif e.get("then") == "return":
        text = _("%(name)s used a Black Market, looked at %(card)s and put it back.")
    else:
        text = _("%(name)s used a Black Market on the discard pile.")
    return text % words


register_event_text("black_market", log=_black_market_log, mail=_black_market_mail)


# ---------------------------------------------------------------- Jester and Banquet

register_event_text(
    "overlay",
    log=lambda w, e: format_html(
        _("{player} puts {card} on {target}"),
        player=w.player(e.get("seat")),
        card=w.card(e.get("card")),
        target=w.card(e.get("target")),
    ),
    mail=lambda w, e: (
        _("%(name)s put %(card)s on %(target)s.")
        % {
            "name": w.name(e.get("seat")),
            "card": w.card(e.get("card")),
            "target": w.card(e.get("target")),
        }
    ),
)
register_event_text(
    "overlay_gone",
    log=lambda w, e: format_html(
        _("{card} leaves {target}"), card=w.card(e.get("card")), target=w.card(e.get("target"))
    ),
)


# ---------------------------------------------------------------- Moocher


def _mooched(e: Event) -> int | None:
    """What the Moocher brought (events written before it was recorded say nothing)."""
    amount = e.get("rubles") if e.get("gain") == "rubles" else e.get("points")
    return amount if isinstance(amount, int) else None


def _moocher_log(w: LogWords, e: Event) -> SafeString:
    words = {
        "player": w.player(e.get("seat")),
        "owner": w.player(e.get("owner")),
        "card": w.card(e.get("card")),
    }
    n = _mooched(e)
    rubles = e.get("gain") == "rubles"
    if n is None:
        text = (
            _("{player} scores the rubles of {owner}'s {card}")
            if rubles
            else _("{player} scores the points of {owner}'s {card}")
        )
        return format_html(text, **words)
    if rubles:
        text = ngettext(
            "{player} scores {n} ruble of {owner}'s {card} with the Moocher",
            "{player} scores {n} rubles of {owner}'s {card} with the Moocher",
            n,
        )
    else:
        text = ngettext(
            "{player} scores {n} point of {owner}'s {card} with the Moocher",
            "{player} scores {n} points of {owner}'s {card} with the Moocher",
            n,
        )
    return format_html(text, n=n, **words)


def _moocher_mail(w: MailWords, e: Event) -> str:
    words = {"name": w.name(e.get("seat")), "owner": w.name(e.get("owner"))}
    words["card"] = w.card(e.get("card"))
    n = _mooched(e) or 0
    if e.get("gain") == "rubles":
        text = ngettext(
            "%(name)s used the Moocher on %(owner)s's %(card)s and got %(n)s ruble.",
            "%(name)s used the Moocher on %(owner)s's %(card)s and got %(n)s rubles.",
            n,
        )
    else:
        text = ngettext(
            "%(name)s used the Moocher on %(owner)s's %(card)s and got %(n)s point.",
            "%(name)s used the Moocher on %(owner)s's %(card)s and got %(n)s points.",
            n,
        )
    return text % {**words, "n": n}


register_event_text("moocher", log=_moocher_log, mail=_moocher_mail)


# ---------------------------------------------------------------- Money Collector


def _collect_log(w: LogWords, e: Event) -> SafeString:
    price = e.get("price") or 0
    line = format_html(
        ngettext(
            "{player} places {card} for half price with the Money Collector: {price} ruble",
            "{player} places {card} for half price with the Money Collector: {price} rubles",
            price,
        ),
        player=w.player(e.get("seat")),
        card=w.card(e.get("card")),
        price=price,
    )
    if e.get("displaced"):
        line = format_html(_("{line}, replacing {card}"), line=line, card=w.card(e["displaced"]))
    return line


def _collect_mail(w: MailWords, e: Event) -> str:
    price = e.get("price") or 0
    text = ngettext(
        "%(name)s placed %(card)s for half price with the Money Collector: %(price)s ruble.",
        "%(name)s placed %(card)s for half price with the Money Collector: %(price)s rubles.",
        price,
    )
    return text % {"name": w.name(e.get("seat")), "card": w.card(e.get("card")), "price": price}


register_event_text("collect", log=_collect_log, mail=_collect_mail)


# ---------------------------------------------------------------- Pick Pocket


def _pickpocket_log(w: LogWords, e: Event) -> SafeString:
    words = {"player": w.player(e.get("seat"))}
    if not e.get("used"):
        return format_html(_("{player} keeps the Pick Pocket"), **words)
    if not e.get("card"):  # 1st edition
        return format_html(_("{player} uses the Pick Pocket and begins the phase"), **words)
    card = w.card(e.get("card"))
    if e.get("then") == "take":
        text = _("{player} uses the Pick Pocket and takes {card} into the hand")
    else:
        text = _("{player} uses the Pick Pocket to buy {card} before the phase begins")
    return format_html(text, card=card, **words)


def _pickpocket_mail(w: MailWords, e: Event) -> str | None:
    if not e.get("used"):
        return None
    words = {"name": w.name(e.get("seat")), "card": w.card(e.get("card"))}
    if not e.get("card"):
        text = _("%(name)s used the Pick Pocket and began the phase.")
    elif e.get("then") == "take":
        text = _("%(name)s used the Pick Pocket and took %(card)s into the hand.")
    else:
        text = _("%(name)s used the Pick Pocket before the phase began.")
    return text % words


register_event_text("pickpocket", log=_pickpocket_log, mail=_pickpocket_mail)
# A standing answer, like the other plans: only the log tells it.
register_event_text(
    "pickpocket_plan",
    log=lambda w, e: format_html(
        _("{player} wants to be asked about the Pick Pocket")
        if e.get("ask")
        else _("{player} never wants to be asked about the Pick Pocket"),
        player=w.player(e.get("seat")),
    ),
)


# ---------------------------------------------------------------- refusals

for code, text, when in (
    ("special_card", gettext_noop("A special card is taken into the hand, never placed."), {}),
    ("not_special", gettext_noop("This card is not used this way."), {}),
    ("special_not_yet", gettext_noop("A special card is used on a later turn only."), {}),
    ("special_no_effect", gettext_noop("That special card cannot do this now."), {}),
    ("not_now", gettext_noop("First decide whether you use your Pick Pocket."),
     {"decision": "pickpocket"}),
    ("not_now", gettext_noop("The Pick Pocket is used when a phase opens."),
     {"move": "pickpocket"}),
):  # fmt: skip
    register_refusal(code, text, **when)
