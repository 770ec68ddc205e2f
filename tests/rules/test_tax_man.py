"""Tax Man (rulebook special cards): a ruble per worker at aristocrat scoring."""

from .builders import of_kind, pass_all, state


def scoring_line(events, seat):
    return next(e for e in of_kind(events, "score") if e["seat"] == seat)


def test_the_tax_man_pays_a_ruble_per_worker_at_aristocrat_scoring():
    s = state(
        phase="aristocrat",
        players=[{"area": ["tax_man#0", "lumberjack#0", "weaving_mill#0", "author#0"]}, {}],
        board={"upper": ["author#1"]},
    )
    _, events = pass_all(s)
    line = scoring_line(events, 0)
    assert line["money_gain"] == 2 + 1  # two green cards, the Author's ruble
    assert line["money_before"] + line["money_gain"] == line["money_after"]
