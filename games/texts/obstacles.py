"""Module 6, the Obstacles (issue 14): the obstacles' names, the words of their events (the
table's log, the e-mails) and of their refusals.

One `register_event_text` per event kind games/rules/modules/obstacle_walk.py writes: an
obstacle passed with its bonus (or with its bonus still to choose), a gain stopped by a real
obstacle with the points lost, an obstacle overcome later, a bonus chosen. E-mails tell the
others which obstacles a player passed or overcame, and a player the points he lost. The German
names of the obstacles are our own (none was found in the sources).
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

OBSTACLE_NAMES = {
    "bonus_aristocrat": gettext_noop("Bonus aristocrat"),
    "bonus_buildings": gettext_noop("Bonus buildings"),
    "bonus_market": gettext_noop("Bonus market"),
    "bonus_exchange": gettext_noop("Bonus exchange"),
    "bonus_card": gettext_noop("Bonus card"),
    "real_workers": gettext_noop("Real workers"),
    "real_market": gettext_noop("Real market"),
    "real_buildings": gettext_noop("Real buildings"),
    "real_aristocrats": gettext_noop("Real aristocrats"),
    "real_exchange": gettext_noop("Real exchange"),
}
# What a real obstacle asks for (its progress items' `what`), after "have/need".
REQUIREMENT_WORDS = {
    "different_green": gettext_noop("different green cards"),
    "markers": gettext_noop("markers in the market"),
    "position": gettext_noop("highest market position"),
    "blue": gettext_noop("blue cards"),
    "red": gettext_noop("red cards"),
    "exchange": gettext_noop("exchange cards"),
    "exchange_worker": gettext_noop("green exchange cards"),
    "exchange_aristocrat": gettext_noop("red exchange cards"),
    "exchange_building": gettext_noop("blue exchange cards"),
}


def obstacle_name(obstacle: str) -> str:
    """An obstacle in the reader's language (an unknown one by its key)."""
    return _(OBSTACLE_NAMES[obstacle]) if obstacle in OBSTACLE_NAMES else obstacle


def progress_words(progress: list[dict]) -> str:
    """A real obstacle's requirement as the seat stands to it: "1/2 blue cards"."""
    return ", ".join(
        f"{item['have']}/{item['need']} "
        + (_(REQUIREMENT_WORDS[item["what"]]) if item["what"] in REQUIREMENT_WORDS else "")
        for item in progress
    ).strip()


def bonus_words(rubles: int, points: int) -> str:
    """What a bonus paid: "+2 rubles and +3 points", "+1 point", "no bonus"."""
    parts = []
    if rubles:
        parts.append(ngettext("+%(n)s ruble", "+%(n)s rubles", rubles) % {"n": rubles})
    if points:
        parts.append(ngettext("+%(n)s point", "+%(n)s points", points) % {"n": points})
    if not parts:
        return _("no bonus")
    if len(parts) == 1:
        return parts[0]
    return _("%(rubles)s and %(points)s") % {"rubles": parts[0], "points": parts[1]}


# ---------------------------------------------------------------- passed, stopped, overcome


def _passed_log(w: LogWords, e: Event) -> SafeString:
    words = {
        "player": w.player(e.get("seat")),
        "obstacle": obstacle_name(e["obstacle"]),
        "space": e["space"],
    }
    if e.get("asked"):
        return format_html(_("{player} reaches {obstacle} on {space} and chooses a bonus"), **words)
    bonus = bonus_words(e["rubles"], e["points"])
    if e.get("card"):
        text = (
            _("{player} passes {obstacle} on {space}: {bonus} for {card} (chosen for him)")
            if e.get("automatic")
            else _("{player} passes {obstacle} on {space}: {bonus} for {card}")
        )
        return format_html(text, bonus=bonus, card=w.card(e["card"]), **words)
    if e.get("automatic"):
        text = _("{player} passes {obstacle} on {space}: {bonus} (chosen for him)")
    elif e.get("real"):
        text = _("{player} meets {obstacle} on {space} and passes it: {bonus}")
    else:
        text = _("{player} passes {obstacle} on {space}: {bonus}")
    return format_html(text, bonus=bonus, **words)


def _passed_mail(w: MailWords, e: Event) -> str:
    return _("%(name)s passed the obstacle %(obstacle)s on %(space)s.") % {
        "name": w.name(e.get("seat")),
        "obstacle": obstacle_name(e["obstacle"]),
        "space": e["space"],
    }


def _passed_mail_own(w: MailWords, e: Event) -> str:
    words = {"obstacle": obstacle_name(e["obstacle"]), "space": e["space"]}
    if e.get("asked"):
        return _("You reached the obstacle %(obstacle)s on %(space)s: choose its bonus.") % words
    return _("You passed the obstacle %(obstacle)s on %(space)s: %(bonus)s.") % {
        **words,
        "bonus": bonus_words(e["rubles"], e["points"]),
    }


def _blocked_log(w: LogWords, e: Event) -> SafeString:
    words = {
        "player": w.player(e.get("seat")),
        "obstacle": obstacle_name(e["obstacle"]),
        "space": e["space"],
        "progress": progress_words(e.get("progress") or []),
    }
    if not e["wasted"]:
        return format_html(_("{player} stops on {space} at {obstacle} ({progress})"), **words)
    text = ngettext(
        "{player} is stopped on {space} by {obstacle} ({progress}): {wasted} point lost",
        "{player} is stopped on {space} by {obstacle} ({progress}): {wasted} points lost",
        e["wasted"],
    )
    return format_html(text, wasted=e["wasted"], **words)


def _blocked_mail_own(w: MailWords, e: Event) -> str:
    words = {"obstacle": obstacle_name(e["obstacle"]), "space": e["space"], "n": e["wasted"]}
    if not e["wasted"]:
        return _("You stopped on %(space)s at the obstacle %(obstacle)s.") % words
    text = ngettext(
        "The obstacle %(obstacle)s held you on %(space)s: %(n)s point lost.",
        "The obstacle %(obstacle)s held you on %(space)s: %(n)s points lost.",
        e["wasted"],
    )
    return text % words


def _overcome_log(w: LogWords, e: Event) -> SafeString:
    return format_html(
        _("{player} now meets {obstacle} on {space} and overcomes it: {bonus}"),
        player=w.player(e.get("seat")),
        obstacle=obstacle_name(e["obstacle"]),
        space=e["space"],
        bonus=bonus_words(e["rubles"], e["points"]),
    )


def _overcome_mail(w: MailWords, e: Event) -> str:
    return _("%(name)s overcame the obstacle %(obstacle)s on %(space)s.") % {
        "name": w.name(e.get("seat")),
        "obstacle": obstacle_name(e["obstacle"]),
        "space": e["space"],
    }


def _overcome_mail_own(w: MailWords, e: Event) -> str:
    return _("You overcame the obstacle %(obstacle)s on %(space)s: %(bonus)s.") % {
        "obstacle": obstacle_name(e["obstacle"]),
        "space": e["space"],
        "bonus": bonus_words(e["rubles"], e["points"]),
    }


def _bonus_log(w: LogWords, e: Event) -> SafeString:
    words = {
        "player": w.player(e.get("seat")),
        "obstacle": obstacle_name(e["obstacle"]),
        "bonus": bonus_words(e["rubles"], e["points"]),
    }
    if e.get("card"):
        return format_html(
            _("{player} takes {bonus} for {card} from {obstacle}"), card=w.card(e["card"]), **words
        )
    return format_html(_("{player} takes {bonus} from {obstacle}"), **words)


register_event_text(
    "obstacle_passed", log=_passed_log, mail=_passed_mail, mail_own=_passed_mail_own
)
register_event_text("obstacle_blocked", log=_blocked_log, mail_own=_blocked_mail_own)
register_event_text(
    "obstacle_overcome", log=_overcome_log, mail=_overcome_mail, mail_own=_overcome_mail_own
)


def _bonus_mail_own(w: MailWords, e: Event) -> str | None:
    """Only a bonus chosen for him (a timeout) is news to the reader."""
    if not e.get("automatic"):
        return None
    return _("The bonus of the obstacle %(obstacle)s was chosen for you: %(bonus)s.") % {
        "obstacle": obstacle_name(e["obstacle"]),
        "bonus": bonus_words(e["rubles"], e["points"]),
    }


register_event_text("obstacle_bonus", log=_bonus_log, mail_own=_bonus_mail_own)

register_refusal("bonus_not_offered", gettext_noop("This obstacle does not offer that bonus."))
register_refusal(
    "not_now",
    gettext_noop("First choose the bonus of the obstacle you reached."),
    decision="obstacle_bonus",
)
register_refusal(
    "not_now",
    gettext_noop("An obstacle's bonus is chosen when the obstacle is reached."),
    move="obstacle_bonus",
)
