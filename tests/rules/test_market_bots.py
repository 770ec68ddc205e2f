"""The greedy bot at the Market (issue 13): it values majorities and upkeep, so its games
contest goods; it keeps an orange card that wins a place worth more than the upkeep and gives
up one that wins nothing; it lays a '?' tile where it wins most."""

from games.rules import apply_move, greedy_bot, is_over, new_game, to_act

from .builders import market_state, pass_all

FISH_CRATE = "market_fish_crate#0"


def greedy_upkeep(s):
    """The greedy bot's upkeep answers, whatever its seed breaks ties with."""
    s, _ = pass_all(s)
    assert s.step == "upkeep"
    return {greedy_bot(s, 0, seed).to_dict()["keep"] for seed in range(8)}


def test_greedy_keeps_a_crate_that_wins_first_place():
    s = market_state(players=[{"area": [FISH_CRATE], "money": 10}, {"area": ["market_fish_1#0"]}])
    assert greedy_upkeep(s) == {True}


def test_greedy_gives_up_a_crate_that_wins_nothing():
    s = market_state(
        players=[
            {"area": [FISH_CRATE], "money": 10},
            {"area": ["market_fish_3#0", "market_fish_2#0", "market_fish_2#1"]},
            {
                "area": [
                    "market_fish_1#0",
                    "market_fish_1#1",
                    "market_fish_1#2",
                    "market#4",
                    "harbor#0",
                ]
            },
        ]
    )
    assert greedy_upkeep(s) == {False}


def test_greedy_lays_a_question_mark_where_nobody_is_ahead():
    rivals = ["market_grain_2#0", "market_chicken_2#0", "market_apple_2#0", "market_cabbage_2#0"]
    s = market_state(
        players=[{"money": 30}, {"area": rivals}],
        board={"upper": ["ship_builder#5", "author#0"]},
    )
    s, _ = apply_move(s, 0, {"kind": "buy", "card": "ship_builder#5"})
    assert {greedy_bot(s, 0, seed).to_dict()["good"] for seed in range(8)} == {"fish"}


# Twelve cards a pile: two more rounds to come (the bots guess about six cards a round).
TWO_ROUNDS_AHEAD = {
    "worker": [f"{name}#{i}" for name in ("lumberjack", "gold_miner") for i in range(6)],
    "market": [f"market_{good}_1#{i}" for good in ("grain", "cabbage", "chicken", "fish")
               for i in range(3)],
    "building": [f"{name}#{i}" for name in ("market", "customs_house") for i in range(5)]
    + ["theater#0", "theater#1"],
    "aristocrat": [f"author#{i}" for i in range(6)] + [f"administrator#{i}" for i in range(5)]
    + ["secretary#0"],
    "trading": ["wharf#0", "wharf#1", "wharf#2", "bank#0", "senator#0", "harbor#0", "peterhof#0",
                "czarina#0", "admiral#0", "hermitage#0", "winter_palace#0", "patriarch#0"],
}  # fmt: skip


def test_greedy_values_a_yellow_card_by_the_value_tiles_of_the_market_scorings_still_ahead():
    """In round 2's building phase the market scorings still ahead are rounds 3 and 4's (tiles
    3 and 4): three apples alone are worth 7 points, so the bot takes the card it cannot pay
    for. Counted from tiles already spent (rounds 1 and 2: 3 points) it would pass."""
    s = market_state(
        phase="building",
        players=[{"money": 0}, {}],
        board={"upper": ["market_apple_3#0"]},
        piles=TWO_ROUNDS_AHEAD,
    )
    chosen = [greedy_bot(s, 0, seed).to_dict() for seed in range(8)]
    assert chosen == [{"kind": "take", "card": "market_apple_3#0"}] * 8


def test_a_greedy_market_game_contests_goods_and_keeps_orange_cards():
    s = new_game({"edition": "2nd", "players": 3, "market": True}, 1)
    events = []
    step = 0
    while not is_over(s):
        seat = to_act(s)[0]
        s, new = apply_move(s, seat, greedy_bot(s, seat, step))
        events += new
        step += 1
    contested = [
        e for e in events if e["kind"] == "market_score" and sum(n > 0 for n in e["positions"]) > 1
    ]
    assert len(contested) >= 10
    assert any(e["kind"] == "upkeep" and e["kept"] for e in events)
