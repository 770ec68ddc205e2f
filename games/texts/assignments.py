"""Module 5, the Assignments (issue 14): the words of their deal. What each assignment asks is
in the engine's data (`rules.modules.assignments.catalogue_json`, English and German, like the
cards' texts); the final scoring's part is `score_assignment` (games/texts/table.py)."""

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from games.texts.registry import Event, LogWords, MailWords, register_event_text


def _numbers(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def _dealt_log(w: LogWords, e: Event) -> SafeString:
    holders = format_html_join(
        "; ",
        "{} {}",
        ((w.player(seat), _numbers(numbers)) for seat, numbers in enumerate(e["dealt"])),
    )
    return format_html(_("The assignments are dealt: {holders}"), holders=holders)


def _dealt_mail(w: MailWords, e: Event) -> str:
    holders = "; ".join(
        f"{w.name(seat)} {_numbers(numbers)}" for seat, numbers in enumerate(e["dealt"])
    )
    return _("The assignments were dealt: %(holders)s.") % {"holders": holders}


register_event_text("assignments", log=_dealt_log, mail=_dealt_mail)
