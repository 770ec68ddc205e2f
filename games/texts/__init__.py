"""Words for what the engine says, in the reader's language (English or German).

`registry` holds the words of each event kind (the table's log, the e-mails, the digest) and of
each refusal case (`IllegalMove` code and params); `base` registers the base game's, and each
expansion's module registers its own. `log`, `mail` and `table` put them to use.
"""

from games.texts import (  # noqa: F401  (register the words)
    assignments,
    assistants,
    banquet,
    base,
    events,
    market,
    new_society,
    obstacles,
)
from games.texts.registry import (
    EVENT_TEXTS,
    REFUSALS,
    EventText,
    log_line,
    mail_sentence,
    phase_name,
    pile_name,
    refusal_text,
    register_event_text,
    register_phase_words,
    register_refusal,
)

__all__ = [
    "EVENT_TEXTS",
    "REFUSALS",
    "EventText",
    "log_line",
    "mail_sentence",
    "phase_name",
    "pile_name",
    "refusal_text",
    "register_event_text",
    "register_phase_words",
    "register_refusal",
]
