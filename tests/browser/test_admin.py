"""The admin as the club runs it, in Chromium: a running game's page shows who is to act by
name, links to the table, and the log as the table words it, and never the seed or the raw
state (staff may be playing in that game; both give away the order of the draw piles)."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.services]


def test_a_running_game_shows_names_links_and_the_readable_log_but_no_secrets(signed_in, live_site):
    vera = signed_in("vera")
    game = live_site["big"]
    vera.goto(f"{live_site['url']}/admin/games/game/{game}/change/")

    expect(vera.locator(".field-players_to_act .readonly")).to_have_text("Anna")
    expect(vera.get_by_role("link", name="The table")).to_have_attribute("href", f"/games/{game}/")
    log = vera.locator(".field-readable_log")
    expect(log.locator(".log-title").first).to_have_text("Round 1 · Worker phase")
    expect(log.locator(".log-lines li").first).to_contain_text("Anna")
    for secret in ("seed", "state", "invite_token"):
        expect(vera.locator(f".field-{secret}")).to_have_count(0)
    expect(vera.locator("body")).not_to_contain_text('"piles"')


def test_a_finished_game_shows_its_seed_and_the_replay(signed_in, live_site):
    vera = signed_in("vera")
    game = live_site["finished"]
    vera.goto(f"{live_site['url']}/admin/games/game/{game}/change/")

    expect(vera.locator(".field-seed")).to_have_count(1)
    expect(vera.get_by_role("link", name="Replay")).to_have_attribute(
        "href", f"/games/{game}/replay"
    )


def test_the_list_of_games_names_the_players_to_act(signed_in, live_site):
    vera = signed_in("vera")
    vera.goto(f"{live_site['url']}/admin/games/game/")
    row = vera.locator("#result_list tbody tr", has_text="An evening in Saint Petersburg")
    expect(row.locator("td.field-players_to_act")).to_have_text("Anna")


def _run_on(page, game: int, action: str) -> None:
    page.locator(f'#result_list input.action-select[value="{game}"]').check()
    page.locator("select[name=action]").select_option(action)
    page.locator("#changelist-form button[name=index]").click()


def test_a_running_games_replay_does_not_export_and_a_finished_ones_does(signed_in, live_site):
    """Vera may be playing in a running game: its export (with the seed) waits for its end."""
    vera = signed_in("vera")
    vera.goto(f"{live_site['url']}/admin/games/game/")

    _run_on(vera, live_site["big"], "export_replay")

    expect(vera.locator(".messagelist .error")).to_have_text(
        f"#{live_site['big']} An evening in Saint Petersburg: Its replay exports once the game "
        "has ended (its seed gives away the piles)."
    )
    with vera.expect_download() as exported:
        _run_on(vera, live_site["finished"], "export_replay")
    assert exported.value.suggested_filename == f"stpete-game-{live_site['finished']}.json"
