"""What the table page hands its script: the card catalogue and every text, translated.

The script builds the table from the view payload; its words come from here, so the page is
in the member's language (profile, else browser) without a JavaScript catalogue.
"""

from django.urls import reverse
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from games import rules


def table_strings() -> dict[str, str]:
    """Every text the table script shows, keyed by name ({placeholders} filled in by the script)."""
    return {
        # phases, piles, colours, start markers
        "phase_worker": _("Worker phase"),
        "phase_building": _("Building phase"),
        "phase_aristocrat": _("Aristocrat phase"),
        "phase_trading": _("Trading phase"),
        "pile_worker": _("Workers"),
        "pile_building": _("Buildings"),
        "pile_aristocrat": _("Aristocrats"),
        "pile_trading": _("Trading cards"),
        "colour_worker": _("Workers"),
        "colour_building": _("Buildings"),
        "colour_aristocrat": _("Aristocrats"),
        "marker_worker": pgettext("start marker of the worker phase", "W"),
        "marker_building": pgettext("start marker of the building phase", "B"),
        "marker_aristocrat": pgettext("start marker of the aristocrat phase", "A"),
        "marker_trading": pgettext("start marker of the trading phase", "T"),
        "start_marker": _("Start marker: {phase}"),
        # status line
        "round_n": _("Round {n}"),
        "your_turn": _("Your turn"),
        "your_turn_short": _("Your turn"),
        "waiting_for": _("Waiting for {players}"),
        "your_pub": _("Your Pub decision"),
        "someone_pub": _("{player} decides at the Pub"),
        "last_round": _("Last round!"),
        "deadline": _("Deadline: {when}"),
        "deadline_passed": _("Deadline passed on {when}"),
        "game_over": _("Game over"),
        "game_stopped": _("This game was stopped."),
        "not_started": _("The game has not started yet."),
        "notify_me": _("Notify me"),
        "live": _("Live updates"),
        # board
        "upper_row": _("Upper row"),
        "lower_row": _("Lower row (1 ruble cheaper)"),
        "row_empty": _("empty"),
        "drawn_card": _("Drawn with the Observatory"),
        "discard": _("Discard pile"),
        "discard_help": _("Cards discarded so far, grouped and counted."),
        "pile_help": _("What is left in this pile, grouped and counted (never in order)."),
        "pile_empty": _("This pile is empty."),
        "your_price": _("What you would pay"),
        # acting
        "tap_a_card": _("Tap a card to see what you can do with it."),
        "decide_now": _("Decide:"),
        "buy_for": _("Buy for {price} ₽"),
        "play_for": _("Play for {price} ₽"),
        "replacing": _(", replacing {card}"),
        "take": _("Take into your hand"),
        "discard_it": _("Discard it"),
        "draw_from": _("Draw from the {pile}"),
        "use_observatory": _("Use the Observatory"),
        "observatory_help": _("Draw the top card of a pile, then buy it, take it or discard it."),
        "you_drew": _("You drew {card}:"),
        "pub_title": _("Pub"),
        "pub_help": _("Buy points, 2 rubles each."),
        "pub_points": _("{points} points for {price} ₽"),
        "pub_plan": _("Pub plan"),
        "pub_plan_n": _("up to {points} points"),
        # a decision the table has no dialog of its own for (named by decision_<kind> if
        # given, else by its kind): one button per legal move, labelled move_<kind> or by kind
        "decision_help": _("Choose one:"),
        "n_points": _("{n} points"),
        "pass": _("Pass"),
        "pass_board": _("Pass until the board changes"),
        "pass_phase": _("Pass for this phase"),
        "standing_board": _("You pass until the board changes."),
        "standing_phase": _("You pass for the rest of this phase."),
        "undo": _("Undo my move"),
        "reclaim": _("Reclaim my seat"),
        "not_now_price": _("Your price: {price} ₽ (not possible right now)"),
        "nothing_to_displace": _("You have no card this trading card could replace."),
        "card_facts": _("Costs {cost} ₽ · {deck}"),
        "close": _("Close"),
        "not_possible_now": _("Not possible right now; tap to see why."),
        "stale": _("The game had moved on; the table now shows the latest state."),
        "failed": _("That did not work. Please try again."),
        "offline": _("The server cannot be reached. Check your connection."),
        "log_in_again": _("Please log in again to see live updates."),
        "live_refused": _("Live updates are not available for this game."),
        # players
        "you": _("you"),
        "to_act": _("to act"),
        "bot": _("bot"),
        "on_vacation": _("on vacation"),
        "stand_in": _("a bot stands in"),
        "hand_n": _("Hand {n}/{limit}"),
        "area_empty": _("No cards yet."),
        "rubles": _("rubles"),
        "points_word": _("points"),
        "market": _("market symbol"),
        "seat_n": _("Seat {n}"),
        # summary and end
        "player": _("Player"),
        "distinct": _("Distinct aristocrats"),
        "distinct_short": _("Arist."),
        "distinct_points": _("{n} different aristocrats: {points} points at the end"),
        "total_income": _("Income of all three scorings"),
        "summary_help": _(
            "Income at the next scoring of each phase (₽ rubles, ★ points); distinct "
            "aristocrats and what they would score at the end; cards in hand."
        ),
        "hand": _("Hand"),
        "rank": _("Rank"),
        "score_cards": _("Cards"),
        "score_aristocrats": _("Aristocrats"),
        "score_money": _("Money"),
        "score_hand": _("Hand"),
        "total": _("Total"),
        "money_left": _("Rubles left"),
        "tie_break": _("Ties are broken by the rubles left; players still tied share the rank."),
        "chart_title": _("Points and rubles by round"),
        "chart_legend": _("solid: points · dashed: rubles"),
        "step_of": _("Move {n} of {total}"),
        "newest_first": _("Newest first"),
        "oldest_first": _("Oldest first"),
        # worker and market symbols
        "wood": _("wood"),
        "gold": _("gold"),
        "wool": _("wool"),
        "fur": _("fur"),
        "ship": _("ship"),
        "grain": _("grain"),
        "chicken": _("chicken"),
        "apple": _("apple"),
        "cabbage": _("cabbage"),
        "fish": _("fish"),
        "joker": _("any market symbol"),
    }


def table_context(request, game, seat, *, mode: str) -> dict:
    """Template context of the table page (`mode`: "live" or "replay")."""
    user = request.user
    return {
        "mode": mode,
        "lang": "de" if (get_language() or "en").startswith("de") else "en",
        "time_zone": getattr(user, "time_zone", "") or "UTC",
        "catalogue": rules.card_catalogue(game.edition),
        "strings": table_strings(),
        "urls": {
            "view": reverse("games:view", kwargs={"game_id": game.pk}),
            "moves": reverse("games:moves", kwargs={"game_id": game.pk}),
            "undo": reverse("games:undo", kwargs={"game_id": game.pk}),
            "log": reverse("games:log", kwargs={"game_id": game.pk}),
            "history": reverse("games:history", kwargs={"game_id": game.pk}),
            "replay": reverse("games:replay", kwargs={"game_id": game.pk}),
            "replay_step": reverse("games:replay_step", kwargs={"game_id": game.pk, "n": 0})[:-1],
            "reclaim": f"/games/{game.pk}/reclaim",
            "ws": f"/ws/games/{game.pk}/",
        },
    }
