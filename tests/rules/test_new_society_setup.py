"""New Society, SP+ and In Good Company: which cards are in the piles (expansions.md §1.2-1.3,
3.1 NS-14, 3.5 M2-1) and the +10 points per distinct aristocrat beyond ten (NS-10, M2-3)."""

import pytest

from games.rules import final_scores, ruleset

from .builders import state

NS1 = {"edition": "1st", "new_society": "full"}
SP_PLUS = {"edition": "1st", "new_society": "sp_plus"}
NS2 = {"edition": "2nd", "new_society": "full", "in_good_company": True}
IGC = {"edition": "2nd", "in_good_company": True}
REPLACED = ("czar_and_carpenter", "observatory", "academy", "mistress_of_ceremonies")


@pytest.mark.parametrize(
    ("options", "sizes"),
    [
        (NS1, (37, 34, 34, 39)),
        (SP_PLUS, (31, 28, 27, 30)),
        (NS2, (37, 34, 34, 39)),
        (IGC, (31, 31, 29, 37)),
    ],
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_piles_have_the_sizes_of_the_option_set_whatever_the_player_count(
    options, sizes, players
):
    rules = ruleset({**options, "players": players})
    assert tuple(rules.pile_sizes[p] for p in rules.piles) == sizes


@pytest.mark.parametrize("options", [NS1, SP_PLUS, NS2])
def test_five_players_play_with_the_piles_of_two_to_four(options):
    """§1.3: "The number of players never changes the decks" - five included (the sack is a
    wooden piece, no card)."""
    rules = ruleset({**options, "players": 5})
    for players in (2, 3, 4):
        assert rules.pile_sizes == ruleset({**options, "players": players}).pile_sizes
    assert rules.cards == ruleset({**options, "players": 2}).cards


@pytest.mark.parametrize("options", [NS1, SP_PLUS, NS2])
def test_new_society_replaces_the_seven_base_cards_with_its_own(options):
    types = ruleset({**options, "players": 3}).catalogue.types
    assert not {*REPLACED, "mariinsky_theater"} & types.keys()
    for card_id, copies in [
        ("czar_and_carpenter_ns", 1),
        ("observatory_ns", 2),
        ("academy_ns", 1),
        ("mistress_of_ceremonies_ns", 2),
        ("mariinsky_theater_ns", 1),
    ]:
        assert types[card_id].copies == copies


def test_sp_plus_brings_only_the_replacements_with_their_new_numbers():
    types = ruleset({**SP_PLUS, "players": 3}).catalogue.types
    assert "new_farmer" not in types
    assert "sycophant" not in types
    assert types["firehouse"].copies == 3
    mistress = types["mistress_of_ceremonies_ns"]
    assert (mistress.cost, mistress.rubles, mistress.points) == (18, 3, 4)
    czar = types["czar_and_carpenter_ns"]
    assert (czar.cost, czar.rubles) == (3, 2)
    assert (types["observatory_ns"].cost, types["academy_ns"].points) == (8, 9)


def test_extra_copies_of_base_cards_are_more_of_the_same_type():
    types = ruleset({**NS1, "players": 3}).catalogue.types
    assert (types["firehouse"].copies, types["hospital"].copies) == (5, 4)
    assert (types["administrator"].copies, types["judge"].copies, types["wharf"].copies) == (
        6,
        3,
        4,
    )
    assert types["new_farmer"].copies == 6


def test_in_good_company_alone_adds_its_twelve_cards_and_no_new_society_card():
    types = ruleset({**IGC, "players": 3}).catalogue.types
    assert "october_revolution" in types
    assert "new_society" not in types
    assert "new_farmer" not in types
    assert types["observatory"].cost == 7  # the base card stays
    assert types["sycophant"].copies == 2


ARISTOCRATS_1ST = [
    "author#0", "administrator#0", "warehouse_manager#0", "secretary#0", "controller#0",
    "judge#0", "pope#0", "weapon_master#0", "chamber_maid#0", "builder#0", "senator#0",
    "patriarch#0",
]  # fmt: skip
ARISTOCRATS_2ND = [card.replace("pope", "abbot") for card in ARISTOCRATS_1ST]


def aristocrat_points(options, area):
    s = state(options=options, phase="trading", last_round=True, players=[{"area": area}, {}])
    return final_scores(s)[0]["points"]["aristocrats"]


def test_twelve_distinct_aristocrats_with_new_society_score_55_plus_20():
    assert aristocrat_points(NS1, ARISTOCRATS_1ST) == 75
    assert aristocrat_points(NS2, ARISTOCRATS_2ND) == 75
    assert aristocrat_points(NS1, ARISTOCRATS_1ST[:11]) == 65
    assert aristocrat_points(NS1, ARISTOCRATS_1ST[:10]) == 55


def test_twelve_distinct_aristocrats_without_new_society_score_55():
    assert aristocrat_points(SP_PLUS, ARISTOCRATS_1ST) == 55
    assert aristocrat_points(IGC, ARISTOCRATS_2ND) == 55
    assert aristocrat_points({"edition": "1st"}, ARISTOCRATS_1ST) == 55


def test_an_extra_copy_of_an_aristocrat_is_no_new_type():
    area = ["administrator#0", "administrator#5"]
    assert aristocrat_points(NS1, area) == 1
