"""The table's words for the Market's Modules 3-6 (issue 14): the assistants, the events, the
assignments and the obstacles on the score track, their dialogs and the end screen's lines.

`table_strings` (games/texts/table.py) merges these in, so the script finds them under `T`. The
names of the assistants, events and obstacles are those the log uses (one table each, in
games/texts/assistants.py, events.py, obstacles.py); what each assignment asks is the engine's
data, in the reader's language.
"""

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.rules.modules.assignments import catalogue_json
from games.texts.assistants import ASSISTANT_NAMES, assistant_name
from games.texts.events import EVENT_NAMES, event_name
from games.texts.obstacles import OBSTACLE_NAMES, REQUIREMENT_WORDS, obstacle_name


def _assistants() -> dict[str, str]:
    effects = {
        "master_craftsman": _("1 ₽ less for every green card"),
        "mistress_of_the_manor": _("1 ₽ less for every yellow card"),
        "architect": _("1 ₽ less for every blue card"),
        "lawyer": _("1 ₽ less for every red card"),
        "czars_daughter": _("2 ₽ less for every exchange card"),
    }
    return {
        **{f"assistant_{key}": assistant_name(key) for key in ASSISTANT_NAMES},
        **{f"assistant_effect_{key}": text for key, text in effects.items()},
        "assistant": _("Assistant"),
        "assistant_next": _("next round: {name}"),
        "assistant_help": _(
            "Each assistant makes one kind of card cheaper for its holder; at each round end "
            "the assistants move one seat to the right."
        ),
    }


def _events() -> dict[str, str]:
    effects = {
        "twin": _(
            "The pile's top card joins the first card of the upper row; both are taken "
            "together as your action, or both are discarded."
        ),
        "sponsor": _("6 rubles for you, 2 for every other player."),
        "ghost": _(
            "A card of the board goes to the discard pile; the pile's top card takes its place."
        ),
        "new_luck": _("One card per player from this phase's pile into the upper row."),
        "warehouse": _("Your hand holds one more card for the rest of the game."),
        "grabber": _("Buy the discard pile's top card at its usual price."),
    }
    return {
        **{f"event_{key}": event_name(key) for key in EVENT_NAMES},
        **{f"event_effect_{key}": text for key, text in effects.items()},
        "events_title": _("Events"),
        "events_help": _(
            "From round {round} on, at the start of your turn and before your action, you may "
            "use one event that is still available; each is used once, each player uses one."
        ),
        "event_available": _("available"),
        "event_used_by": _("used by {player}"),
        "event_yours_used": _("You have used your event."),
        "use_event": _("Use an event…"),
        "use_event_title": _("Use an event"),
        "use_event_help": _("It is used now, before your action; then you act as usual."),
        "use_the_event": _("Use the {event}"),
        "ghost_card": _("Ghost: discard {card}"),
        "grabber_buy": _("Grabber: buy {card} for {price} ₽"),
        # the Twin's pair, waiting to be taken together
        "decision_twin": _("The Twin's pair"),
        "your_twin": _("Your Twin's pair: take it together, or act otherwise"),
        "someone_twin": _("{player} decides on the Twin's pair"),
        "twin_help": _(
            "{on} and {card} are taken together, as your action. If you do anything else, both "
            "go to the discard pile after it."
        ),
        "twin_buy": _("buy {card}"),
        "twin_take": _("take {card} into your hand"),
        "twin_pair": _("{first}, then {second}: {price} ₽"),
        "twin_row": _("The Twin's pair (with the first card of the upper row)"),
    }


def _assignments() -> dict[str, str]:
    language = "de" if (get_language() or "en").startswith("de") else "en"
    return {
        **{f"assignment_text_{a['id']}": str(a[f"text_{language}"]) for a in catalogue_json()},
        "assignments_title": _("Assignments"),
        "assignments_of": _("Assignments of {player}"),
        "assignment_no": _("No. {n}"),
        "assignment_now_one": _("{n} point now"),
        "assignment_now_other": _("{n} points now"),
        "assignment_best": _("best"),
        "assignments_help": _(
            "Three assignments per player; at the end each player scores the best of his, "
            "after the aristocrats. The points are what each would score now."
        ),
    }


def _obstacles() -> dict[str, str]:
    effects = {
        "bonus_aristocrat": _("Bonus: 1 point per red card."),
        "bonus_buildings": _("Bonus: 1 ruble per blue card."),
        "bonus_market": _("Bonus: per marker in the market 1 ruble or 1 point, your choice."),
        "bonus_exchange": _("Bonus: 1 point and 1 ruble per exchange card."),
        "bonus_card": _("Bonus: the rubles or the points of one of your cards, your choice."),
        "real_workers": _("Stops you until you have enough different green cards; no bonus."),
        "real_market": _(
            "Stops you until you have enough markers in the market, one high enough; bonus: "
            "1 point per marker and the rubles of the highest position."
        ),
        "real_buildings": _(
            "Stops you until you have enough blue cards; bonus: 1 ruble per blue card and the "
            "points of your best one."
        ),
        "real_aristocrats": _(
            "Stops you until you have enough red cards; bonus: 1 point per red card and the "
            "rubles of your best one."
        ),
        "real_exchange": _(
            "Stops you until you have enough exchange cards; bonus: 2 points per exchange card."
        ),
    }
    return {
        **{f"obstacle_{key}": obstacle_name(key) for key in OBSTACLE_NAMES},
        **{f"obstacle_effect_{key}": text for key, text in effects.items()},
        **{f"requirement_{key}": _(words) for key, words in REQUIREMENT_WORDS.items()},
        "track_title": _("Score track and obstacles"),
        "track_help": _(
            "Gaining points moves you along the score track. A bonus obstacle pays its bonus "
            "when you reach it; a real obstacle holds you on its space, and the points beyond "
            "it are lost, until your cards meet its requirement."
        ),
        "track_of": _("Score track: where each player stands"),
        "obstacle_on": _("{obstacle} on {space}"),
        "obstacle_real": _("real obstacle"),
        "obstacle_bonus_tile": _("bonus obstacle"),
        "status_passed": _("passed"),
        "status_sitting": _("held here"),
        "status_met": _("requirement met"),
        "status_approaching": _("ahead"),
        "bonus_got": _("received {bonus}"),
        "bonus_to_choose": _("bonus still to choose"),
        "next_obstacle": _("Next: {obstacle} on {space}"),
        "needs": _("needs {progress}"),
        "held_at": _("Held on {space} by {obstacle}: {progress}"),
        "room_one": _("{n} more point before a real obstacle stops you"),
        "room_other": _("{n} more points before a real obstacle stops you"),
        "points_lost_now": _("Points gained now are lost until the obstacle is passed."),
        "all_passed": _("All obstacles passed"),
        "plus_rubles": _("+{n} ₽"),
        "plus_points": _("+{n} ★"),
        "nothing": _("nothing"),
        # the bonus asked during play
        "decision_obstacle_bonus": _("Obstacle bonus"),
        "your_obstacle_bonus": _("Choose your obstacle bonus"),
        "someone_obstacle_bonus": _("{player} chooses an obstacle bonus"),
        "obstacle_bonus_help": _("You reached {obstacle} on {space}. Choose your bonus:"),
        "bonus_market_choice": _("{points} markers as points, {rubles} as rubles"),
        "bonus_card_choice": _("{card}: {amount}"),
        "bonus_room_warning": _(
            "Only {n} more points before a real obstacle stops you: points beyond are lost."
        ),
        # the end screen
        "scored_assignments": _("Scored assignments"),
        "scored_assignment": _("{player}: no. {n}, {points} points - {text}"),
        "obstacle_effects": _("Obstacles"),
        "obstacle_line": _("{player}: {bonus} from obstacle bonuses, {lost} lost to obstacles"),
        "held_at_end": _("held on {space} at the end"),
    }


def module_table_strings() -> dict[str, str]:
    """Every text of the Modules 3-6 the table script shows, keyed by name."""
    return {**_assistants(), **_events(), **_assignments(), **_obstacles()}
