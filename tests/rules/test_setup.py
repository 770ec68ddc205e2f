"""Rulebook "Preparation": money, start markers, shuffled piles, first workers on the board."""

import json
from collections import Counter

import pytest

from games.rules import GameState, InvalidOptions, new_game, to_act
from games.rules.cards import catalogue
from games.rules.rng import SplitMix64

# The exact result of new_game({"players": 4, "edition": "1st"}, 12345). It must never change:
# old games are replayed from their seed. If it does, RULES_VERSION and every stored game break.
GOLDEN_12345 = {
    "aristocrat": [
        "administrator#3",
        "warehouse_manager#1",
        "warehouse_manager#0",
        "judge#1",
        "controller#2",
        "secretary#0",
        "administrator#1",
        "judge#0",
        "secretary#2",
        "author#3",
        "secretary#1",
        "mistress_of_ceremonies#0",
        "warehouse_manager#3",
        "author#2",
        "mistress_of_ceremonies#1",
        "warehouse_manager#4",
        "author#5",
        "administrator#2",
        "controller#0",
        "author#1",
        "warehouse_manager#2",
        "administrator#0",
        "administrator#4",
        "author#4",
        "author#0",
        "controller#1",
        "secretary#3",
    ],
    "building": [
        "academy#0",
        "market#1",
        "customs_house#0",
        "customs_house#4",
        "potjomkins_village#0",
        "hospital#1",
        "library#2",
        "library#0",
        "warehouse#0",
        "hospital#2",
        "theater#0",
        "library#1",
        "firehouse#2",
        "observatory#1",
        "customs_house#2",
        "customs_house#1",
        "customs_house#3",
        "firehouse#0",
        "market#4",
        "hospital#0",
        "theater#1",
        "market#3",
        "firehouse#1",
        "market#2",
        "pub#0",
        "observatory#0",
        "market#0",
        "pub#1",
    ],
    "markers": (3, 1, 0, 2),
    "trading": [
        "church_of_the_resurrection#0",
        "wharf#0",
        "harbor#0",
        "admiral#0",
        "bank#0",
        "czar#0",
        "tax_man#0",
        "minister_of_foreign_affairs#0",
        "fur_shop#0",
        "st_isaacs_cathedral#0",
        "fur_shop#2",
        "smolny_cathedral#0",
        "wharf#2",
        "weaving_mill#0",
        "wharf#1",
        "winter_palace#0",
        "patriarch#0",
        "weapon_master#0",
        "hermitage#0",
        "pope#0",
        "weaving_mill#1",
        "fur_shop#1",
        "catherine_the_great_palace#0",
        "gold_smelter#0",
        "builder#0",
        "mariinsky_theater#0",
        "carpenter_workshop#0",
        "senator#0",
        "chamber_maid#0",
        "peterhof#0",
    ],
    "upper": [
        "czar_and_carpenter#0",
        "shepherd#3",
        "ship_builder#2",
        "fur_trapper#4",
        "ship_builder#4",
        "ship_builder#0",
        "lumberjack#2",
        "gold_miner#5",
    ],
    "worker": [
        "lumberjack#5",
        "shepherd#4",
        "lumberjack#3",
        "shepherd#2",
        "lumberjack#4",
        "lumberjack#0",
        "gold_miner#1",
        "ship_builder#1",
        "shepherd#1",
        "fur_trapper#1",
        "shepherd#5",
        "ship_builder#5",
        "gold_miner#2",
        "lumberjack#1",
        "gold_miner#4",
        "fur_trapper#2",
        "fur_trapper#3",
        "gold_miner#0",
        "gold_miner#3",
        "fur_trapper#0",
        "fur_trapper#5",
        "ship_builder#3",
        "shepherd#0",
    ],
}


def test_the_shuffle_is_pinned_for_a_fixed_seed():
    s = new_game({"players": 4, "edition": "1st"}, 12345)
    assert s.markers == GOLDEN_12345["markers"]
    assert list(s.upper) == GOLDEN_12345["upper"]
    for index, pile in enumerate(("worker", "building", "aristocrat", "trading")):
        assert list(s.piles[index]) == GOLDEN_12345[pile]


def test_the_generator_is_splitmix64():
    assert SplitMix64(0).next_u64() == 0xE220A8397B1DCDAF


def test_a_draw_at_or_above_the_last_whole_multiple_of_the_bound_is_drawn_again():
    # Seed 0 draws 0xE220A8397B1DCDAF first, then 0x6E789E6AA1B965F4. With that first draw as
    # the bound, one whole multiple fits in 2**64, so the first draw (equal to it) is refused
    # and the second, below it, is the answer: no value in [0, n) comes up more often.
    first, second = 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4
    assert SplitMix64(0).below(first) == second


@pytest.mark.parametrize("bound", [0, -1])
def test_a_draw_below_nothing_or_a_negative_bound_is_a_value_error(bound):
    with pytest.raises(ValueError, match=r"^n must be positive$"):
        SplitMix64(7).below(bound)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "edition": "1st"},
        {"players": 5, "edition": "2nd", "market": True, "assistants": True, "obstacles": True},
    ],
)
def test_a_new_game_has_no_passes_yet_and_reads_back_from_its_stored_form(options):
    s = new_game(options, 3)
    assert s.passes == 0
    stored = json.loads(json.dumps(s.to_dict()))
    assert GameState.from_dict(stored) == s


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    options = {"players": 3, "edition": "2nd"}
    assert new_game(options, 5) == new_game(options, 5)
    assert new_game(options, 5).piles != new_game(options, 6).piles


def test_every_player_starts_with_25_rubles_and_nothing_else():
    s = new_game({"players": 3}, 1)
    assert [(p.money, p.points, p.area, p.hand) for p in s.players] == [(25, 0, (), ())] * 3


def test_two_workers_per_player_are_laid_into_the_upper_row():
    for players in (1, 2, 3, 4):
        s = new_game({"players": players}, players)
        cards_of = catalogue("1st").instances
        assert len(s.upper) == 2 * players
        assert s.lower == ()
        assert all(cards_of[c].deck == "worker" for c in s.upper)
        assert len(s.piles[0]) == 31 - 2 * players


def test_the_piles_hold_every_card_of_the_edition():
    for edition in ("1st", "2nd"):
        s = new_game({"players": 2, "edition": edition}, 9)
        decks = catalogue(edition).decks
        assert sorted(s.piles[0] + s.upper) == sorted(decks["worker"])
        for index, deck in enumerate(("building", "aristocrat", "trading"), start=1):
            assert sorted(s.piles[index]) == sorted(decks[deck])
        assert [len(s.piles[i]) for i in (1, 2, 3)] == [28, 27, 30]


def test_start_markers_give_every_player_one_or_two():
    for players in (2, 3, 4):
        for seed in range(40):
            counts = Counter(new_game({"players": players}, seed).markers)
            assert set(counts) == set(range(players))
            assert max(counts.values()) <= 2


def test_the_solo_player_holds_all_four_markers():
    s = new_game({"players": 1}, 3)
    assert s.markers == (0, 0, 0, 0)
    assert to_act(s) == (0,)


def test_the_game_starts_in_the_first_worker_phase_with_the_worker_start_player():
    s = new_game({"players": 4}, 8)
    assert (s.round, s.phase, s.first_worker_phase) == (1, "worker", True)
    assert to_act(s) == (s.markers[0],)


def test_the_edition_defaults_to_the_first():
    assert new_game({"players": 2}, 1).edition == "1st"


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"players": 5}, "players"),
        ({"players": 0}, "players"),
        ({}, "players"),
        ({"players": "2"}, "players"),
        ({"players": 2, "edition": "3rd"}, "edition"),
        ({"players": 2, "colour": "red"}, "colour"),
        ({"players": 2, "expansions": ["banquet"]}, "expansions"),
    ],
)
def test_bad_options_raise_a_value_error_naming_the_problem(options, named):
    with pytest.raises(InvalidOptions, match=named):
        new_game(options, 1)
    assert issubclass(InvalidOptions, ValueError)


@pytest.mark.parametrize("seed", ["7", 7.0, True, None])
def test_the_seed_must_be_an_integer_so_a_stored_seed_deals_the_same_game(seed):
    with pytest.raises(TypeError, match=r"^seed must be an integer$"):
        new_game({"players": 2}, seed)
