"""Plain one-line text from members: titles and names without control characters.

Line breaks (CR, LF, U+2028/2029), other control characters and invisible format characters
(bidirectional overrides, zero-width ones) have no place in a game's title or a display name:
a line break there made every e-mail about a game fail (Django refuses a header with one),
and invisible ones let a name look like another.
"""

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

_HIDDEN_CATEGORIES = {"Cc", "Cf", "Zl", "Zp"}


def has_control_characters(text: str) -> bool:
    return any(unicodedata.category(char) in _HIDDEN_CATEGORIES for char in text)


def validate_one_line(text: str) -> None:
    """Django validator: refuses line breaks, control and invisible format characters."""
    if has_control_characters(text):
        raise ValidationError(
            _("Use no line breaks, tabs or invisible characters."), code="control_characters"
        )


def one_line(text: str) -> str:
    """`text` with each run of control characters and whitespace made one space (e-mail
    subjects, whatever an older row holds)."""
    cleaned = "".join(
        " " if unicodedata.category(char) in _HIDDEN_CATEGORIES else char for char in text
    )
    return " ".join(cleaned.split())
