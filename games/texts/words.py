"""The two ways of naming players and cards in a game's texts: HTML for the log, plain for mail."""

from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _


def reader_language() -> str:
    """`de` or `en`: the language card names are read in."""
    return "de" if (get_language() or "en").startswith("de") else "en"


class HtmlWords:
    """Names as spans and cards as buttons that show the card (`data-card` holds the instance)."""

    def __init__(self, names: dict[int, str], catalogue: dict[str, dict]) -> None:
        self.names = names
        self.catalogue = catalogue
        self.lang = reader_language()

    def player(self, seat: int | None) -> SafeString:
        name = self.names.get(seat, _("Seat %(n)s") % {"n": (seat or 0) + 1})
        return format_html('<span class="log-player" data-seat="{}">{}</span>', seat, name)

    def card(self, instance: str | None) -> SafeString:
        if not instance:
            return format_html("{}", "—")
        card = self.catalogue.get(instance.split("#")[0], {})
        name = card.get(f"name_{self.lang}", instance)
        colour = "trading" if card.get("trading") else card.get("color", "")
        return format_html(
            # tabindex -1: a long log would otherwise be hundreds of Tab stops; the same cards
            # are on the board and in the areas for the keyboard.
            '<button type="button" class="card-link" tabindex="-1" data-color="{}" '
            'data-card="{}">{}</button>',
            colour,
            instance,
            name,
        )

    def cards(self, instances: list[str]) -> SafeString:
        return SafeString(", ".join(self.card(c) for c in instances))


@dataclass
class PlainWords:
    """Names and card names as plain text (e-mails); `timed_out` is set per action told."""

    names: dict[int, str]
    catalogue: dict[str, dict]
    timed_out: int | None = None

    def name(self, seat: int | None) -> str:
        return self.names.get(seat, "?") if seat is not None else "?"

    def card(self, instance: str | None) -> str:
        if not instance:
            return "?"
        card = self.catalogue.get(instance.split("#")[0])
        return card.get(f"name_{reader_language()}", instance) if card else instance
