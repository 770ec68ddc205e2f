"""The Market's words (issue 13): its phase and pile, its goods, its events and refusals."""

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

register_phase_words("market", name=gettext_noop("Market phase"), pile=gettext_noop("market pile"))


def good_name(good: str) -> str:
    """A good of the Market in the reader's language."""
    return {
        "grain": _("grain"),
        "chicken": _("chicken"),
        "apple": _("apple"),
        "cabbage": _("cabbage"),
        "fish": _("fish"),
    }.get(good, good)


def _upkeep_plan_log(w: LogWords, e: Event) -> SafeString:
    text = {
        True: _("{player} plans to pay the upkeep of the orange cards"),
        False: _("{player} plans to give the orange cards up"),
    }.get(e.get("keep"), _("{player} drops the upkeep plan"))
    return format_html(text, player=w.player(e.get("seat")))


def _upkeep_log(w: LogWords, e: Event) -> SafeString:
    player, card = w.player(e.get("seat")), w.card(e["card"])
    if e["kept"]:
        return format_html(
            _("{player} pays {price} rubles upkeep for {card}"),
            player=player,
            price=e["price"],
            card=card,
        )
    text = (
        _("{player} gives up {card} (upkeep {price} rubles, automatic)")
        if e.get("automatic")
        else _("{player} gives up {card} (upkeep {price} rubles)")
    )
    return format_html(text, player=player, card=card, price=e["price"])


def _placings(e: Event) -> list[tuple[int, bool, int]]:
    """(seat, first?, points) of one good's market scoring, firsts first; a place worth nothing
    (second place at the value tile 1/0 of round 1) is left out rather than told as "+0"."""
    first, second = e["value"]
    return [(s, True, first) for s in e["first"] if first] + [
        (s, False, second) for s in e["second"] if second
    ]


def _market_score_log(w: LogWords, e: Event) -> SafeString:
    good = good_name(e["good"])
    parts = [
        format_html(
            _("{player} first in {good}: +{points}")
            if is_first
            else _("{player} second in {good}: +{points}"),
            player=w.player(seat),
            good=good,
            points=points,
        )
        for seat, is_first, points in _placings(e)
    ]
    if not parts:
        return format_html(_("Nobody has {good}."), good=good)
    return SafeString("; ".join(parts))


def _market_score_mail(w: MailWords, e: Event) -> str | None:
    """One good of a market scoring: "Anna first in fish: +4; Boris second in fish: +2"."""
    good = good_name(e["good"])
    parts = [
        (
            _("%(name)s first in %(good)s: +%(points)s")
            if is_first
            else _("%(name)s second in %(good)s: +%(points)s")
        )
        % {"name": w.name(seat), "good": good, "points": points}
        for seat, is_first, points in _placings(e)
    ]
    return "; ".join(parts) + "." if parts else None


def _gave_up_mail(w: MailWords, e: Event) -> str | None:
    if e.get("kept"):
        return None
    return _("%(name)s gave up %(card)s.") % {
        "name": w.name(e.get("seat")),
        "card": w.card(e["card"]),
    }


register_event_text("upkeep_plan", log=_upkeep_plan_log)
register_event_text("upkeep", log=_upkeep_log, mail=_gave_up_mail)
register_event_text(
    "joker",
    log=lambda w, e: format_html(
        _("{player} covers the '?' of {card} with the {good} tile"),
        player=w.player(e.get("seat")),
        card=w.card(e["card"]),
        good=good_name(e["good"]),
    ),
)
register_event_text(
    "joker_returned",
    log=lambda w, e: format_html(
        _("The {good} tile of {card} goes back to the supply"),
        good=good_name(e["good"]),
        card=w.card(e["card"]),
    ),
)
register_event_text(
    "market_score", log=_market_score_log, mail=_market_score_mail, mail_own=_market_score_mail
)

register_refusal("good_taken", gettext_noop("That good's tile is not in the supply."))
register_refusal("no_orange_card", gettext_noop("You own no orange market card."))
register_refusal("no_such_pile", gettext_noop("This game has no such pile."))
register_refusal(
    "no_such_card", gettext_noop("That card is not in your area."), reason="not_in_area"
)
register_refusal(
    "cannot_afford",
    gettext_noop("The upkeep costs %(price)s rubles; you have %(money)s."),
    reason="upkeep",
    price=...,
    money=...,
)
register_refusal(
    "not_now",
    gettext_noop("An upkeep plan is made during the market phase."),
    reason="upkeep_plan_phase",
)
register_refusal(
    "not_now",
    gettext_noop("First decide whether to pay the upkeep of your orange card."),
    decision="upkeep",
)
register_refusal(
    "not_now", gettext_noop("First choose the good your '?' symbol stands for."), decision="joker"
)
register_refusal("not_now", gettext_noop("Upkeep is paid at the market scoring."), move="upkeep")
register_refusal(
    "not_now", gettext_noop("A good is chosen when a '?' card is placed."), move="joker"
)
