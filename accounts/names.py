"""Names other players see must not impersonate: no two members' names alike, none like a bot's.

Two names clash when their skeletons are equal: NFKC-normalised, case-folded, look-alike
letters (Cyrillic and Greek twins of Latin letters, 0/o, 1/l/i, 5/s) made one, and spaces and
punctuation dropped; so "alice", "ALICE", "al1ce" and "alice" with a Cyrillic "a" are one.
Names without a letter or digit ("★★", "...") all have the empty skeleton: they look alike too.
A member's public name is his display name, or his username when that is empty, and it must
not clash with another member's public name. Names that read as "Bot …" belong to the bots.
"""

import re
import unicodedata

from django.db.models import Q
from django.utils.translation import gettext as _

from accounts.models import User

# Letters that look like Latin ones, and digits that pass for letters (after case folding).
_LOOK_ALIKES = str.maketrans(
    {
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
        "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "l", "ї": "l",
        "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ℓ": "l",
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "l", "κ": "k", "ν": "v", "ο": "o",
        "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w",
        "0": "o", "1": "l", "i": "l", "|": "l", "5": "s",
    }
)  # fmt: skip
_BOT_PREFIX = re.compile(r"bot(?![a-z])")


def _folded(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold().translate(_LOOK_ALIKES)


def name_skeleton(name: str) -> str:
    """What a name looks like, for comparing names (see the module's docstring)."""
    return "".join(char for char in _folded(name) if char.isalnum())


def name_problem(name: str, *, user_id: int | None = None) -> str | None:
    """Why `name` may not be the public name of member `user_id` (None: a new member); None
    if it may."""
    skeleton = name_skeleton(name)
    bots = User.objects.filter(is_bot=True).values_list("display_name", "username")
    if _BOT_PREFIX.match(re.sub(r"[^a-z0-9]+", " ", _folded(name)).strip()) or any(
        skeleton in (name_skeleton(shown), name_skeleton(username)) for shown, username in bots
    ):
        return _("Names like “Bot …” belong to the computer players.")
    others = User.objects.exclude(pk=user_id) if user_id else User.objects.all()
    for shown, username in others.filter(~Q(is_bot=True)).values_list("display_name", "username"):
        if name_skeleton(shown or username) == skeleton:
            return _("Another member goes by this name or one that looks like it.")
    return None
