"""The game's log as people read it (yucata style), built from the stored Action events.

Lines are grouped by round and phase; scoring shows "before + gain = after" for rubles and
points. Card names are in the reader's language and are buttons that show the card
(`data-card` holds the instance, e.g. `library#1`). Undone moves are left out; the undo
itself is a line, so the log stays truthful.
"""

from dataclasses import dataclass, field

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import actionlog, rules
from games.models import Game


def phase_name(phase: str) -> str:
    return {
        "worker": _("Worker phase"),
        "building": _("Building phase"),
        "aristocrat": _("Aristocrat phase"),
        "trading": _("Trading phase"),
    }.get(phase, phase)


def pile_name(pile: str) -> str:
    return {
        "worker": _("worker pile"),
        "building": _("building pile"),
        "aristocrat": _("aristocrat pile"),
        "trading": _("trading pile"),
    }.get(pile, pile)


@dataclass
class LogGroup:
    round: int
    phase: str
    title: str
    lines: list[SafeString] = field(default_factory=list)


class _Writer:
    """Turns events into lines for one reader (language) and one game (names, edition)."""

    def __init__(self, game: Game) -> None:
        self.names = {p["seat"]: p["name"] for p in _seat_names(game)}
        self.cards = rules.card_catalogue(game.edition)
        self.lang = "de" if (get_language() or "en").startswith("de") else "en"

    def player(self, seat) -> SafeString:
        name = self.names.get(seat, _("Seat %(n)s") % {"n": (seat or 0) + 1})
        return format_html('<span class="log-player" data-seat="{}">{}</span>', seat, name)

    def card(self, instance: str | None) -> SafeString:
        if not instance:
            return format_html("{}", "—")
        card = self.cards.get(instance.split("#")[0], {})
        name = card.get(f"name_{self.lang}", instance)
        colour = "trading" if card.get("trading") else card.get("color", "")
        return format_html(
            '<button type="button" class="card-link" data-color="{}" data-card="{}">{}</button>',
            colour,
            instance,
            name,
        )

    def cards_list(self, instances) -> SafeString:
        parts = [self.card(c) for c in instances]
        return SafeString(", ".join(parts))

    def line(self, event: dict) -> SafeString | None:
        kind = event.get("kind")
        seat = event.get("seat")
        p = self.player(seat) if seat is not None else ""
        if kind in ("buy", "play"):
            text = (
                _("{player} buys {card} for {price} rubles")
                if kind == "buy"
                else _("{player} plays {card} from the hand for {price} rubles")
            )
            line = format_html(text, player=p, card=self.card(event["card"]), price=event["price"])
            if event.get("displaced"):
                line = format_html(
                    _("{line}, replacing {card}"), line=line, card=self.card(event["displaced"])
                )
            if event.get("from") == "observatory":
                line = format_html(_("{line} (drawn with the Observatory)"), line=line)
            return line
        if kind == "take":
            return format_html(
                _("{player} takes {card} into the hand"), player=p, card=self.card(event["card"])
            )
        if kind == "discard":
            return format_html(
                _("{player} discards {card}"), player=p, card=self.card(event["card"])
            )
        if kind == "pass":
            if event.get("forced"):
                return format_html(_("{player} passes (nothing else possible)"), player=p)
            if event.get("automatic"):
                return format_html(_("{player} passes (standing pass)"), player=p)
            if event.get("until") == "board_change":
                return format_html(_("{player} passes until the board changes"), player=p)
            if event.get("until") == "phase":
                return format_html(_("{player} passes for this phase"), player=p)
            return format_html(_("{player} passes"), player=p)
        if kind == "observatory":
            return format_html(
                _("{player} uses {observatory} on the {pile} and draws {card}"),
                player=p,
                observatory=self.card(event["observatory"]),
                pile=pile_name(event["pile"]),
                card=self.card(event["card"]),
            )
        if kind == "pub_plan":
            return format_html(
                _("{player} plans to buy up to {points} points at the Pub"),
                player=p,
                points=event["points"],
            )
        if kind == "pub":
            return format_html(
                _(
                    "{player} buys {points} points at the Pub for {price} rubles: "
                    "{before} + {gain} = {after} points"
                ),
                player=p,
                points=event["points"],
                price=event["price"],
                before=event["points_before"],
                gain=event["points"],
                after=event["points_after"],
            )
        if kind == "actions_end":
            return format_html("{}", _("Everyone has passed."))
        if kind == "score":
            return format_html(
                _("{player}: {mb} + {mg} = {ma} rubles, {pb} + {pg} = {pa} points"),
                player=p,
                mb=event["money_before"],
                mg=event["money_gain"],
                ma=event["money_after"],
                pb=event["points_before"],
                pg=event["points_gain"],
                pa=event["points_after"],
            )
        if kind == "refill":
            if not event["cards"]:
                return format_html(
                    _("Nothing is laid out from the {pile}."), pile=pile_name(event["pile"])
                )
            return format_html(
                _("From the {pile}: {cards}"),
                pile=pile_name(event["pile"]),
                cards=self.cards_list(event["cards"]),
            )
        if kind == "last_round":
            return format_html(
                _("The last card of the {pile} is out: this is the last round!"),
                pile=pile_name(event["pile"]),
            )
        if kind == "round_end":
            if event.get("discarded"):
                return format_html(
                    _("End of round {round}: discarded {cards}; the upper row moves down."),
                    round=event["round"],
                    cards=self.cards_list(event["discarded"]),
                )
            return format_html(
                _("End of round {round}: the upper row moves down."), round=event["round"]
            )
        if kind == "markers":
            holders = event["markers"]
            return format_html(
                _("Start markers: {list}"),
                list=SafeString(
                    ", ".join(
                        format_html("{}: {}", phase_name(ph), self.player(s))
                        for ph, s in holders.items()
                    )
                ),
            )
        if kind == "stalemate":
            return format_html("{}", _("Nobody could act for rounds on end: the game ends."))
        if kind == "game_end":
            return format_html(_("The game ends after round {round}."), round=event["round"])
        if kind == "final_score":
            return format_html(
                _("{player}: {total} points in all, rank {rank}"),
                player=self.player(event["seat"]),
                total=event["total"],
                rank=event["rank"],
            )
        if kind == "undo":
            return format_html(_("{player} takes back a move."), player=p)
        return None


def _seat_names(game: Game) -> list[dict]:
    from games.selectors import game_players  # selectors import this module's neighbours

    return game_players(game)


def game_log(game: Game) -> list[LogGroup]:
    """The log of a started game in reading order (oldest first), grouped by round and phase."""
    if game.state is None:
        return []
    writer = _Writer(game)
    actions = list(
        game.actions.order_by("seq").only("game", "seq", "seat", "kind", "move", "events")
    )
    undone = actionlog.undone_seqs(actions)
    groups = [LogGroup(1, "worker", _title(1, "worker"))]
    for action in actions:
        if action.seq in undone:
            continue
        for event in action.events:
            if event.get("kind") == "phase":
                groups.append(
                    LogGroup(event["round"], event["phase"], _title(event["round"], event["phase"]))
                )
                continue
            line = writer.line(event)
            if line is not None:
                groups[-1].lines.append(line)
    if not any(g.lines for g in groups):
        return []
    # Phases where nothing was logged are left out, except the one going on now.
    return [g for g in groups[:-1] if g.lines] + groups[-1:]


def _title(round_: int, phase: str) -> str:
    return _("Round %(round)s · %(phase)s") % {"round": round_, "phase": phase_name(phase)}
