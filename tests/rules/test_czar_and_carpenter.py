"""Czar and Carpenter (rulebook special cards): carries every worker symbol."""

from .builders import of_kind, pass_all, play, state


def test_czar_and_carpenter_can_be_displaced_by_any_green_trading_card():
    s = state(players=[{"area": ["czar_and_carpenter#0"]}, {}], board={"upper": ["wharf#0"]})
    s, events = play(s, 0, kind="buy", card="wharf#0", displace="czar_and_carpenter#0")
    assert of_kind(events, "buy")[0]["price"] == 12 - 8


def test_every_green_trading_card_may_displace_czar_and_carpenter():
    for trading in ("carpenter_workshop#0", "gold_smelter#0", "weaving_mill#0", "fur_shop#0"):
        s = state(players=[{"area": ["czar_and_carpenter#0"]}, {}], board={"upper": [trading]})
        s, _ = play(s, 0, kind="buy", card=trading, displace="czar_and_carpenter#0")
        assert s.players[0].area == (trading,)


def test_czar_and_carpenter_is_a_worker_paying_three_rubles():
    s = state(
        phase="worker",
        players=[{"money": 0, "area": ["czar_and_carpenter#0"]}, {}],
        board={"upper": ["author#0"]},
    )
    _, events = pass_all(s)
    assert of_kind(events, "score")[0]["money_gain"] == 3
