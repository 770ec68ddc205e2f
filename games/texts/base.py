"""The base game's words: its phases and piles, its events and its refusals.

Each event kind is one `register_event_text` call with its log line and e-mail sentences; each
refusal case one `register_refusal` call (docs/moves.md lists the codes). An expansion writes a
module like this one and imports it from `games/texts/__init__.py`.
"""

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from games.texts.registry import (
    Event,
    LogWords,
    MailWords,
    phase_name,
    pile_name,
    register_event_text,
    register_phase_words,
    register_refusal,
)

register_phase_words("worker", name=gettext_noop("Worker phase"), pile=gettext_noop("worker pile"))
register_phase_words(
    "building", name=gettext_noop("Building phase"), pile=gettext_noop("building pile")
)
register_phase_words(
    "aristocrat", name=gettext_noop("Aristocrat phase"), pile=gettext_noop("aristocrat pile")
)
register_phase_words(
    "trading", name=gettext_noop("Trading phase"), pile=gettext_noop("trading pile")
)


def phase_title(round_: int, phase: str) -> str:
    """The heading of a round's phase in the log."""
    return _("Round %(round)s · %(phase)s") % {"round": round_, "phase": phase_name(phase)}


# ---------------------------------------------------------------- the actions


def _bought_log(w: LogWords, e: Event) -> SafeString:
    price = e["price"]
    text = (
        ngettext(
            "{player} buys {card} for {price} ruble",
            "{player} buys {card} for {price} rubles",
            price,
        )
        if e["kind"] == "buy"
        else ngettext(
            "{player} plays {card} from the hand for {price} ruble",
            "{player} plays {card} from the hand for {price} rubles",
            price,
        )
    )
    line = format_html(
        text, player=w.player(e.get("seat")), card=w.card(e["card"]), price=e["price"]
    )
    if e.get("displaced"):
        line = format_html(_("{line}, replacing {card}"), line=line, card=w.card(e["displaced"]))
    if e.get("from") == "observatory":
        line = format_html(_("{line} (drawn with the Observatory)"), line=line)
    return line


register_event_text(
    "buy",
    log=_bought_log,
    mail=lambda w, e: (
        _("%(name)s bought %(card)s for %(price)s rubles.")
        % {"name": w.name(e.get("seat")), "card": w.card(e.get("card")), "price": e.get("price")}
    ),
)
register_event_text(
    "play",
    log=_bought_log,
    mail=lambda w, e: (
        _("%(name)s played %(card)s from the hand for %(price)s rubles.")
        % {"name": w.name(e.get("seat")), "card": w.card(e.get("card")), "price": e.get("price")}
    ),
)
register_event_text(
    "take",
    log=lambda w, e: format_html(
        _("{player} takes {card} into the hand"),
        player=w.player(e.get("seat")),
        card=w.card(e["card"]),
    ),
    mail=lambda w, e: (
        _("%(name)s took %(card)s into the hand.")
        % {"name": w.name(e.get("seat")), "card": w.card(e.get("card"))}
    ),
)
register_event_text(
    "discard",
    log=lambda w, e: format_html(
        _("{player} discards {card}"), player=w.player(e.get("seat")), card=w.card(e["card"])
    ),
    mail=lambda w, e: (
        _("%(name)s discarded %(card)s.")
        % {"name": w.name(e.get("seat")), "card": w.card(e.get("card"))}
    ),
)


def _pass_log(w: LogWords, e: Event) -> SafeString:
    p = w.player(e.get("seat"))
    if e.get("forced"):
        return format_html(_("{player} passes (nothing else possible)"), player=p)
    if e.get("automatic"):
        return format_html(_("{player} passes (standing pass)"), player=p)
    if e.get("until") == "board_change":
        return format_html(_("{player} passes until the board changes"), player=p)
    if e.get("until") == "phase":
        return format_html(_("{player} passes for this phase"), player=p)
    return format_html(_("{player} passes"), player=p)


def _pass_mail(w: MailWords, e: Event) -> str | None:
    name = w.name(e.get("seat"))
    if w.timed_out is not None and w.timed_out == e.get("seat"):
        return _("%(name)s ran out of time and passed.") % {"name": name}
    if e.get("automatic") or e.get("forced"):
        return None
    return _("%(name)s passed.") % {"name": name}


register_event_text("pass", log=_pass_log, mail=_pass_mail)


# ---------------------------------------------------------------- the Observatory and the Pub

register_event_text(
    "observatory",
    log=lambda w, e: format_html(
        _("{player} uses {observatory} on the {pile} and draws {card}"),
        player=w.player(e.get("seat")),
        observatory=w.card(e["observatory"]),
        pile=pile_name(e["pile"]),
        card=w.card(e["card"]),
    ),
    mail=lambda w, e: (
        _("%(name)s used an Observatory and drew %(card)s.")
        % {"name": w.name(e.get("seat")), "card": w.card(e.get("card"))}
    ),
)
register_event_text(
    "pub_plan",
    log=lambda w, e: format_html(
        ngettext(
            "{player} plans to buy up to {points} point at the Pub",
            "{player} plans to buy up to {points} points at the Pub",
            e["points"],
        ),
        player=w.player(e.get("seat")),
        points=e["points"],
    ),
)
register_event_text(
    "pub",
    log=lambda w, e: format_html(
        ngettext(
            "{player} buys {points} point at the Pub for {price} rubles: "
            "{before} + {gain} = {after} points",
            "{player} buys {points} points at the Pub for {price} rubles: "
            "{before} + {gain} = {after} points",
            e["points"],
        ),
        player=w.player(e.get("seat")),
        points=e["points"],
        price=e["price"],
        before=e["points_before"],
        gain=e["points"],
        after=e["points_after"],
    ),
    mail=lambda w, e: (
        ngettext(
            "%(name)s bought %(points)s point at the Pub.",
            "%(name)s bought %(points)s points at the Pub.",
            e["points"],
        )
        % {"name": w.name(e.get("seat")), "points": e["points"]}
        if e.get("points")
        else None
    ),
    mail_own=lambda w, e: (
        ngettext(
            "You bought %(points)s point at your Pub.",
            "You bought %(points)s points at your Pub.",
            e["points"],
        )
        % {"points": e["points"]}
        if e.get("points")
        else None
    ),
)


# ---------------------------------------------------------------- phases, scorings, the end


def _scored(phase: str) -> str:
    return {
        "worker": _("Workers were scored"),
        "building": _("Buildings were scored"),
        "aristocrat": _("Aristocrats were scored"),
        "market": _("The market was scored"),
    }.get(phase, _("The phase was scored"))


register_event_text(
    "phase", log=lambda w, e: format_html("{}", phase_title(e["round"], e["phase"]))
)
register_event_text("actions_end", log=lambda w, e: format_html("{}", _("Everyone has passed.")))
register_event_text(
    "score",
    log=lambda w, e: format_html(
        _("{player}: {mb} + {mg} = {ma} rubles, {pb} + {pg} = {pa} points"),
        player=w.player(e.get("seat")),
        mb=e["money_before"],
        mg=e["money_gain"],
        ma=e["money_after"],
        pb=e["points_before"],
        pg=e["points_gain"],
        pa=e["points_after"],
    ),
    mail_own=lambda w, e: (
        _("%(scored)s: you got %(rubles)s rubles and %(points)s points.")
        % {
            "scored": _scored(e.get("phase", "")),
            "rubles": e.get("money_gain", 0),
            "points": e.get("points_gain", 0),
        }
    ),
)
# A ledger entry has no line of its own: it follows the event that reports the same change
# (a purchase, a scoring, the Pub), whose line says the amount. The end screen's breakdown by
# part reads the entries (rules.score_sheet, via games/history.score_sheet).
register_event_text("ledger", silent=True)


def _refill_log(w: LogWords, e: Event) -> SafeString:
    if not e["cards"]:
        return format_html(_("Nothing is laid out from the {pile}."), pile=pile_name(e["pile"]))
    return format_html(
        _("From the {pile}: {cards}"), pile=pile_name(e["pile"]), cards=w.cards(e["cards"])
    )


register_event_text("refill", log=_refill_log)
register_event_text(
    "last_round",
    log=lambda w, e: format_html(
        _("The last card of the {pile} is out: this is the last round!"),
        pile=pile_name(e["pile"]),
    ),
    mail=lambda w, e: _("The last round has begun."),
)


def _round_end_log(w: LogWords, e: Event) -> SafeString:
    if e.get("discarded"):
        return format_html(
            _("End of round {round}: discarded {cards}; the upper row moves down."),
            round=e["round"],
            cards=w.cards(e["discarded"]),
        )
    return format_html(_("End of round {round}: the upper row moves down."), round=e["round"])


register_event_text("round_end", log=_round_end_log)
register_event_text(
    "markers",
    log=lambda w, e: format_html(
        _("Start markers: {list}"),
        list=SafeString(
            ", ".join(
                format_html("{}: {}", phase_name(phase), w.player(seat))
                for phase, seat in e["markers"].items()
            )
        ),
    ),
)
register_event_text(
    "stalemate",
    log=lambda w, e: format_html("{}", _("Nobody could act for rounds on end: the game ends.")),
)
register_event_text(
    "game_end",
    log=lambda w, e: format_html(_("The game ends after round {round}."), round=e["round"]),
    mail=lambda w, e: _("The game is over."),
)
register_event_text(
    "final_score",
    log=lambda w, e: format_html(
        _("{player}: {total} points in all, rank {rank}"),
        player=w.player(e["seat"]),
        total=e["total"],
        rank=e["rank"],
    ),
)
# The server's own event: an undo is an action of the log too.
register_event_text(
    "undo",
    log=lambda w, e: format_html(_("{player} takes back a move."), player=w.player(e.get("seat"))),
)


# ---------------------------------------------------------------- refusals (IllegalMove)

register_refusal(
    "malformed_move", gettext_noop("That move is not written the way the server expects.")
)
register_refusal(
    "malformed_move", gettext_noop("That move is not written correctly: %(why)s."), why=...
)
register_refusal("game_over", gettext_noop("The game is over."))
register_refusal("not_your_turn", gettext_noop("It is not your turn."))
register_refusal("no_such_card", gettext_noop("That card is not available for this action."))
register_refusal(
    "no_such_card", gettext_noop("That card is not on the board."), reason="not_on_board"
)
register_refusal(
    "no_such_card", gettext_noop("That card is not in your hand."), reason="not_in_hand"
)
register_refusal(
    "no_such_card", gettext_noop("You have no such Observatory."), reason="no_observatory"
)
register_refusal(
    "no_such_card",
    gettext_noop("You can only discard the card you drew."),
    reason="not_the_drawn_card",
)
register_refusal(
    "no_such_card",
    gettext_noop("You must buy, take or discard the drawn card."),
    reason="drawn_card_pending",
)
register_refusal("cannot_afford", gettext_noop("You do not have enough rubles."))
register_refusal(
    "cannot_afford",
    gettext_noop("That costs %(price)s rubles; you have %(money)s."),
    price=...,
    money=...,
)
register_refusal("hand_full", gettext_noop("Your hand is full."))
register_refusal(
    "must_buy_worker",
    gettext_noop("In the first worker phase you must buy a worker until you have two."),
)
register_refusal(
    "must_displace", gettext_noop("A trading card must displace a card of its colour in your area.")
)
register_refusal(
    "must_displace",
    gettext_noop("You have no card this trading card can displace."),
    reason="nothing_to_displace",
)
register_refusal(
    "cannot_displace", gettext_noop("That card cannot be displaced by this trading card.")
)
register_refusal(
    "cannot_displace",
    gettext_noop("Only a trading card displaces another card."),
    reason="not_trading",
)
register_refusal("not_now", gettext_noop("That action is not possible at this moment."))
register_refusal(
    "not_now",
    gettext_noop("The Observatory can be used in the building phase only."),
    reason="observatory_phase",
)
register_refusal(
    "not_now",
    gettext_noop("A Pub plan is made during the building phase."),
    reason="pub_plan_phase",
)
register_refusal(
    "not_now", gettext_noop("First buy, take or discard the card you drew."), decision="observatory"
)
register_refusal(
    "not_now", gettext_noop("Decide first how many points to buy with your Pub."), decision="pub"
)
register_refusal(
    "not_now",
    gettext_noop("Points are bought with the Pub after the building scoring."),
    move="pub",
)
register_refusal(
    "observatory_used", gettext_noop("That Observatory has already been used this round.")
)
register_refusal(
    "pile_too_small", gettext_noop("The Observatory may not draw the last card of a pile.")
)
register_refusal("too_many_points", gettext_noop("You cannot buy that many points."))
register_refusal(
    "too_many_points", gettext_noop("Your Pubs allow at most %(limit)s points."), limit=...
)
register_refusal("no_pub", gettext_noop("You own no Pub."))
