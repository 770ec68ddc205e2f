"""The greedy bot with the Market's Modules 3-5: it weighs an event by what its effect brings
against spending the one event of the game, the Twin's pair by what its two placements bring, a
card by what it adds to its best assignment, and every price with its assistant's discount."""

from games.rules import greedy_bot

from .builders import market_state, play

MANY = {  # piles long enough for several rounds still to come
    "worker": [f"lumberjack#{i}" for i in range(6)] + [f"gold_miner#{i}" for i in range(6)]
    + [f"shepherd#{i}" for i in range(6)] + [f"fur_trapper#{i}" for i in range(6)]
    + [f"ship_builder#{i}" for i in range(5)],
    "market": [f"market_{good}_1#{i}" for good in ("fish", "apple", "grain", "cabbage")
               for i in range(3)] + [f"market_{good}_2#{i}" for good in ("fish", "apple", "grain")
               for i in range(2)] + [f"market_chicken_1#{i}" for i in range(3)]
    + ["market_cabbage_2#0", "market_cabbage_2#1", "market_chicken_2#0", "market_chicken_2#1"],
    "building": [f"market#{i}" for i in range(5)] + [f"customs_house#{i}" for i in range(5)]
    + [f"firehouse#{i}" for i in range(3)] + [f"hospital#{i}" for i in range(3)]
    + ["theater#0", "theater#1", "academy#0",
                                            "observatory#0", "observatory#1", "pub#0", "pub#1",
                                            "warehouse#0", "potjomkins_village#0"],
    "aristocrat": [f"author#{i}" for i in range(1, 6)] + [f"administrator#{i}" for i in range(5)]
    + [f"warehouse_manager#{i}" for i in range(5)] + [f"secretary#{i}" for i in range(4)]
    + [f"controller#{i}" for i in range(3)] + ["mistress_of_ceremonies#0",
                                               "mistress_of_ceremonies#1", "author#0"],
    "trading": ["wharf#0", "wharf#1", "wharf#2", "bank#0", "senator#0", "harbor#0",
                "peterhof#0", "czarina#0", "admiral#0", "hermitage#0", "winter_palace#0",
                "patriarch#0", "fur_shop#0", "fur_shop#1", "fur_shop#2", "weaving_mill#0",
                "weaving_mill#1", "gold_smelter#0", "carpenter_workshop#0",
                "church_of_the_resurrection#0", "smolny_cathedral#0", "st_isaacs_cathedral#0",
                "catherine_the_great_palace#0", "minister_of_foreign_affairs#0",
                "chamber_maid#0", "builder#0", "weapon_master#0", "tax_man#0",
                "mariinsky_theater#0", "abbot#0"],
}  # fmt: skip


def chosen(s, seat=0):
    """The greedy bot's move in the position, the same whatever its seed breaks ties with."""
    moves = {greedy_bot(s, seat, seed) for seed in range(6)}
    assert len(moves) == 1, moves
    return next(iter(moves)).to_dict()


def test_greedy_takes_the_sponsors_rubles_while_they_buy_income_but_not_in_the_last_round():
    early = market_state(options={"events": True}, board={"upper": []}, piles=MANY)
    assert chosen(early) == {"kind": "event", "event": "sponsor"}
    last = market_state(options={"events": True}, board={"upper": []}, last_round=True)
    assert chosen(last) == {"kind": "pass"}


def test_greedy_grabs_a_good_card_from_the_discard_pile_and_leaves_a_useless_one():
    good = market_state(
        options={"events": True},
        phase="aristocrat",
        players=[{"money": 40}, {}],
        board={"upper": []},
        discard=["judge#0"],
        piles=MANY,
    )
    assert chosen(good) == {"kind": "event", "event": "grabber", "card": "judge#0"}
    useless = market_state(
        options={"events": True},
        phase="trading",
        last_round=True,
        board={"upper": []},
        discard=["lumberjack#0"],
    )
    assert chosen(useless) == {"kind": "pass"}


def test_greedy_takes_the_twins_pair_when_both_cards_are_worth_buying():
    s = market_state(
        options={"events": True},
        phase="building",
        players=[{"money": 60}, {}],
        board={"upper": ["library#0"]},
        piles={**MANY, "building": ["library#1", *MANY["building"]]},
    )
    s, _ = play(s, 0, kind="event", event="twin")
    for seed in range(6):
        move = greedy_bot(s, 0, seed).to_dict()
        assert move["kind"] == "twin"
        assert (move["then"], move["second"]) == ("buy", "buy")


def test_greedy_buys_a_card_in_the_last_round_only_when_its_assignment_pays_for_it():
    fields = {
        "phase": "trading",
        "last_round": True,
        "board": {"upper": ["market_fish_1#0"]},
        "records": {"assignments": {"dealt": [[13, 14, 7], [1, 2, 3]]}},
    }
    with_assignment = market_state(options={"assignments": True}, **fields)
    assert chosen(with_assignment) == {"kind": "buy", "card": "market_fish_1#0"}
    fields.pop("records")
    without = market_state(**fields)
    assert chosen(without) == {"kind": "pass"}


def test_greedy_prices_a_card_with_its_assistants_discount():
    def position(assistant):
        return market_state(
            options={"assistants": True},
            phase="building",
            players=[{"money": 16}, {}],
            board={"upper": ["library#0"]},
            records={"assistants": {"held": [assistant, "czars_daughter"]}},
            piles=MANY,
        )

    assert chosen(position("architect")) == {"kind": "buy", "card": "library#0"}
    assert chosen(position("lawyer"))["kind"] != "buy"


def test_greedy_leaves_the_sponsor_when_its_rubles_over_the_others_buy_too_little_income():
    """One round to come (piles of eight): a ruble is worth 0.17 point, so the Sponsor's 6
    rubles less the 2 each other player gets are worth less than keeping the event."""
    one_round = {name: pile[:8] for name, pile in MANY.items()}
    s = market_state(options={"events": True}, board={"upper": []}, piles=one_round)
    assert chosen(s) == {"kind": "pass"}


def without(*cards):
    """MANY without the cards a position places elsewhere."""
    return {name: [c for c in pile if c not in cards] for name, pile in MANY.items()}


def test_greedy_keeps_a_judge_from_the_next_player_rather_than_twin_a_second_one_for_itself():
    """The bot already holds a Judge, the next player holds no aristocrat: the Ghost keeps
    from him a card worth more to him than the Twin's Judge is worth to the bot."""
    area = ["judge#0", "controller#0", "secretary#0"]
    s = market_state(
        options={"events": True},
        phase="aristocrat",
        players=[{"money": 0, "area": area}, {"money": 40}],
        board={"upper": ["judge#1"]},
        piles=without(*area),
    )
    assert chosen(s) == {"kind": "event", "event": "ghost", "card": "judge#1"}


def test_greedy_grabs_a_yellow_card_from_the_discard_pile_for_the_majorities_it_wins():
    """Three apples, nobody else holding any: first place at the market scorings to come."""
    s = market_state(
        options={"events": True},
        players=[{"money": 20}, {}],
        board={"upper": []},
        discard=["market_apple_3#0"],
        piles=without("market_apple_3#0"),
    )
    assert chosen(s) == {"kind": "event", "event": "grabber", "card": "market_apple_3#0"}
