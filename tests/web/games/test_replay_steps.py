"""The replay says what each step was: the log's lines of that step's move."""

from django.urls import reverse

from games import gamelog


def test_each_replay_step_carries_the_log_lines_of_its_move(client, finished_game, alice):
    client.force_login(alice)
    url = lambda n: reverse("games:replay_step", args=[finished_game.pk, n])  # noqa: E731
    deal, first = client.get(url(0)).json(), client.get(url(1)).json()
    total = first["steps"]

    assert deal["step_lines"] == []
    steps = range(1, total + 1)
    every_step = [line for n in steps for line in gamelog.step_lines(finished_game, n)]
    whole_log = [line for group in gamelog.game_log(finished_game) for line in group.lines]
    assert every_step == whole_log  # step by step, the replay tells the whole log
    assert gamelog.step_lines(finished_game, total + 1) == []  # and nothing past its end
    assert first["step_lines"] == [str(line) for line in gamelog.step_lines(finished_game, 1)]
    assert first["step_lines"]


def test_the_replay_opens_at_the_step_its_address_names_and_at_the_deal_otherwise(
    client, finished_game, alice
):
    """The end screen's turning points link to their move (`?step=n`)."""
    client.force_login(alice)
    page = reverse("games:replay", args=[finished_game.pk])
    last = client.get(reverse("games:replay_step", args=[finished_game.pk, 0])).json()["steps"]

    def opens_at(query: str) -> str:
        content = client.get(f"{page}{query}").content.decode()
        return content.split('data-replay-start="', 1)[1].split('"', 1)[0]

    assert opens_at("?step=7") == "7"
    assert opens_at(f"?step={last}") == str(last)
    for beyond in ("", "?step=", f"?step={last + 1}", "?step=-3", "?step=seven", "?step=²"):
        assert opens_at(beyond) == "0"
