"""What the table page hands its script: the card catalogue and every text, translated.

The script builds the table from the view payload; its words come from here, so the page is
in the member's language (profile, else browser) without a JavaScript catalogue.
"""

from django.urls import reverse
from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _

from games.expansion_text import game_catalogue
from games.texts.hyphens import hyphenated
from games.texts.modules_table import module_table_strings
from games.texts.options import options_line


def table_strings() -> dict[str, str]:
    """Every text the table script shows, keyed by name ({placeholders} filled in by the script)."""
    return {
        # phases, piles, colours, start markers
        "phase_worker": _("Worker phase"),
        "phase_building": _("Building phase"),
        "phase_aristocrat": _("Aristocrat phase"),
        "phase_trading": _("Trading phase"),
        "phase_market": _("Market phase"),
        "pile_worker": _("Workers"),
        "pile_market": _("Market cards"),
        "pile_building": _("Buildings"),
        "pile_aristocrat": _("Aristocrats"),
        "pile_trading": _("Trading cards"),
        "colour_worker": _("Workers"),
        "colour_building": _("Buildings"),
        "colour_aristocrat": _("Aristocrats"),
        "colour_market": _("Market cards"),
        "marker_worker": pgettext("start marker of the worker phase", "W"),
        "marker_building": pgettext("start marker of the building phase", "B"),
        "marker_aristocrat": pgettext("start marker of the aristocrat phase", "A"),
        "marker_trading": pgettext("start marker of the trading phase", "T"),
        "marker_market": pgettext("start marker of the market phase (the sack)", "M"),
        # New Society, In Good Company, five players
        "marker_sack": pgettext("the fifth player's sack (five players)", "S"),
        "wheat": _("wheat"),
        "decision_trading_house": _("Trading House"),
        "someone_trading_house": _("{player} decides at the Trading House"),
        "phase_sack": _("the sack (fifth player: 2 points at every worker phase)"),
        "trading_house_help": _("Pay 3 rubles for 2 points?"),
        "trading_house_yes": _("Pay 3 ₽ for 2 points"),
        "trading_house_no": _("No, thanks"),
        "trading_house_plan": _("Trading House after the scoring"),
        "trading_house_plan_yes": _("pay 3 ₽ for 2 points"),
        "trading_house_plan_no": _("do not use it"),
        "guild_hall_plan": _("Guild Hall split"),
        "guild_hall_split_one": _("{points} point + {rubles} ₽"),
        "guild_hall_split_other": _("{points} points + {rubles} ₽"),
        "move_discard_sycophant": _("Give up this Sycophant"),
        "prison_buy": _("Debtor's Prison: buy {card} for {price} ₽"),
        "prison_take": _("Debtor's Prison: take {card} into your hand"),
        "prison_return": _("Debtor's Prison: look at {card} and put it back"),
        "use_prison": _("Use the Debtor's Prison"),
        "prison_help": _("Pick a card from the discard pile: buy it, or take it into your hand."),
        "prison_used": _("used this round"),
        "start_marker": _("Start marker: {phase}"),
        # the Banquet: purple special cards, the Pick Pocket
        "kind_special": _("special card"),
        "card_free": _("taken for free"),
        "free": _("free"),
        "card_facts_special": _("Special card, taken for free · {deck}"),
        "lies_on_it": _("{card} lies on it"),
        "collected_label": _("placed with the Money Collector: never scores points"),
        "collected_help": _(
            "Placed with the Money Collector: this card never scores points and cannot be replaced."
        ),
        "removed": _("Out of the game"),
        "removed_help": _("The special cards used so far: they have left the game."),
        "use_card": _("Use {card}…"),
        "use_it": _("use it"),
        "use_it_now": _("Use it now"),
        "use_golden_donkey": _("take 5 ₽ from the bank"),
        "use_double_turn": _("two more actions at once"),
        "use_away_with_it": _("discard {card} from your hand"),
        "use_black_market_buy": _("buy {card} for {price} ₽"),
        "use_black_market_take": _("take {card} into your hand"),
        "use_black_market_return": _("look at {card} and put it back"),
        "use_overlay": _("put it on {card}"),
        "use_moocher": _("{amount} from {owner}'s {card}"),
        "use_money_collector": _("place {card} for {price} ₽ (half price)"),
        "n_rubles": _("{n} ₽"),
        "decision_pickpocket": _("Pick Pocket"),
        "your_pickpocket": _("Your Pick Pocket"),
        "someone_pickpocket": _("{player} decides on the Pick Pocket"),
        "pickpocket_help_board": _(
            "Before the phase begins: buy or take one card from the board (it costs no action)."
        ),
        "pickpocket_help_first": _(
            "Before anyone acts: become the first player of this phase (it costs no action)."
        ),
        "pickpocket_choose": _("Choose a card…"),
        "pickpocket_first_player": _("begin this phase as its first player"),
        "pickpocket_buy": _("buy {card} for {price} ₽"),
        "pickpocket_take": _("take {card} into your hand"),
        "pickpocket_not_now": _("not now"),
        "pickpocket_never": _("no, and never ask me again"),
        "pickpocket_ask_again": _("ask me again when a phase opens"),
        "pickpocket_plan": _("Pick Pocket when a phase opens"),
        "pickpocket_plan_ask": _("ask me"),
        "pickpocket_plan_never": _("never ask me"),
        "pickpocket_never_asked": _("Pick Pocket: never ask"),
        "pickpocket_when": _("You are asked whether you use it when a phase begins."),
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
        "your_price_now": _("you would pay {price}"),
        "cannot_now": _("not possible right now"),
        # a card as a screen reader says it
        "card_costs": _("costs {cost}"),
        "card_income": _("income {income}"),
        "rubles_one": _("{n} ruble"),
        "rubles_other": _("{n} rubles"),
        "points_one": _("{n} point"),
        "points_other": _("{n} points"),
        "n_copies": _("{n} copies"),
        "kind_worker": _("worker"),
        "kind_building": _("building"),
        "kind_aristocrat": _("aristocrat"),
        "kind_trading": _("trading card"),
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
        "pub_points_one": _("{points} point for {price} ₽"),
        "pub_points_other": _("{points} points for {price} ₽"),
        "pub_plan": _("Pub plan"),
        "pub_plan_n_one": _("up to {points} point"),
        "pub_plan_n_other": _("up to {points} points"),
        # the Market
        "market_title": _("Market"),
        "market_value": _("Market value {first}/{second}"),
        "market_next": _("next round {first}/{second}"),
        "market_help": _(
            "Symbols of each good in the area. At the market scoring the most symbols score the "
            "first number of the value, the next most the second; tied firsts all score the "
            "first and nobody the second. Orange cards cost the first number in upkeep."
        ),
        "place_first": _("1st"),
        "place_second": _("2nd"),
        "goods_of": _("Goods of {player}"),
        "joker_is": _("'?' = {good}"),
        "decision_upkeep": _("Upkeep"),
        "decision_joker": _("Choose a good"),
        "your_upkeep": _("Your upkeep decision"),
        "someone_upkeep": _("{player} decides on upkeep"),
        "upkeep_help": _("{card}: pay the upkeep or give the card up (its symbols leave)."),
        "upkeep_pay": _("Pay {price} ₽ and keep it"),
        "upkeep_give_up": _("Give it up"),
        "your_joker": _("Choose the good for your '?'"),
        "someone_joker": _("{player} chooses a good"),
        "joker_help": _("{card}: the '?' stands for the good whose tile you lay on it."),
        "upkeep_plan": _("Upkeep plan"),
        "upkeep_plan_ask": _("ask me"),
        "upkeep_plan_keep": _("pay if I can"),
        "upkeep_plan_give_up": _("give them up"),
        # a decision the table has no dialog of its own for (named by decision_<kind> if
        # given, else by its kind): one button per legal move, labelled move_<kind> or by kind
        "decision_help": _("Choose one:"),
        "n_points_one": _("{n} point"),
        "n_points_other": _("{n} points"),
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
        "reconnecting": _("The connection to the server was lost; reconnecting…"),
        "note_saved": _("Saved."),
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
        "summary": _("Summary"),
        "final_scores": _("Final scores"),
        "distinct": _("Distinct aristocrats"),
        "distinct_short": _("Arist."),
        # One different aristocrat is worth one point; more, more points.
        "distinct_points_one": _("{n} different aristocrat: {points} point at the end"),
        "distinct_points_other": _("{n} different aristocrats: {points} points at the end"),
        "total_income": _("Income of all scorings"),
        "summary_help": _(
            "Income at the next scoring of each phase (₽ rubles, ★ points); distinct "
            "aristocrats and what they would score at the end; cards in hand."
        ),
        "summary_upkeep": _("Upkeep"),
        "summary_upkeep_help": _("Upkeep of the orange cards at the market value in force"),
        "summary_market_help": _(
            "Market cards: the yellow cards' rubles and the majorities' points at the market "
            "value in force; upkeep and majorities as if every orange card were kept."
        ),
        "hand": _("Hand"),
        "rank": _("Rank"),
        # the end screen's parts: the game's scorings and other sources, the final scoring's
        # steps (score_<step>), other sources by part_<name> or the card they are named after
        "score_during": _("During the game"),
        "score_final": _("Final scoring"),
        "part_sack": _("Sack"),
        "part_market": _("Majorities"),
        "part_obstacles": _("Obstacle bonuses"),
        "score_aristocrats": _("Aristocrats"),
        "score_assignment": _("Assignment"),
        "score_money": _("Money"),
        "score_hand": _("Hand"),
        # an obstacle's bonus paid on the way during the final scoring (a part of it)
        "score_obstacles": _("Obstacle bonuses"),
        "total": _("Total"),
        "money_left": _("Rubles left"),
        "tie_break": _("Ties are broken by the rubles left; players still tied share the rank."),
        "chart_title": _("Points and rubles by round"),
        "chart_legend": _("solid: points · dashed: rubles"),
        "analysis_title": _("Analysis"),
        "analysis_running": _("Analysis running: {done} of {total} decisions"),
        "analysis_waiting": _("The analysis of this game has not run yet."),
        "analysis_failed": _("The analysis of this game failed."),
        "analysis_graph": _("Chance of winning after each decision"),
        "analysis_accuracy": _("Accuracy: {n} %"),
        "analysis_no_decisions": _("No decisions to review."),
        "analysis_turning_points": _("Turning points"),
        "analysis_buy": _("Buy {card}"),
        "analysis_play": _("Play {card} from the hand"),
        "analysis_turning_point": _(
            "Round {round}, move {step}: {played} (chance of winning {after} %); "
            "better: {best} ({before} %)"
        ),
        "analysis_note": _(
            "Accuracy: the share of decisions that cost at most {within} percentage "
            "points of winning chance, as estimated by the expert's search."
        ),
        "step_of": _("Move {n} of {total}"),
        # the analysis in the replay
        "replay_analysis_title": _("Chance of winning over the game"),
        "replay_analysis_help": _(
            "The dots mark each player's turning points: choose one to step to that move."
        ),
        "replay_go_to": _("Round {round}, move {step}: {player}"),
        "replay_turning_point": _(
            "Turning point for {player}: {played} (chance of winning {after} %); "
            "better: {best} ({before} %)"
        ),
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
        # the Market's Modules 3-6
        **module_table_strings(),
    }


def tile_catalogue(options: dict, language: str) -> dict[str, dict[str, object]]:
    """The game's card catalogue, each card with `name_breaks`: its name in `language` with
    soft hyphens where its tile may break a long word (games/texts/hyphens.py)."""
    return {
        card_id: {**card, "name_breaks": hyphenated(str(card[f"name_{language}"]), language)}
        for card_id, card in game_catalogue(options).items()
    }


def table_context(request, game, seat, *, mode: str) -> dict:
    """Template context of the table page (`mode`: "live" or "replay")."""
    user = request.user
    lang = "de" if (get_language() or "en").startswith("de") else "en"
    return {
        "mode": mode,
        "lang": lang,
        "time_zone": getattr(user, "time_zone", "") or "UTC",
        "catalogue": tile_catalogue(game.options, lang),
        "options_line": options_line(game.options),
        "strings": table_strings(),
        "urls": {
            "view": reverse("games:view", kwargs={"game_id": game.pk}),
            "moves": reverse("games:moves", kwargs={"game_id": game.pk}),
            "undo": reverse("games:undo", kwargs={"game_id": game.pk}),
            "log": reverse("games:log", kwargs={"game_id": game.pk}),
            "chat": reverse("games:chat", kwargs={"game_id": game.pk}),
            "note": reverse("games:note", kwargs={"game_id": game.pk}),
            "history": reverse("games:history", kwargs={"game_id": game.pk}),
            "analysis": reverse("games:analysis", kwargs={"game_id": game.pk}),
            "replay": reverse("games:replay", kwargs={"game_id": game.pk}),
            "replay_step": reverse("games:replay_step", kwargs={"game_id": game.pk, "n": 0})[:-1],
            "reclaim": f"/games/{game.pk}/reclaim",
            "ws": f"/ws/games/{game.pk}/",
        },
    }
