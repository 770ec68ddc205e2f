"""Module 3, the Assistants (issue 14): the names of the assistants and the words of their
event (dealt at the start, passed one seat to the right at each round end)."""

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.texts.registry import Event, LogWords, MailWords, register_event_text

# Our own names in German: the sources name no German assistants.
ASSISTANT_NAMES = {
    "master_craftsman": gettext_noop("Master Craftsman"),
    "mistress_of_the_manor": gettext_noop("Mistress of the Manor"),
    "architect": gettext_noop("Architect"),
    "lawyer": gettext_noop("Lawyer"),
    "czars_daughter": gettext_noop("Czar's Daughter"),
}


def assistant_name(key: str) -> str:
    """An assistant's name in the reader's language (an unknown one by its key)."""
    return _(ASSISTANT_NAMES[key]) if key in ASSISTANT_NAMES else key


def _holders_log(w: LogWords, e: Event) -> SafeString:
    return format_html_join(
        ", ",
        "{}: {}",
        ((w.player(seat), assistant_name(name)) for seat, name in enumerate(e["held"])),
    )


def _assistants_log(w: LogWords, e: Event) -> SafeString:
    text = (
        _("The assistants are dealt: {holders}")
        if e.get("dealt")
        else _("The assistants move one seat to the right: {holders}")
    )
    return format_html(text, holders=_holders_log(w, e))


def _assistants_mail(w: MailWords, e: Event) -> str:
    holders = ", ".join(
        f"{w.name(seat)}: {assistant_name(name)}" for seat, name in enumerate(e["held"])
    )
    if e.get("dealt"):
        return _("The assistants were dealt: %(holders)s.") % {"holders": holders}
    return _("The assistants moved one seat to the right: %(holders)s.") % {"holders": holders}


register_event_text("assistants", log=_assistants_log, mail=_assistants_mail)
