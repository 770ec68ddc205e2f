"""The game's log as people read it (yucata style), built from the stored Action events.

Lines are grouped by round and phase; each event kind's line comes from its words in
`games.texts`. Card names are in the reader's language and are buttons that show the card
(`data-card` holds the instance, e.g. `library#1`). Undone moves are left out; the undo
itself is a line, so the log stays truthful.
"""

from dataclasses import dataclass, field

from django.utils.safestring import SafeString

from games import actionlog, rules
from games.expansion_text import game_catalogue
from games.models import Game
from games.texts import log_line
from games.texts.base import phase_title
from games.texts.words import HtmlWords

# Events that open the phase after them: the cards laid out for it, the last round it
# announces, the start markers passed for a new round.
OPENING_KINDS = frozenset({"refill", "last_round", "markers"})


@dataclass
class LogGroup:
    round: int
    phase: str
    title: str
    lines: list[SafeString] = field(default_factory=list)
    new_from: int | None = None  # the index of its first line new to the reader, if any


def _seat_names(game: Game) -> list[dict]:
    from games.selectors import game_players  # selectors import this module's neighbours

    return game_players(game)


def log_words(game: Game) -> HtmlWords:
    """How the log of `game` names its players and cards (the cards of its options)."""
    return HtmlWords(
        {p["seat"]: p["name"] for p in _seat_names(game)}, game_catalogue(game.options)
    )


def game_log(game: Game, *, since: int | None = None) -> list[LogGroup]:
    """The log of a started game in reading order (oldest first), grouped by round and phase.

    With `since` (the version the reader saw last), the lines of later actions are marked new
    (`LogGroup.new_from`)."""
    if game.state is None:
        return []
    words = log_words(game)
    actions = list(
        game.actions.order_by("seq").only("game", "seq", "seat", "kind", "move", "events")
    )
    undone = actionlog.undone_seqs(actions)
    groups = [LogGroup(1, "worker", phase_title(1, "worker"))]
    # What happened as the game was dealt (five players: the sack's first 2 points).
    if game.seed is not None:
        _dealt, opening = rules.new_game_with_events(game.options, game.seed)
        groups[0].lines += [line for e in opening if (line := log_line(words, e)) is not None]
    for action in actions:
        if action.seq in undone:
            continue
        is_new = since is not None and action.seq > since
        # The engine lays out the next phase's cards (and, at a round's end, passes the
        # start markers) before it opens that phase: those lines are told under it.
        opening: list[SafeString] = []
        for event in action.events:
            kind = event.get("kind")
            if kind == "phase":
                title = str(log_line(words, event))
                groups.append(LogGroup(event["round"], event["phase"], title))
                _add_lines(groups[-1], opening, is_new)
                opening = []
                continue
            line = log_line(words, event)
            if line is None:
                continue
            if kind in OPENING_KINDS:
                opening.append(line)
            else:
                _add_lines(groups[-1], [*opening, line], is_new)
                opening = []
        _add_lines(groups[-1], opening, is_new)
    if not any(g.lines for g in groups):
        return []
    # Phases where nothing was logged are left out, except the one going on now.
    return [g for g in groups[:-1] if g.lines] + groups[-1:]


def _add_lines(group: LogGroup, lines: list[SafeString], is_new: bool) -> None:
    if lines and is_new and group.new_from is None:
        group.new_from = len(group.lines)
    group.lines += lines


def step_lines(game: Game, n: int) -> list[SafeString]:
    """What the replay's step `n` did: the log lines of the `n`th move that counts (1-based;
    none for the deal, step 0)."""
    if n <= 0:
        return []
    actions = game.actions.order_by("seq").only("game", "seq", "seat", "kind", "move", "events")
    effective = actionlog.effective_actions(actions)
    if n > len(effective):
        return []
    words = log_words(game)
    lines = (log_line(words, e) for e in effective[n - 1].events if e.get("kind") != "phase")
    return [line for line in lines if line is not None]
