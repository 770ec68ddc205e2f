"""The Banquet at the table in Chromium (issue 12): a 2nd-edition game with Module 1 where one
player uses a Double Turn, answers his Pick Pocket when a phase opens and puts a Jester on a
card, while the other player's page follows each move live - once with anna acting in English
and boris (German) watching, once the other way round, so that every word is read in both.

tests/browser/seed.py plays each table through the services (scripted greedy deals: seat 0
takes the purple card and nobody uses another one) until seat 0 may use its card. The same
kind of table with the Market too (anna against dave, in English) for the cards whose use
opens a choice of cards: Black Market, Moocher, Money Collector (its chip on the card) and
Away with it!
"""

import pytest
from playwright.sync_api import expect

from tests.browser.axe import violations
from tests.browser.pages import my_tally, my_turn, open_table

pytestmark = [pytest.mark.browser, pytest.mark.services]

NAMES = {"anna": "Anna", "boris": "Boris"}
LANGUAGE = {"anna": "en", "boris": "de"}
LOCALE = {"en": "en-GB", "de": "de-DE"}
PAIRS = [("anna", "boris"), ("boris", "anna")]
WORDS = {
    "en": {
        "your_turn": "Your turn",
        "waiting": "Waiting for {name}",
        "double_turn": "Two more actions at once",
        "double_turn_log": "{name} plays {card}: 2 more actions",
        "passes": "{name} passes",
        "removed": "Out of the game",
        "pickpocket": "Pick Pocket",
        "your_pickpocket": "Your Pick Pocket",
        "someone_pickpocket": "{name} decides on the Pick Pocket",
        "choose": "Choose a card…",
        "not_now": "Not now",
        "never": "No, and never ask me again",
        "take": "Take {card} into your hand",
        "pickpocket_log": "{name} uses the Pick Pocket and takes {card} into the hand",
        "use": "Use {card}…",
        "put_on": "Put it on {card}",
        "overlay_log": "{name} puts {card} on {target}",
        "lies_on": "{card} lies on it",
    },
    "de": {
        "your_turn": "Du bist am Zug",
        "waiting": "Warten auf {name}",
        "double_turn": "Sofort zwei weitere Aktionen",
        "double_turn_log": "{name} spielt {card}: 2 weitere Aktionen",
        "passes": "{name} passt",
        "removed": "Aus dem Spiel",
        "pickpocket": "Taschendieb",
        "your_pickpocket": "Dein Taschendieb",
        "someone_pickpocket": "{name} entscheidet über den Taschendieb",
        "choose": "Karte wählen …",
        "not_now": "Jetzt nicht",
        "never": "Nein, und frag mich nie wieder",
        "take": "{card} auf die Hand nehmen",
        "pickpocket_log": "{name} setzt den Taschendieb ein und nimmt {card} auf die Hand",
        "use": "{card} einsetzen …",
        "put_on": "Auf {card} legen",
        "overlay_log": "{name} legt {card} auf {target}",
        "lies_on": "darauf liegt {card}",
    },
}


def pages(signed_in, live_site, table: str, actor: str, watcher: str):
    """The actor's page and the watcher's, each in its member's language."""
    url = f"{live_site['url']}/games/{live_site[f'banquet_{table}'][actor]}/"
    acting = open_table(signed_in(actor, locale=LOCALE[LANGUAGE[actor]]), url)
    watching = open_table(signed_in(watcher, locale=LOCALE[LANGUAGE[watcher]]), url)
    return acting, watching, WORDS[LANGUAGE[actor]], WORDS[LANGUAGE[watcher]]


def version(page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


@pytest.mark.parametrize(("actor", "watcher"), PAIRS)
def test_a_double_turn_gives_two_more_actions_and_the_other_page_follows_live(
    signed_in, live_site, actor, watcher
):
    me, other, mine, theirs = pages(signed_in, live_site, "double_turn", actor, watcher)
    card = live_site["banquet_double_turn_card"]
    in_hand = me.locator(f'.player.me .hand [data-card="{card["card"]}"]')
    expect(my_turn(me)).to_be_visible()

    in_hand.click()
    me.locator("#card-dialog").get_by_role("button", name=mine["double_turn"]).click()

    expect(in_hand).to_have_count(0)
    expect(my_turn(me)).to_be_visible()  # two more actions of the same turn
    name = NAMES[actor]
    expect(other.locator("#log-body")).to_contain_text(
        theirs["double_turn_log"].format(name=name, card=card[LANGUAGE[watcher]])
    )
    expect(other.locator("#status .chip.turn")).to_have_text(theirs["waiting"].format(name=name))
    removed = other.locator('#board [data-pile="removed"]')
    expect(removed).to_contain_text(theirs["removed"])
    expect(removed.locator(".pile-size")).to_have_text("1")

    passes = other.locator("#log-body .log-lines li", has_text=theirs["passes"].format(name=name))
    passed = passes.count()
    for extra in (1, 2):
        before = version(me)
        me.locator('#actions button.pass[data-pass="turn"]').click()
        expect(me.locator("#table")).not_to_have_attribute("data-version", str(before))
        if extra == 1:
            expect(my_turn(me)).to_be_visible()
            expect(other.locator("#status .chip.turn")).to_have_text(
                theirs["waiting"].format(name=name)
            )
    expect(other.locator("#status .chip.turn.mine")).to_have_text(theirs["your_turn"])
    expect(passes).to_have_count(passed + 2)
    assert me.errors == []
    assert other.errors == []


@pytest.mark.parametrize(("actor", "watcher"), PAIRS)
def test_the_pick_pocket_is_answered_when_a_phase_opens_and_the_other_page_follows_live(
    signed_in, live_site, actor, watcher
):
    me, other, mine, theirs = pages(signed_in, live_site, "pickpocket", actor, watcher)
    take = live_site["banquet_pickpocket_take"]
    name = NAMES[actor]
    decision = me.get_by_role("group", name=mine["pickpocket"], exact=True)
    expect(me.locator("#status .chip.turn")).to_have_text(mine["your_pickpocket"])
    expect(other.locator("#status .chip.turn")).to_have_text(
        theirs["someone_pickpocket"].format(name=name)
    )
    expect(decision.get_by_role("button", name=mine["not_now"])).to_be_visible()
    expect(decision.get_by_role("button", name=mine["never"])).to_be_visible()
    hand = me.locator(".player.me .hand [data-card]")
    held = hand.count()

    decision.get_by_role("button", name=mine["choose"]).click()
    dialog = me.locator("#card-dialog")
    card = take[LANGUAGE[actor]]
    dialog.get_by_role("group", name=card).first.get_by_role(
        "button", name=mine["take"].format(card=card)
    ).click()

    expect(dialog).not_to_be_visible()
    expect(hand).to_have_count(held)  # the Pick Pocket left, the card came
    expect(
        me.locator(f'.player.me .hand [data-card^="{take["card"].split("#")[0]}#"]')
    ).not_to_have_count(0)
    expect(decision).to_have_count(0)
    expect(other.locator("#log-body")).to_contain_text(
        theirs["pickpocket_log"].format(name=name, card=take[LANGUAGE[watcher]])
    )
    expect(other.locator('#board [data-pile="removed"] .pile-size')).to_have_text("1")
    assert me.errors == []
    assert other.errors == []


@pytest.mark.parametrize(("actor", "watcher"), PAIRS)
def test_a_jester_put_on_a_card_lies_on_it_on_both_pages(signed_in, live_site, actor, watcher):
    me, other, mine, theirs = pages(signed_in, live_site, "jester", actor, watcher)
    jester = live_site["banquet_jester_card"]
    target = live_site["banquet_jester_target"]
    mine_name, their_name = LANGUAGE[actor], LANGUAGE[watcher]
    expect(my_turn(me)).to_be_visible()

    me.locator(f'.player.me .hand [data-card="{jester["card"]}"]').click()
    dialog = me.locator("#card-dialog")
    dialog.get_by_role("button", name=mine["use"].format(card=jester[mine_name])).click()
    dialog.get_by_role("group", name=target[mine_name]).first.get_by_role(
        "button", name=mine["put_on"].format(card=target[mine_name])
    ).click()

    covered = f'.area [data-card="{target["card"]}"]'
    expect(me.locator(f".player.me {covered} .overlay")).to_have_count(1)
    theirs_tile = other.locator(f'.player[data-seat="0"] {covered}')
    expect(theirs_tile).to_contain_text(theirs["lies_on"].format(card=jester[their_name]))
    expect(theirs_tile.locator('.overlay[data-overlay="jester"]')).to_be_visible()
    expect(other.locator("#log-body")).to_contain_text(
        theirs["overlay_log"].format(
            name=NAMES[actor], card=jester[their_name], target=target[their_name]
        )
    )

    theirs_tile.click()  # the card's dialog shows both cards
    shown = other.locator("#card-dialog")
    expect(shown.locator(".cover-list")).to_contain_text(jester[their_name])
    assert violations(other) == []
    assert me.errors == []
    assert other.errors == []


# The purple cards whose use opens a choice of cards, at a 2nd-edition game with Module 1 and
# the Market (tests/browser/seed.py `banquet_choice_tables`): anna plays each from her hand,
# chooses the card it acts on, and dave's page follows. English words: the button she clicks
# and the line dave's log shows, from the seed's facts.
def _rubles(n: int) -> str:
    return f"{n} ruble" if n == 1 else f"{n} rubles"


CHOICES = {
    "away_with_it": (
        "Discard {target_name} from your hand",
        "Anna discards {target_name} from the hand",
    ),
    "black_market": (
        "Take {target_name} into your hand",
        "Anna takes {target_name} from the discard pile",
    ),
    "moocher": (
        "{rubles} ₽ from Dave's {target_name}",
        "Anna scores {rubles_words} of Dave's {target_name} with the Moocher",
    ),
    "money_collector": (
        "Place {target_name} for {price} ₽ (half price)",
        "Anna places {target_name} for half price with the Money Collector: {price_words}",
    ),
}


@pytest.mark.parametrize("key", list(CHOICES))
def test_a_purple_card_is_played_on_a_chosen_card_and_the_other_page_shows_it(
    signed_in, live_site, key
):
    fact = live_site["banquet_choices"][key]
    words = {
        **fact,
        "rubles_words": _rubles(fact.get("rubles", 0)),
        "price_words": _rubles(fact.get("price", 0)),
    }
    button, line = (text.format(**words) for text in CHOICES[key])
    url = f"{live_site['url']}/games/{fact['game']}/"
    anna = open_table(signed_in("anna"), url)
    dave = open_table(signed_in("dave"), url)
    expect(my_turn(anna)).to_be_visible()
    money = my_tally(anna, "money")
    in_hand = anna.locator(f'.player.me .hand [data-card="{fact["card"]}"]')

    in_hand.click()
    dialog = anna.locator("#card-dialog")
    dialog.get_by_role("button", name=f"Use {fact['name']}…").click()
    expect(dialog.get_by_role("heading")).to_have_text(fact["name"])
    choice = dialog.get_by_role("group", name=fact["target_name"], exact=True).first
    choice.get_by_role("button", name=button, exact=True).click()

    expect(dialog).not_to_be_visible()
    expect(in_hand).to_have_count(0)
    expect(dave.locator("#log-body")).to_contain_text(line)
    expect(my_turn(dave)).to_be_visible()
    expect(dave.locator('#board [data-pile="removed"] .pile-size')).to_have_text("1")
    target = fact["target"]
    mine = anna.locator(f'.player.me .hand [data-card="{target}"]')
    if key == "away_with_it":
        expect(mine).to_have_count(0)
    if key == "black_market":
        expect(mine).to_have_count(1)
    if key == "moocher":
        expect(anna.locator(".player.me .tally .money b")).to_have_text(str(money + fact["rubles"]))
    if key == "money_collector":
        expect(
            anna.locator(f'.player.me .area [data-card="{target}"] .collector-chip')
        ).to_have_count(1)
        expect(anna.locator(".player.me .tally .money b")).to_have_text(str(money - fact["price"]))
        theirs = dave.locator(f'.player[data-seat="0"] .area [data-card="{target}"]')
        expect(theirs.locator(".collector-chip")).to_be_visible()
        theirs.click()  # the card's dialog says what the chip means
        expect(dave.locator("#card-dialog .cover-list")).to_contain_text(
            "Placed with the Money Collector: this card never scores points"
        )
    assert anna.errors == []
    assert dave.errors == []
