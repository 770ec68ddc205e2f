"""The registries of words: one entry per engine event kind, one per refusal case.

The engine names what happened (`event["kind"]`) and why a move was refused (`IllegalMove.code`
and `.params`) and speaks no language a member reads. Here each event kind gets its words for
the table's log and for the e-mails, and each refusal case its sentence, as gettext messages so
that the reader's language (English or German) is chosen when they are read. The base game
registers its words in `games/texts/base.py`; an expansion adds its own module next to it.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

Event = Mapping[str, Any]


class LogWords(Protocol):
    """What a log line is made of: names and cards as HTML, piles and phases as words."""

    def player(self, seat: int | None) -> SafeString: ...
    def card(self, instance: str | None) -> SafeString: ...
    def cards(self, instances: list[str]) -> SafeString: ...


class MailWords(Protocol):
    """What an e-mail sentence is made of: plain names and card names."""

    timed_out: int | None  # the seat whose time ran out in the action being told, if any

    def name(self, seat: int | None) -> str: ...
    def card(self, instance: str | None) -> str: ...


LogText = Callable[[LogWords, Event], SafeString | None]
MailText = Callable[[MailWords, Event], str | None]


@dataclass(frozen=True)
class EventText:
    """The words of one event kind.

    `log`: its line in the table's log (None: the kind is never a line of its own);
    `mail`: its sentence in an e-mail to another seat; `mail_own`: to the seat it is about
    (e-mails tell a member what the others did, and what was done for him: scorings, his
    Pub). Either may be None, since e-mails are brief; a kind with no words at all registers
    `silent=True`, so a forgotten kind is told from one kept quiet on purpose.
    """

    kind: str
    log: LogText | None = None
    mail: MailText | None = None
    mail_own: MailText | None = None
    silent: bool = False


EVENT_TEXTS: dict[str, EventText] = {}


def register_event_text(
    kind: str,
    *,
    log: LogText | None = None,
    mail: MailText | None = None,
    mail_own: MailText | None = None,
    silent: bool = False,
) -> EventText:
    """Give the events of `kind` their words (a second registration replaces the first)."""
    if not silent and log is None and mail is None and mail_own is None:
        raise ValueError(f"event kind {kind!r} needs words, or silent=True")
    entry = EventText(kind, log, mail, mail_own, silent)
    EVENT_TEXTS[kind] = entry
    return entry


def log_line(words: LogWords, event: Event) -> SafeString | None:
    """The event's line in the table's log, or None if it has none."""
    entry = EVENT_TEXTS.get(str(event.get("kind")))
    return entry.log(words, event) if entry is not None and entry.log is not None else None


def mail_sentence(words: MailWords, event: Event, *, reader: int | None) -> str | None:
    """The event told in an e-mail to the member at seat `reader`, or None if not told."""
    entry = EVENT_TEXTS.get(str(event.get("kind")))
    if entry is None:
        return None
    told = entry.mail_own if event.get("seat") == reader else entry.mail
    return told(words, event) if told is not None else None


PHASE_NAMES: dict[str, str] = {}
PILE_NAMES: dict[str, str] = {}


def register_phase_words(phase: str, *, name: str, pile: str) -> None:
    """The words of a phase ("Worker phase") and of its pile in a sentence ("worker pile"),
    as msgids marked with `gettext_noop`."""
    PHASE_NAMES[phase] = name
    PILE_NAMES[phase] = pile


def phase_name(phase: str) -> str:
    """A phase's name in the active language (an unknown phase by its key)."""
    return _(PHASE_NAMES[phase]) if phase in PHASE_NAMES else phase


def pile_name(pile: str) -> str:
    """A pile's name in a sentence, in the active language (an unknown pile by its key)."""
    return _(PILE_NAMES[pile]) if pile in PILE_NAMES else pile


@dataclass(frozen=True)
class Refusal:
    """The sentence of one refusal case: `code` with the params in `when` (a msgid that
    may name the refusal's params as %(name)s)."""

    code: str
    when: tuple[tuple[str, Any], ...]
    text: str


REFUSALS: dict[str, list[Refusal]] = {}
UNKNOWN_REFUSAL = gettext_noop("That move is not allowed.")


def register_refusal(code: str, text: str, **when: Any) -> Refusal:
    """Word the refusal `code` whose params include `when` (none: the code's general case;
    a value `...`: the param is there, whatever its value; the most specific case wins).

    `text` is marked with `gettext_noop` where it is written and translated when read.
    """
    entry = Refusal(code, tuple(sorted(when.items())), text)
    cases = [case for case in REFUSALS.get(code, []) if case.when != entry.when]
    REFUSALS[code] = sorted([*cases, entry], key=lambda case: -len(case.when))
    return entry


def refusal_case(code: str, params: Mapping[str, Any]) -> Refusal | None:
    """The most specific registered case of `code` that `params` match."""
    for case in REFUSALS.get(code, ()):
        if all(
            (key in params) if value is ... else params.get(key) == value
            for key, value in case.when
        ):
            return case
    return None


def refusal_text(code: str, params: Mapping[str, Any] | None = None) -> str:
    """The refusal in the active language, its numbers filled in from `params`."""
    params = dict(params or {})
    case = refusal_case(code, params)
    if case is None:
        return _(UNKNOWN_REFUSAL)
    text = _(case.text)
    return text % params if "%(" in case.text else text
