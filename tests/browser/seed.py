"""Seeds the browser tests' database through the real services; prints the ids as JSON.

Run by the browser fixture in a subprocess with the browser database's environment:
    python -m tests.browser.seed            (seeds, prints the ids and facts)
    python -m tests.browser.seed ratings    (prints the ratings pages' facts as they are now)
    python -m tests.browser.seed notifications    (boris's notices page as it is now)
"""

import functools
import json
import os
import random
import sys
from collections import Counter

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stpete_site.settings")
django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from games import actionlog, rules, services  # noqa: E402
from games.models import AnalysisStatus, Game, GameAnalysis, Seat  # noqa: E402
from games.rules.ledger import part_of  # noqa: E402
from games.services import chat, lobby  # noqa: E402
from games.services.analysis import analysis_run  # noqa: E402
from tests.browser import seed_modules  # noqa: E402
from tests.web.games.conftest import play_until  # noqa: E402

PASSWORD = "browser-test-password"
MEMBERS = [
    ("anna", "Anna", "en"),
    ("boris", "Boris", "de"),
    ("carol", "Carol", "en"),
    ("dave", "Dave", "en"),
]


def member(username: str, shown: str, language: str):
    user = get_user_model().objects.create_user(
        username=username,
        email=f"{username}@example.com",
        password=PASSWORD,
        display_name=shown,
        language=language,
        time_zone="Europe/Berlin",
    )
    return user


def scripted_moves(options: dict, seed: int, *, reached, wants: str = "", limit: int = 400):
    """The moves from the deal of `seed` until `reached(state)`: seat 0 buys the card type it
    `wants` as soon as it can, otherwise everybody plays greedy; None if never reached."""
    state, moves = rules.new_game(options, seed), []
    for version in range(limit):
        if reached(state):
            return moves
        if rules.is_over(state):
            return None
        seat = sorted(rules.to_act(state))[0]
        legal = rules.legal_moves(state, seat)
        wanted = [m for m in legal if m.kind == "buy" and m.card.split("#")[0] == wants]
        move = wanted[0] if seat == 0 and wanted else rules.greedy_bot(state, seat, version)
        state, _events = rules.apply_move(state, seat, move)
        moves.append((seat, move.to_dict()))
    return None


@functools.cache
def quickest_deal(reached, wants: str, expansions: tuple = ()) -> tuple[int, list]:
    """Of the first 40 seeds of a 2-player game (1st edition, with the `expansions` options as
    (key, value) pairs), the one that gets to `reached` in the fewest moves, and those moves."""
    options = {"edition": "1st", "players": 2, **dict(expansions)}
    found = {n: scripted_moves(options, n, reached=reached, wants=wants) for n in range(1, 41)}
    seed = min((n for n in found if found[n] is not None), key=lambda n: len(found[n]))
    return seed, found[seed]


def table_at(host, guest, title: str, *, reached, wants: str = "", expansions=()) -> Game:
    """A two-player game (host at seat 0) played through the services into the position
    `reached`, from the seed (of the first 40) that gets there in the fewest moves."""
    seed, moves = quickest_deal(reached, wants, expansions)
    lobby.draw_seed = lambda: seed
    game = services.game_create(
        host=host, title=title, edition="1st", seats=2, days_per_move=3, is_public=True,
        options=dict(expansions),
    )  # fmt: skip
    services.seat_join(game_id=game.pk, user=guest)
    game.refresh_from_db()
    for seat, move in moves:
        user = Seat.objects.get(game=game, position=seat).user
        services.move_submit(game_id=game.pk, user=user, move=move, expected_version=game.version)
        game.refresh_from_db()
    return game


def both_bought_and_seat_0_buys_again(state) -> bool:
    """Both players have a card in their area, and it is seat 0's turn in the phase's actions
    again (the log has lines, the next buy is hers and after it his)."""
    return (
        state.step == "actions"
        and not state.decisions
        and rules.to_act(state) == (0,)
        and all(player.area for player in state.players)
    )


def side_column_table(users) -> dict:
    """Anna and Boris a few moves in, with a line in the chat: the side column arrives with the
    page (tests/browser/test_live.py)."""
    game = table_at(
        users["anna"], users["boris"], "Side by side", reached=both_bought_and_seat_0_buys_again
    )
    chat.chat_post(game_id=game.pk, user=users["boris"], text="Your move, Anna.")
    return {"side": game.pk}


def may_use_the_observatory(state) -> bool:
    moves = rules.legal_moves(state, 0) if state.step == "actions" else []
    return any(m.kind == "observatory" for m in moves)


def decides_in_the_pub(state) -> bool:
    """Seat 0's Pub decision, with at least 2 points affordable."""
    return (
        state.step == "pub" and rules.to_act(state) == (0,) and len(rules.legal_moves(state, 0)) > 2
    )


def owns_the_czar_and_carpenter(state) -> bool:
    """Seat 0 has the Czar and Carpenter (five worker symbols under a two-line name) in its
    area, and nobody has a decision to make."""
    return not state.decisions and any(
        c.split("#")[0] == "czar_and_carpenter" for c in state.players[0].area
    )


def ends_when_seat_0_passes(state) -> bool:
    """Seat 0 alone to act, and its pass ends the game."""
    if rules.is_over(state) or rules.to_act(state) != (0,):
        return False
    if rules.Move("pass") not in rules.legal_moves(state, 0):
        return False
    return rules.is_over(rules.apply_move(state, 0, rules.Move("pass"))[0])


MARKET_OPTIONS = {"edition": "2nd", "players": 3, "market": True}


def owns_a_crate(state, seat: int) -> bool:
    cards = state.rules.cards
    return any(cards[c].ability.key == "market_crate" for c in state.players[seat].area)


def before_the_market_scoring(state) -> bool:
    """The market phase: seat 0 owns an orange card and is to act, the others (no orange
    card) pass for the rest of the phase - seat 0's pass brings the market scoring."""
    return (
        state.phase == "market"
        and state.step == "actions"
        and rules.to_act(state) == (0,)
        and owns_a_crate(state, 0)
        and not any(owns_a_crate(state, seat) for seat in (1, 2))
        and all(state.players[seat].standing == "phase" for seat in (1, 2))
    )


def market_moves(seed: int, limit: int = 300) -> list | None:
    """Seat 0 buys the first orange card it can; once it has one, the others pass for the
    market phase; otherwise greedy moves."""
    state, moves = rules.new_game(MARKET_OPTIONS, seed), []
    for version in range(limit):
        if before_the_market_scoring(state):
            return moves
        if rules.is_over(state):
            return None
        seat = sorted(rules.to_act(state))[0]
        legal = rules.legal_moves(state, seat)
        crates = [
            m
            for m in legal
            if m.kind == "buy" and state.rules.cards[m.card].ability.key == "market_crate"
        ]
        passing = state.phase == "market" and owns_a_crate(state, 0) and not state.decisions
        if seat == 0 and crates and not owns_a_crate(state, 0):
            move = crates[0]
        elif seat != 0 and passing:
            move = rules.Move("pass", until="phase")
        else:
            move = rules.greedy_bot(state, seat, version)
        state, _events = rules.apply_move(state, seat, move)
        moves.append((seat, move.to_dict()))
    return None


def market_table(users) -> dict:
    """anna, boris and carol at a Market game, just before its first market scoring, and what
    the table must show once anna passes and pays her orange card's upkeep."""
    found = {n: market_moves(n) for n in range(1, 21)}
    seed = min((n for n in found if found[n] is not None), key=lambda n: len(found[n]))
    lobby.draw_seed = lambda: seed
    game = services.game_create(
        host=users["anna"], title="Market day", edition="2nd", seats=3, days_per_move=3,
        is_public=True, options={"market": True},
    )  # fmt: skip
    for name in ("boris", "carol"):
        services.seat_join(game_id=game.pk, user=users[name])
    game.refresh_from_db()
    for seat, move in found[seed]:
        user = Seat.objects.get(game=game, position=seat).user
        services.move_submit(game_id=game.pk, user=user, move=move, expected_version=game.version)
        game.refresh_from_db()
    state = rules.GameState.from_dict(game.state)
    before = rules.player_view(state, 0)["market"]
    crate = next(c for c in state.players[0].area if c.startswith("market_"))
    state, _ = rules.apply_move(state, 0, {"kind": "pass"})
    price = state.decisions[0].data["price"]
    state, _ = rules.apply_move(state, 0, {"kind": "upkeep", "keep": True})
    after = rules.player_view(state, 0)["market"]
    return {
        "market": game.pk,
        "market_crate": crate,
        "market_price": price,
        "market_positions": before["positions"][0],
        "market_firsts": [g for g in after["goods"] if 0 in after["places"][g]["first"]],
        "market_money": state.players[0].money,
        "market_points": state.players[0].points,
    }


ROUND_KINDS = {"buy", "take", "play", "pass", "upkeep"}  # what the round's test clicks


def _offered(state, seat: int, move) -> dict:
    """`move` as the seat's view offers it (with its price), the way the page's buttons read it."""
    wanted = move.to_dict()
    return next(
        m
        for m in rules.player_view(state, seat)["moves"]
        if all(m.get(key) == value for key, value in wanted.items())
    )


def _round_move(state, seat: int, version: int):
    """Round 2's moves: anna keeps her orange card at the upkeep and displaces a card with a
    trading card whenever she can; otherwise greedy moves."""
    legal = rules.legal_moves(state, seat)
    if seat == 0:
        keep = [m for m in legal if m.kind == "upkeep" and m.to_dict().get("keep")]
        trades = [m for m in legal if m.to_dict().get("displace")]
        if keep or trades:
            return (keep or trades)[0]
    return rules.greedy_bot(state, seat, version)


def market_round_moves(seed: int) -> tuple[list, list] | None:
    """Round 1 as `market_moves` plays it until seat 0 owns an orange card (the others do not
    pass for the phase), then round 2 as `_round_move` plays it: (round 1's moves, round 2's
    moves with the view's form of each), or None unless round 2 has only moves the test
    clicks, an upkeep decision of anna's, a trading card displacing one, and a card bought in
    every phase."""
    state, before = rules.new_game(MARKET_OPTIONS, seed), []
    for version in range(300):
        if state.round == 2 or rules.is_over(state):
            break
        seat = sorted(rules.to_act(state))[0]
        legal = rules.legal_moves(state, seat)
        crates = [
            m
            for m in legal
            if m.kind == "buy" and state.rules.cards[m.card].ability.key == "market_crate"
        ]
        move = crates[0] if seat == 0 and crates else rules.greedy_bot(state, seat, version)
        state, _events = rules.apply_move(state, seat, move)
        before.append((seat, move.to_dict()))
    if state.round != 2 or not owns_a_crate(state, 0):
        return None
    steps = []
    for version in range(len(before), len(before) + 200):
        if state.round == 3 or rules.is_over(state):
            break
        seat = sorted(rules.to_act(state))[0]
        move = _round_move(state, seat, version)
        offered = _offered(state, seat, move)
        phase = state.phase
        state, _events = rules.apply_move(state, seat, move)
        steps.append({"seat": seat, "move": offered, "phase": phase})
    kinds = {step["move"]["kind"] for step in steps}
    bought_in = {step["phase"] for step in steps if step["move"]["kind"] == "buy"}
    if (
        state.round != 3
        or not kinds <= ROUND_KINDS
        or not any(s["seat"] == 0 and s["move"]["kind"] == "upkeep" for s in steps)
        or not any(s["move"].get("displace") for s in steps)
        or not {"worker", "market", "building", "aristocrat"} <= bought_in
    ):
        return None
    return before, steps


def _labels(state_before, step: dict, language: str) -> dict:
    """What the acting page shows for a step's move: its button's words, the phase chip after."""
    from django.utils import translation

    from games.texts.table import table_strings

    move, cards = step["move"], state_before.rules.cards
    with translation.override(language):
        words = table_strings()
    name = f"name_{language}"
    label = ""
    if move["kind"] in ("buy", "play"):
        label = words[f"{move['kind']}_for"].replace("{price}", str(move["price"]))
        if move.get("displace"):
            label += words["replacing"].replace("{card}", getattr(cards[move["displace"]], name))
    elif move["kind"] == "take":
        label = words["take"]
    elif move["kind"] == "upkeep":
        pending = state_before.decisions[0].data
        label = (
            words["upkeep_pay"].replace("{price}", str(pending["price"]))
            if move["keep"]
            else words["upkeep_give_up"]
        )
    return {"label": label, "upkeep": words["decision_upkeep"], "phases": words}


def market_round_table(users) -> dict:
    """anna, boris and carol at a Market game at the start of round 2, anna with an orange
    card; round 2's moves to click, each with its button's words in the acting member's
    language and the phase chip's words after it on every page; the ∑ table's market column
    after the round."""
    seed, (before, steps) = next(
        (n, found) for n in range(1, 41) if (found := market_round_moves(n)) is not None
    )
    lobby.draw_seed = lambda: seed
    game = services.game_create(
        host=users["anna"], title="A round at the market", edition="2nd", seats=3,
        days_per_move=3, is_public=True, options={"market": True},
    )  # fmt: skip
    for name in ("boris", "carol"):
        services.seat_join(game_id=game.pk, user=users[name])
    game.refresh_from_db()
    for seat, move in before:
        user = Seat.objects.get(game=game, position=seat).user
        services.move_submit(game_id=game.pk, user=user, move=move, expected_version=game.version)
        game.refresh_from_db()
    languages = {seat: lang for seat, (_u, _s, lang) in enumerate(MEMBERS[:3])}
    state = rules.GameState.from_dict(game.state)
    clicks = []
    for step in steps:
        words = _labels(state, step, languages[step["seat"]])
        wire = {k: v for k, v in step["move"].items() if k != "price"}
        state, _events = rules.apply_move(state, step["seat"], wire)
        phase_after = {}
        for language in ("en", "de"):
            phase_after[language] = _labels(state, {"move": {"kind": "pass"}}, language)["phases"][
                f"phase_{state.phase}"
            ]
        clicks.append(
            {
                "seat": step["seat"],
                "move": step["move"],
                "label": words["label"],
                "upkeep": words["upkeep"],
                "phase_after": phase_after,
            }
        )
    return {
        "market_round": game.pk,
        "market_round_clicks": clicks,
        "market_round_summary": market_summary(state),
    }


# The market value tiles by round (expansions.md Appendix A.3), from round 6 on the last.
VALUE_TILES = ((1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3))


def market_summary(state) -> list[dict]:
    """Each seat's ∑ market and upkeep figures worked out here from the areas, not read from the
    view: the yellow cards' rubles; the majorities at the round's tile (positions of at least 1;
    tied firsts all score the first number and nobody the second; tied seconds all score the
    second); the tile's first number per orange card, every orange card kept (yucata)."""
    cards, goods_of = state.rules.cards, state.rules.catalogue.goods
    jokers = state.records.get("market", {}).get("jokers", {})
    first_value, second_value = VALUE_TILES[min(state.round, 6) - 1]
    counts = []
    for player in state.players:
        held = Counter()
        for c in player.area:
            for good in goods_of.get(c, ()):
                if good == "joker":
                    good = jokers.get(c)
                if good:
                    held[good] += 1
        counts.append(held)
    points = [0] * state.n
    for good in ("grain", "chicken", "apple", "cabbage", "fish"):
        held = {seat: n[good] for seat, n in enumerate(counts) if n[good] >= 1}
        top = max(held.values(), default=0)
        firsts = [seat for seat, n in held.items() if n == top]
        rest = [n for n in held.values() if n < top]
        seconds = (
            [] if len(firsts) > 1 or not rest else [s for s, n in held.items() if n == max(rest)]
        )
        for seat in firsts:
            points[seat] += first_value
        for seat in seconds:
            points[seat] += second_value
    return [
        {
            "rubles": sum(cards[c].rubles for c in player.area if cards[c].color == "market"),
            "points": points[seat],
            "upkeep": first_value
            * sum(1 for c in player.area if cards[c].ability.key == "market_crate"),
        }
        for seat, player in enumerate(state.players)
    ]


def market_joker_table(users) -> dict:
    """anna, boris and carol at a Market game in which a '?' card has just been covered with a
    good's tile (seat 0 buys the Czar & Carpenter when it can, otherwise greedy moves; of the
    first ten deals the quickest): the card, its owner, the good, and the tile's words."""
    from django.utils import translation

    from games.texts.table import table_strings

    options = {**MARKET_OPTIONS}

    def covered(state) -> bool:
        return bool(state.records.get("market", {}).get("jokers")) and not state.decisions

    found = {
        n: scripted_moves(options, n, reached=covered, wants="czar_and_carpenter")
        for n in range(1, 11)
    }
    seed = min((n for n in found if found[n] is not None), key=lambda n: len(found[n]))
    lobby.draw_seed = lambda: seed
    game = services.game_create(
        host=users["anna"], title="A '?' at the market", edition="2nd", seats=3,
        days_per_move=3, is_public=True, options={"market": True},
    )  # fmt: skip
    for name in ("boris", "carol"):
        services.seat_join(game_id=game.pk, user=users[name])
    game.refresh_from_db()
    for seat, move in found[seed]:
        user = Seat.objects.get(game=game, position=seat).user
        services.move_submit(game_id=game.pk, user=user, move=move, expected_version=game.version)
        game.refresh_from_db()
    state = rules.GameState.from_dict(game.state)
    card, good = next(iter(state.records["market"]["jokers"].items()))
    owner = next(seat for seat, p in enumerate(state.players) if card in p.area)
    words = {}
    for language in ("en", "de"):
        with translation.override(language):
            strings = table_strings()
        words[language] = strings["joker_is"].replace("{good}", strings[good])
    return {
        "market_joker": game.pk,
        "market_joker_card": card,
        "market_joker_seat": owner,
        "market_joker_good": good,
        "market_joker_words": words,
    }


def end_screen(game) -> tuple[list[str], list[list]]:
    """The end screen's table of a finished game as the engine's ledger gives it: the keys of
    its parts in column order (rules.score_sheet), and best first each row's cells as shown -
    rank, name (crowned), total, the points of each part summed from the game's ledger
    entries, rubles left. The events come from replaying the log."""
    state, events = rules.new_game_with_events(game.options, game.seed)
    for entry in actionlog.effective_moves(game):
        state, new = rules.apply_move(state, entry["seat"], entry["move"])
        events += new
    keys = [part["key"] for part in rules.score_sheet(state, events)["parts"]]
    ledger = rules.ledger_breakdown(events)
    names = {seat.position: seat.user.display_name for seat in game.seat_set.all()}
    rows = []
    for row in sorted(rules.final_scores(state), key=lambda r: (r["rank"], r["seat"])):
        points = Counter()
        for source, amount in ledger[row["seat"]].items():
            points[part_of(source)] += amount["points"]
        name = names[row["seat"]] + (" ♛" if row["winner"] else "")
        rows.append(
            [row["rank"], name, row["total"], *(points[k] for k in keys), row["money_left"]]
        )
    return keys, rows


def finished_market_game(users) -> dict:
    """anna and dave's Market game played to its end (dave's player page is not counted by
    any test); the end screen's rows as the engine scores them, with the market's points."""
    lobby.draw_seed = lambda: 7
    game = services.game_create(
        host=users["anna"], title="The market closes", edition="2nd", seats=2,
        days_per_move=3, is_public=True, options={"market": True},
    )  # fmt: skip
    services.seat_join(game_id=game.pk, user=users["dave"])
    game.refresh_from_db()
    play_until(game, lambda g: False)
    game.refresh_from_db()
    parts, rows = end_screen(game)
    return {
        "market_finished": game.pk,
        "market_finished_parts": parts,
        "market_finished_scores": rows,
    }


FIVE_NEW_SOCIETY = {"edition": "1st", "players": 5, "new_society": "full"}
ANNA_COLLECTS = ("debtors_prison", "trading_house", "sycophant")  # her round's three cards


def next_game_id() -> int:
    """The id PostgreSQL gives the next game (the seed script is the database's only writer),
    so that the bots' choices (games.services.bots.bot_seed) are known before it is created."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [Game._meta.db_table])
        (sequence,) = cursor.fetchone()
        cursor.execute(f"SELECT last_value, is_called FROM {sequence}")  # noqa: S608 (its own name)
        last, called = cursor.fetchone()
    return last + 1 if called else last


def _owns(state, seat: int, kind: str) -> bool:
    return any(c.split("#")[0] == kind for c in state.players[seat].area)


def _collecting(state, version: int):
    """anna's moves before her round: she buys (or plays) the Debtor's Prison, the Trading
    House and a Sycophant as soon as she can, takes one into her hand when she cannot pay it
    yet, and otherwise plays as the greedy bot does."""
    legal = rules.legal_moves(state, 0)
    missing = [kind for kind in ANNA_COLLECTS if not _owns(state, 0, kind)]
    hand = {c.split("#")[0] for c in state.players[0].hand}
    for kinds, wanted in (({"buy", "play"}, missing), ({"take"}, set(missing) - hand)):
        for move in legal:
            if move.kind in kinds and move.card.split("#")[0] in wanted and not move.displace:
                return move
    return rules.greedy_bot(state, 0, version)


def _played_as_the_server_plays(state, version: int, game_id: int, anna):
    """The next move: the bot with the lowest seat to act, as the server chooses it (its seed
    from the game's id and version), else `anna(state, version)` (None: not a move of hers)."""
    bots = [seat for seat in sorted(rules.to_act(state)) if seat != 0]
    if bots:
        seed = services.bot_seed(game_id=game_id, version=version, position=bots[0])
        return bots[0], rules.greedy_bot(state, bots[0], seed)
    return 0, anna(state, version)


def _may_fetch_with_all_three(state) -> bool:
    """anna's turn in a building phase, owning her three cards, her Prison able to take a card."""
    if state.phase != "building" or state.step != "actions" or rules.to_act(state) != (0,):
        return False
    if not all(_owns(state, 0, kind) for kind in ANNA_COLLECTS):
        return False
    moves = rules.legal_moves(state, 0)
    return any(m.kind == "prison" and m.get("then") == "take" for m in moves)


def _her_round(state, start: int, game_id: int):
    """What the browser test does from `state` on, played out: anna takes the first card her
    Prison offers into her hand, passes for the rest of the building phase, pays 3 rubles at
    her Trading House, and at her first turn of the aristocrat phase may give up a Sycophant.
    The fetched card, or None if anything else comes her way first."""
    take = next(
        m for m in rules.legal_moves(state, 0) if m.kind == "prison" and m.get("then") == "take"
    )
    state, _events = rules.apply_move(state, 0, take)
    paid = False

    def anna(state, version):
        nonlocal paid
        legal = rules.legal_moves(state, 0)
        if state.phase == "building" and state.step == "actions":
            return next(m for m in legal if m.kind == "pass" and m.until == "phase")
        if state.step == "trading_house" and not paid:
            paid = True
            return next((m for m in legal if m.kind == "trading_house" and m.get("use")), None)
        return None

    for version in range(start + 1, start + 400):
        if rules.is_over(state):
            return None
        if state.phase == "aristocrat" and state.step == "actions" and rules.to_act(state) == (0,):
            moves = rules.legal_moves(state, 0)
            return take.card if paid and any(m.kind == "discard_sycophant" for m in moves) else None
        seat, move = _played_as_the_server_plays(state, version, game_id, anna)
        if move is None or move not in rules.legal_moves(state, seat):
            return None
        state, _events = rules.apply_move(state, seat, move)
    return None


def _deal_to_her_round(seed: int, game_id: int):
    """anna's moves from the deal of `seed` (she at seat 0, four greedy bots) to her round,
    the position there and the card she fetches in it; None if the game never gets there."""
    state, anna_moves = rules.new_game(FIVE_NEW_SOCIETY, seed), []
    for version in range(1500):
        if rules.is_over(state):
            return None
        if _may_fetch_with_all_three(state):
            fetched = _her_round(state, version, game_id)
            if fetched is not None:
                return anna_moves, state, fetched
        seat, move = _played_as_the_server_plays(state, version, game_id, _collecting)
        if seat == 0:
            anna_moves.append(move.to_dict())
        state, _events = rules.apply_move(state, seat, move)
    return None


def five_player_round(anna) -> dict:
    """A five-player New Society game anna creates with the lobby's form (as games.views.
    game_new passes it to the service: four greedy bots), played by a scripted deal to anna's
    turn in the building phase of the round in which she fetches a card with her Debtor's
    Prison, answers her Trading House and gives up a Sycophant (tests/browser/
    test_new_society.py clicks those). Its bots play through the real services, as on the
    live site; the deal is the first seed whose game gets there."""
    from games.forms import GameCreateForm

    game_id = next_game_id()
    seed, (moves, position, fetched) = next(
        (n, found) for n in range(1, 400) if (found := _deal_to_her_round(n, game_id))
    )
    form = GameCreateForm(
        {"title": "Five in good company", "edition": "1st", "seats": 5, "days_per_move": 3,
         "visibility": "public", "bots": 4, "bot_kind": "greedy", "new_society": "full",
         "timeout_policy": ""}
    )  # fmt: skip
    assert form.is_valid(), form.errors
    data = form.cleaned_data
    drawn, lobby.draw_seed = lobby.draw_seed, lambda: seed
    game = services.game_create(
        host=anna, title=data["title"], edition=data["edition"], seats=data["seats"],
        days_per_move=data["days_per_move"], is_public=data["visibility"] == "public",
        bots=[data["bot_kind"]] * data["bots"], pause_weekends=data["pause_weekends"],
        timeout_policy=data["timeout_policy"], options=form.chosen_options(),
    )  # fmt: skip
    lobby.draw_seed = drawn
    assert game.pk == game_id, "another game was created meanwhile: the bots chose differently"
    for move in moves:  # the bots answer each of anna's moves at once (eager Celery)
        game.refresh_from_db()
        services.move_submit(game_id=game.pk, user=anna, move=move, expected_version=game.version)
    game.refresh_from_db()
    assert game.state == position.to_dict(), "the bots played otherwise than the deal was chosen by"
    cards = position.rules.cards
    return {"five_round": game.pk, "five_round_fetch": cards[fetched].name_en}


def new_society_tables(users) -> dict:
    """anna's New Society tables: a five-player game in which she fetches, answers her
    Trading House and gives up a Sycophant; a five-player table (anna and four bots)
    waiting for her; her duel with dave at her Guild Hall's split."""
    anna = users["anna"]
    five = services.game_create(
        host=anna, title="Five at the table", edition="1st", seats=5, days_per_move=3,
        is_public=True, bots=["greedy"] * 4, options={"new_society": "full"},
    )  # fmt: skip
    return {"five": five.pk, **five_player_round(anna), **guild_hall_table(users)}


def _wool_cards(state) -> list[str]:
    """Cards with the wool symbol (what a Textile Factory counts) in seat 0's area or a row."""
    cards = state.rules.cards
    seen = (*state.players[0].area, *state.upper, *state.lower)
    return [c for c in seen if "wool" in cards[c].symbols]


def splits_her_guild_hall(state) -> bool:
    """Seat 0's turn in a building phase, owning a Guild Hall (its split offered), with a wool
    card in her area or on the board."""
    if state.step != "actions" or rules.to_act(state) != (0,) or not _wool_cards(state):
        return False
    return any(m.kind == "guild_hall_plan" for m in rules.legal_moves(state, 0))


def guild_hall_table(users) -> dict:
    """anna (with a Guild Hall) and dave at a New Society game, at her turn in a building
    phase: her split as it stands, and a card type with the wool symbol on her table."""
    game = table_at(
        users["anna"], users["dave"], "The Guild Hall's share", wants="guild_hall",
        reached=splits_her_guild_hall, expansions=(("new_society", "full"),),
    )  # fmt: skip
    state = rules.GameState.from_dict(game.state)
    return {
        "guild_hall": game.pk,
        "guild_hall_points": state.players[0].plans.get("guild_hall", 4),
        "guild_hall_wool": _wool_cards(state)[0].split("#")[0],
    }


BANQUET = {"edition": "2nd", "banquet": True}  # Module 1 without the Market


def _held(state, seat: int, key: str) -> list[str]:
    """The purple cards with ability `key` in the seat's hand."""
    cards = state.rules.cards
    return [c for c in state.players[seat].hand if cards[c].ability.key == key]


def _banquet_move(state, seat: int, version: int, wants: str):
    """Seat 0 takes the first purple card with ability `wants` it sees; otherwise greedy moves,
    but nobody takes or uses another purple card, and a Pick Pocket is declined."""
    legal = rules.legal_moves(state, seat)
    cards = state.rules.cards
    if state.decisions and state.decisions[0].kind == "pickpocket":
        return next(m for m in legal if m.kind == "pickpocket" and not m.get("use"))
    if seat == 0 and not _held(state, 0, wants):
        wanted = [m for m in legal if m.kind == "take" and cards[m.card].ability.key == wants]
        if wanted:
            return wanted[0]
    move = rules.greedy_bot(state, seat, version)
    purple = move.kind == "take" and cards[move.card].special
    if purple or move.kind in ("special", "pickpocket_plan"):
        return rules.Move("pass")
    return move


def _may_use(key: str):
    def reached(state) -> bool:
        if state.decisions or rules.to_act(state) != (0,) or state.step != "actions":
            return False
        cards = state.rules.cards
        return any(
            m.kind == "special" and cards[m.card].ability.key == key
            for m in rules.legal_moves(state, 0)
        )

    return reached


def _asked_about_the_pick_pocket(state) -> bool:
    """Seat 0 is asked when a phase opens, and may take a card with its Pick Pocket."""
    return (
        bool(state.decisions)
        and state.decisions[0].kind == "pickpocket"
        and state.decisions[0].seat == 0
        and any(m.get("then") == "take" for m in rules.legal_moves(state, 0))
    )


BANQUET_POSITIONS = {
    "double_turn": _may_use("double_turn"),
    "pickpocket": _asked_about_the_pick_pocket,
    "jester": _may_use("jester"),
}


# The purple cards whose use opens a choice of cards (tests/browser/test_banquet_choices.py):
# at a game with the Market, so that the Moocher and the Money Collector are in it too.
CHOICE_CARDS = ("black_market", "moocher", "money_collector", "away_with_it")


@functools.cache
def banquet_deal(wants: str, market: bool = False) -> tuple[int, list]:
    """The first seed (of 40) of a 2-player Module 1 game (with the Market if `market`) where
    seat 0 comes to the position `BANQUET_POSITIONS[wants]` (else: it may use that card)
    holding that purple card (taken on an earlier turn), and the moves to it."""
    reached = BANQUET_POSITIONS.get(wants) or _may_use(wants)
    options = {**BANQUET, "players": 2, "market": market}
    for seed in range(1, 41):
        state, moves = rules.new_game(options, seed), []
        for version in range(300):
            if reached(state):
                return seed, moves
            if rules.is_over(state):
                break
            seat = sorted(rules.to_act(state))[0]
            move = _banquet_move(state, seat, version, wants)
            state, _events = rules.apply_move(state, seat, move)
            moves.append((seat, move.to_dict()))
    raise LookupError(f"no deal brings seat 0 to use its {wants}")


def banquet_table(host, guest, wants: str, market: bool = False) -> Game:
    """host (seat 0) and guest at a Module 1 game (with the Market if `market`), played
    through the services until the host may use the purple card `wants`."""
    seed, moves = banquet_deal(wants, market)
    lobby.draw_seed = lambda: seed
    game = services.game_create(
        host=host, title=f"The Banquet: {wants} ({host.username})", edition="2nd", seats=2,
        days_per_move=3, is_public=True, options={"banquet": True, "market": market},
    )  # fmt: skip
    services.seat_join(game_id=game.pk, user=guest)
    game.refresh_from_db()
    for seat, move in moves:
        user = Seat.objects.get(game=game, position=seat).user
        services.move_submit(game_id=game.pk, user=user, move=move, expected_version=game.version)
        game.refresh_from_db()
    return game


def _names(state, instance: str) -> dict:
    card = state.rules.cards[instance]
    return {"en": card.name_en, "de": card.name_de}


def banquet_tables(users) -> dict:
    """For each of the Double Turn, the Pick Pocket and the Jester: a table where anna (seat 0,
    English) may use it with boris (German) watching, and the same table with boris acting and
    anna watching; with the cards the tests act on."""
    facts: dict = {}
    for wants in BANQUET_POSITIONS:
        tables = {
            name: banquet_table(users[name], users[other], wants).pk
            for name, other in (("anna", "boris"), ("boris", "anna"))
        }
        facts[f"banquet_{wants}"] = tables
        state = rules.GameState.from_dict(Game.objects.get(pk=tables["anna"]).state)
        legal = rules.legal_moves(state, 0)
        if wants == "pickpocket":
            cards = state.rules.cards
            take = next(m for m in legal if m.get("then") == "take" and not cards[m.card].special)
            facts["banquet_pickpocket_take"] = {"card": take.card, **_names(state, take.card)}
        else:
            use = next(m for m in legal if m.kind == "special" and m.card in _held(state, 0, wants))
            facts[f"banquet_{wants}_card"] = {"card": use.card, **_names(state, use.card)}
            if use.get("target"):
                target = use.get("target")
                facts[f"banquet_{wants}_target"] = {"card": target, **_names(state, target)}
    return facts


def _chosen_use(state, key: str):
    """The use of seat 0's purple card `key` that the browser test clicks: the Black Market
    takes a card into the hand, the Moocher takes rubles, the Money Collector displaces
    nothing; otherwise the first one offered."""
    cards = state.rules.cards
    uses = [
        m
        for m in rules.legal_moves(state, 0)
        if m.kind == "special" and cards[m.card].ability.key == key
    ]
    preferred = {
        "black_market": lambda m: m.get("then") == "take",
        "moocher": lambda m: m.get("gain") == "rubles",
        "money_collector": lambda m: m.displace is None,
    }.get(key, lambda m: True)
    return next(m for m in uses if preferred(m))


def banquet_choice_tables(users) -> dict:
    """For each purple card whose use opens a choice of cards (CHOICE_CARDS): anna (seat 0) at
    a 2nd-edition game with Module 1 and the Market, at her turn holding it, with dave
    watching; the use the test clicks, in English words' parts."""
    facts = {}
    for key in CHOICE_CARDS:
        game = banquet_table(users["anna"], users["dave"], key, market=True)
        state = rules.GameState.from_dict(game.state)
        use = _chosen_use(state, key)
        target = use.get("target")
        fact = {
            "game": game.pk,
            "card": use.card,
            "name": state.rules.cards[use.card].name_en,
            "target": target,
            "target_name": state.rules.cards[target].name_en,
        }
        if key == "moocher":
            owner = next(n for n, p in enumerate(state.players) if target in p.area)
            fact["rubles"] = rules.player_view(state, 0)["banquet"]["values"][target][0]
            fact["owner"] = owner
        if key == "money_collector":
            fact["price"] = next(
                m["price"]
                for m in rules.player_view(state, 0)["moves"]
                if m["kind"] == "special" and m.get("target") == target and not m.get("displace")
            )
        facts[key] = fact
    return {"banquet_choices": facts}


def pub_in_german(users) -> dict:
    """boris (German) at the Pub decision of his duel with dave, as anna is at hers."""
    game = table_at(
        users["boris"], users["dave"], "Ein Abend im Pub", wants="pub", reached=decides_in_the_pub
    )
    return {"pub_de": game.pk}


def polish_tables(users) -> dict:
    """Tables of their own for the site tests that change them: carol and dave's duel for the
    chat (lines written, refused, hidden), carol's private table whose invitation a member
    follows through the login, and anna's Observatory for the accessibility scan of its
    dialog (tests/browser/test_site_pages.py, test_accessibility.py)."""
    chat = services.game_create(
        host=users["carol"], title="Carol and Dave talk", edition="1st", seats=2,
        days_per_move=3, is_public=True,
    )  # fmt: skip
    services.seat_join(game_id=chat.pk, user=users["dave"], first=users["carol"])
    private = services.game_create(
        host=users["carol"], title="Carol's private table", edition="1st", seats=2,
        days_per_move=3, is_public=False,
    )  # fmt: skip
    observatory = table_at(
        users["anna"], users["carol"], "A look through the Observatory", wants="observatory",
        reached=may_use_the_observatory,
    )  # fmt: skip
    return {
        "chat": chat.pk,
        "invitation_for_anna": f"/games/join/{private.invite_token}",
        "invitation_for_anna_title": private.title,
        "observatory_to_scan": observatory.pk,
    }


def notification_facts() -> dict:
    """Boris's notifications page as it must read now (earlier browser tests add notices):
    his latest notices, identical ones within a minute as one row, with their counts."""
    from games import selectors

    boris = get_user_model().objects.get(username="boris")
    return {"boris_notice_counts": [line.count for line in selectors.notifications_for_user(boris)]}


def rated_games(users) -> dict:
    """Two more finished duels (boris against dave, carol against boris), rated as every
    finished game is after its commit."""
    games = [
        table_at(users[host], users[guest], title, reached=rules.is_over)
        for host, guest, title in (
            ("boris", "dave", "Boris against Dave"),
            ("carol", "boris", "Carol against Boris"),
        )
    ]
    return {"rated_games": [game.pk for game in games]}


def rating_facts() -> dict:
    """The leaderboard's rows and carol's player page facts as the pages must show them now:
    read when a test asks, since earlier browser tests may have finished (and so rated) more
    games since the seeding."""
    from games import standings
    from games.templatetags.ratings import rating

    _page, rows = standings.table_page(standings.all_time_table("all"), 1)
    carol = get_user_model().objects.get(username="carol")
    finished = Seat.objects.filter(game__seat_set__user=carol, game__status="finished")
    rivals = Counter(
        seat.user.display_name for seat in finished.exclude(user=carol).select_related("user")
    )
    return {
        "leaderboard": [
            [str(row.place), row.name, rating(row.rating), str(row.games), str(row.wins)]
            for row in rows
        ],
        "carol": {
            "id": carol.pk,
            "rating": rating(next(row.rating for row in rows if row.user_id == carol.pk)),
            "rated_games": next(row.games for row in rows if row.user_id == carol.pk),
            # The recent games list her last ten finished games, rated or not.
            "recent_games": min(10, finished.filter(user=carol).count()),
            # Head to head: most games together first, then by name.
            "rivals": sorted(rivals, key=lambda name: (-rivals[name], name.lower())),
        },
    }


def main() -> None:
    rng = random.Random(4242)
    lobby.draw_seed = lambda: rng.getrandbits(63)
    lobby.draw_seating = lambda n: list(range(n))
    users = {name: member(name, shown, lang) for name, shown, lang in MEMBERS}
    duel = services.game_create(
        host=users["anna"],
        title="Anna against Boris",
        edition="1st",
        seats=2,
        days_per_move=3,
        is_public=True,
    )
    services.seat_join(game_id=duel.pk, user=users["boris"], first=users["anna"])
    big = services.game_create(
        host=users["anna"],
        title="An evening in Saint Petersburg",
        edition="2nd",
        seats=4,
        days_per_move=3,
        is_public=True,
    )
    for name in ("boris", "carol", "dave"):
        services.seat_join(game_id=big.pk, user=users[name], first=users["anna"])
    big.refresh_from_db()
    anna_seat = Seat.objects.get(game=big, user=users["anna"]).position
    # Well into the game, and stopped when it is anna's turn with a real choice.
    play_until(big, lambda g: g.state["round"] >= 4 and anna_seat in g.to_act)

    # Anna against two bots: after each of her moves the bots play at once (eager Celery),
    # so their pushes reach her page before the answer to her own move.
    bots = services.game_create(
        host=users["anna"],
        title="Anna against two bots",
        edition="2nd",
        seats=3,
        days_per_move=3,
        is_public=True,
        bots=("greedy", "greedy"),
    )

    observatory = table_at(
        users["anna"],
        users["dave"],
        "The view from the Observatory",
        wants="observatory",
        reached=may_use_the_observatory,
    )
    pub = table_at(
        users["anna"],
        users["dave"],
        "An evening at the Pub",
        wants="pub",
        reached=decides_in_the_pub,
    )
    # A decision kind the table has no dialog for: the test app's toll (tests/browser/
    # expansion_app), opened by anna's `toll` move through the real services.
    decision = table_at(
        users["anna"],
        users["dave"],
        "A decision without a dialog",
        reached=lambda state: rules.to_act(state) == (0,),
    )
    services.move_submit(
        game_id=decision.pk, user=users["anna"], move={"kind": "toll"}, expected_version=0
    )

    # The card with the most symbols on its tile (the phone tests measure it).
    czar = table_at(
        users["anna"],
        users["dave"],
        "The Czar's workshop",
        wants="czar_and_carpenter",
        reached=owns_the_czar_and_carpenter,
    )
    finished = table_at(users["anna"], users["carol"], "A game that ended", reached=rules.is_over)
    last_move = table_at(
        users["anna"], users["carol"], "The last move", reached=ends_when_seat_0_passes
    )
    # Boris moves first; anna, who sits at this table too, waits for him.
    boris_first = services.game_create(
        host=users["boris"],
        title="Boris opens",
        edition="1st",
        seats=2,
        days_per_move=3,
        is_public=True,
    )
    services.seat_join(game_id=boris_first.pk, user=users["anna"], first=users["boris"])
    # Anna and Boris, anna first: she moves, leaves, and comes back after his move.
    away = services.game_create(
        host=users["anna"],
        title="While you were away",
        edition="1st",
        seats=2,
        days_per_move=3,
        is_public=True,
    )
    services.seat_join(game_id=away.pk, user=users["boris"], first=users["anna"])
    # Dave's table by invitation only: a newcomer follows its link.
    private = services.game_create(
        host=users["dave"],
        title="Dave's private table",
        edition="1st",
        seats=2,
        days_per_move=3,
        is_public=False,
    )
    # Carol's open table for three: dave and boris join while she looks.
    lobby_game = services.game_create(
        host=users["carol"],
        title="Carol waits for two",
        edition="1st",
        seats=3,
        days_per_move=3,
        is_public=True,
    )
    finished_parts, finished_scores = end_screen(finished)
    # Carol last looked at this table when it was dealt: its whole long log is new to her.
    Seat.objects.filter(game=finished, user=users["carol"]).update(seen_version=1)
    # Its post-game analysis, as the worker's task stores it (on the small budget the live
    # site's settings give it), and another finished game whose analysis is still running.
    analysis_run(finished.pk)
    market_finished = finished_market_game(users)  # rated too: before the leaderboard is read
    GameAnalysis.objects.filter(game_id=market_finished["market_finished"]).update(
        status=AnalysisStatus.RUNNING, done=4, total=31
    )
    rated = rated_games(users)
    # The club's admin (her language left to the browser), a table still waiting for players,
    # and a fresh duel of dave and carol for the keyboard-only test.
    get_user_model().objects.create_user(
        username="vera",
        email="vera@example.com",
        password=PASSWORD,
        display_name="Vera",
        language="",
        is_staff=True,
        is_superuser=True,
    )
    waiting = services.game_create(
        host=users["carol"],
        title="Room for one more",
        edition="2nd",
        seats=3,
        days_per_move=3,
        is_public=True,
    )
    by_keyboard = services.game_create(
        host=users["dave"],
        title="Dave plays by keyboard",
        edition="1st",
        seats=2,
        days_per_move=3,
        is_public=True,
    )
    services.seat_join(game_id=by_keyboard.pk, user=users["carol"], first=users["dave"])
    market = market_table(users)
    market_round = market_round_table(users)
    market_joker = market_joker_table(users)
    new_society = new_society_tables(users)
    banquet = banquet_tables(users)
    banquet_choices = banquet_choice_tables(users)
    pub_de = pub_in_german(users)
    polish = polish_tables(users)
    side = side_column_table(users)
    modules = seed_modules.modules_table(users)
    module_decisions = seed_modules.decision_tables(users)
    print(
        json.dumps(
            {
                "duel": duel.pk,
                "big": big.pk,
                "bots": bots.pk,
                "observatory": observatory.pk,
                "pub": pub.pk,
                "decision": decision.pk,
                "czar": czar.pk,
                "finished": finished.pk,
                "last_move": last_move.pk,
                "boris_first": boris_first.pk,
                "lobby": lobby_game.pk,
                "away": away.pk,
                "invitation": f"/games/join/{private.invite_token}",
                "finished_moves": finished.version,
                # The end screen's table as the ledger gives it (end_screen): its parts, and
                # best first the rows: rank, name, total, points by part, rubles left.
                "finished_parts": finished_parts,
                "finished_scores": finished_scores,
                "password": PASSWORD,
                "waiting": waiting.pk,
                "by_keyboard": by_keyboard.pk,
                **rated,
                **rating_facts(),
                **market,
                **market_round,
                **market_joker,
                **market_finished,
                **new_society,
                **banquet,
                **banquet_choices,
                **pub_de,
                **polish,
                **side,
                **modules,
                **module_decisions,
            }
        )
    )


if __name__ == "__main__":
    if sys.argv[1:] == ["ratings"]:
        print(json.dumps(rating_facts()))
    elif sys.argv[1:] == ["notifications"]:
        print(json.dumps(notification_facts()))
    elif sys.argv[1:] == ["finish_modules"]:
        print(json.dumps(seed_modules.finish_modules_table()))
    else:
        main()
