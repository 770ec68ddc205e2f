"""Bots are pure functions of (state, seat, seed) that return a legal move."""

import pytest

from games.rules import BOTS, Move, apply_move, legal_moves, new_game, to_act
from games.rules.bots import best_index, move_value
from games.rules.rng import SplitMix64

from .builders import pass_all, state


def test_each_bot_returns_a_legal_move_and_the_same_one_for_the_same_seed():
    s = new_game({"players": 3}, 5)
    seat = to_act(s)[0]
    for bot in BOTS.values():
        move = bot(s, seat, 99)
        assert move in legal_moves(s, seat)
        assert bot(s, seat, 99) == move


def test_the_random_bot_spreads_its_choices_over_the_legal_moves():
    s = new_game({"players": 4}, 1)
    seat = to_act(s)[0]
    chosen = {BOTS["random"](s, seat, seed) for seed in range(200)}
    assert chosen == set(legal_moves(s, seat))


def test_the_greedy_bot_buys_a_new_aristocrat_type_rather_than_a_duplicate():
    s = state(
        phase="aristocrat",
        players=[{"area": ["author#0", "lumberjack#0"], "money": 10}, {}],
        board={"upper": ["author#1", "administrator#0"]},
    )
    assert BOTS["greedy"](s, 0, 1).card == "administrator#0"


def test_a_move_object_and_its_dict_have_the_same_effect():
    s = new_game({"players": 2}, 3)
    seat = to_act(s)[0]
    move = legal_moves(s, seat)[0]
    assert apply_move(s, seat, move) == apply_move(s, seat, move.to_dict())


# ---------------------------------------------------------------- New Society's cards

NS1 = {"edition": "1st", "new_society": "full"}


def early(**fields):
    """A New Society position in round 2 with full piles (rounds to come, so rubles buy
    income): the piles of a deal, less the cards the position places elsewhere."""
    fields.setdefault("options", NS1)
    board = fields.get("board", {})
    placed = {*board.get("upper", ()), *board.get("lower", ()), *fields.get("discard", ())}
    for player in fields.get("players", ()):
        placed |= {*player.get("area", ()), *player.get("hand", ())}
    deal = new_game({**fields["options"], "players": 2}, 1)
    fields["piles"] = {
        name: [c for c in pile if c not in placed]
        for name, pile in zip(deal.rules.piles, deal.piles, strict=True)
    }
    return state(**fields)


RED = ["author#0", "administrator#0", "warehouse_manager#0", "secretary#0", "controller#0"]
BLUE = ["market#0", "customs_house#0", "firehouse#0", "hospital#0", "library#0", "theater#0"]


@pytest.mark.parametrize(("area", "bought"), [(RED, "coffee_house#0"), ([], "customs_house#0")])
def test_the_greedy_bot_buys_a_coffee_house_when_it_has_many_red_cards(area, bought):
    s = early(
        players=[{"area": area, "money": 10}, {}],
        board={"upper": ["coffee_house#0", "customs_house#0"]},
    )
    assert BOTS["greedy"](s, 0, 1).card == bought


@pytest.mark.parametrize(("blue", "bought"), [(BLUE, "mayor#0"), ([], "merchant#0")])
def test_the_greedy_bot_buys_a_mayor_when_it_has_many_blue_cards(blue, bought):
    s = early(
        phase="trading",
        players=[{"area": [*blue, "author#0"], "money": 20}, {}],
        board={"upper": ["mayor#0", "merchant#0"]},
    )
    assert BOTS["greedy"](s, 0, 1) == Move("buy", bought, "author#0")


@pytest.mark.parametrize(("money", "used"), [(3, False), (20, True)])
def test_the_greedy_bot_declines_the_trading_house_when_it_would_leave_it_short(money, used):
    s = early(players=[{"area": ["trading_house#0"], "money": money}, {}])
    s, _ = pass_all(s)
    assert (s.step, to_act(s)) == ("trading_house", (0,))
    assert BOTS["greedy"](s, 0, 1).get("use") is used


def test_the_greedy_bot_takes_guild_hall_rubles_when_they_buy_a_card_it_cannot_pay_yet():
    """Six rubles and a sixth aristocrat type for ten on the board: the Guild Hall's 4 rubles
    make it affordable; with enough money the bot keeps its 4 points."""
    area = ["guild_hall#0", "author#0", "administrator#0", "secretary#0", "controller#0"]
    full_hand = ["library#1", "theater#1", "hospital#1"]  # nothing to take instead

    def position(money):
        return early(
            players=[{"area": area, "hand": full_hand, "money": money}, {}],
            board={"upper": ["warehouse_manager#0"]},
        )

    assert BOTS["greedy"](position(6), 0, 1) == Move("guild_hall_plan", points=0)
    assert BOTS["greedy"](position(30), 0, 1).kind != "guild_hall_plan"


def test_the_greedy_bot_fetches_a_bank_with_the_prison_over_the_card_it_gives_up_least_for():
    """A Bank from the discard pile over a Potjomkin's Village (worth nothing, counts 6 off the
    price) beats it over a Market (1 point a scoring) or a Customs House (2); without money the
    bot takes the Bank into its hand instead."""
    area = ["debtors_prison#0", "market#0", "potjomkins_village#0", "customs_house#0"]

    def position(money):
        return early(players=[{"area": area, "money": money}, {}], discard=["bank#0"])

    def fetch(then, displace=None):
        move = {"kind": "prison", "prison": "debtors_prison#0", "card": "bank#0", "then": then}
        return Move.from_dict({**move, "displace": displace} if displace else move)

    s = position(30)
    for seed in range(6):
        assert BOTS["greedy"](s, 0, seed) == fetch("buy", "potjomkins_village#0")
    over = {target: move_value(s, 0, fetch("buy", target)) for target in area[1:]}
    assert over["potjomkins_village#0"] > over["market#0"] > over["customs_house#0"]
    assert BOTS["greedy"](position(0), 0, 1) == fetch("take")


def test_the_greedy_bot_takes_a_wharf_it_cannot_pay_yet_only_with_a_ship_builder_to_lay_it_over():
    """A Wharf displaces a Ship Builder (or the Czar and Carpenter), never a Lumberjack."""

    def choice(area):
        s = early(
            phase="worker",
            players=[{"area": area, "money": 0}, {}],
            board={"upper": ["wharf#0"]},
        )
        return BOTS["greedy"](s, 0, 1)

    assert choice(["ship_builder#0"]) == Move("take", "wharf#0")
    assert choice(["lumberjack#0"]) == Move("pass")


# Moves greedy never plays (a pass is worth more) are still ranked by its value: the expert bot
# searches greedy's best few (expert.candidates), so a bad move's worth must stay in scale.


def test_greedy_ranks_giving_up_a_twelfth_aristocrat_type_just_above_a_hopeless_take():
    """Twelve aristocrat types, the Sycophant one of them: it is worth the 10 points of the
    twelfth type (New Society), so giving it up in the last round (a ruble worth 0.1 point)
    costs about that much: a little less than a take then (-10), not twice that."""
    area = ["sycophant#0", "author#0", "administrator#0", "warehouse_manager#0", "secretary#0"]
    area += ["controller#0", "judge#0", "pope#0", "weapon_master#0", "chamber_maid#0"]
    area += ["builder#0", "senator#0"]
    s = state(
        options=NS1,
        phase="aristocrat",
        last_round=True,
        players=[{"area": area, "money": 0}, {}],
        board={"upper": ["library#0"]},
    )
    give_up = move_value(s, 0, Move("discard_sycophant", "sycophant#0"))
    assert give_up > move_value(s, 0, Move("take", "library#0"))


def test_greedy_ranks_putting_the_prisons_card_back_above_a_buy_that_loses_points():
    """A full hand: the Judge fetched may go back (worth -1: a wasted action); a Hermitage over a
    Theater at the last building scoring gives up the Theater's 6 points for 4 and 3 rubles."""
    s = state(
        options=NS1,
        last_round=True,
        players=[
            {
                "area": ["debtors_prison#0", "theater#0"],
                "hand": ["judge#1", "author#1", "secretary#0"],
                "money": 40,
            },
            {},
        ],
        discard=["judge#0"],
        board={"upper": ["hermitage#0"]},
    )
    back = {"kind": "prison", "prison": "debtors_prison#0", "card": "judge#0", "then": "return"}
    hermitage = Move("buy", "hermitage#0", "theater#0")
    assert move_value(s, 0, Move.from_dict(back)) > move_value(s, 0, hermitage)


def _ranked_by_every_draw(values: list[float], seed: int) -> int:
    """The tie-break as greedy first wrote it: every value paired with its draw, in order."""
    rng = SplitMix64(seed)
    return max(range(len(values)), key=lambda i: (values[i], rng.next_u64()))


def test_best_index_breaks_ties_with_the_same_draws_as_ranking_every_pair():
    nan = float("nan")
    rows = [
        [1.0],
        [0.5, 2.0, -1.0],
        [2.0, 0.5, 2.0, 2.0],
        [0.0, -0.0, 0.0],
        [-10.0, -10.0],
        [1.0, nan, 3.0, 3.0],
        [nan, nan],
        [float("inf"), float("-inf"), 1.0],
    ]
    rng = SplitMix64(7)
    for _ in range(300):
        rows.append([float(rng.below(4)) for _ in range(1 + rng.below(12))])
    for values in rows:
        for seed in range(20):
            assert best_index(values, seed) == _ranked_by_every_draw(values, seed), values
