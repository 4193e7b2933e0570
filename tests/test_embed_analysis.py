"""The embed's opt-in verdict line (``analysis`` on ``<domino-game>``), in chromium.

The frame works out the verdict of the decision that led to the step shown
(engine.ai.analysis.decision_steps: Moon exact, Chicken Foot an estimate on
a few deals), the same as CPython says; Forward shows the next one; an
embed without the attribute never fetches the computer players' modules.
"""

import html

import pytest

from engine import share
from engine.ai.analysis import decision_steps, drain
from engine.record import new_game
from engine.rng import Rng
from engine.tournament import pick

pytestmark = pytest.mark.browser

VERDICT_MS = 120000


def finished_round(game_name, players, seed):
    game = new_game(game_name, players, names=["Ana", "Ben", "Cleo", "Dev"][:players])
    rng = Rng(seed)
    game.start_round(game.new_deal(rng))
    while game.current_seat() is not None:
        game.apply(pick(game, "easy", rng.next64()))
    return game.record()


def host(page, site, widget):
    body = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="%s">
<title>Host</title><script type="module" src="%sembed.js"></script></head><body>%s</body></html>""" % (
        html.escape(__import__("build").CSP, quote=True), site, widget)
    page.route(site + "test-host.html", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=body))
    page.goto(site + "test-host.html")


def verdict(page):
    frame = page.frame_locator("#w iframe").locator("html")
    page.wait_for_function(
        "() => { const f = document.querySelector('#w iframe');"
        " const s = f?.contentDocument?.documentElement?.dataset.verdictState;"
        " return s === 'ready' || s === 'error' || s === 'none'; }", timeout=VERDICT_MS)
    return (frame.get_attribute("data-verdict-state"), frame.get_attribute("data-verdict"),
            page.frame_locator("#w iframe").locator("#verdict").inner_text())


def expected(rec, step, options):
    return drain(decision_steps(rec, step, options))


@pytest.mark.parametrize("game_name,players,seed,options", [
    ("moon", 3, 7, {}), ("chicken-foot", 4, 3, {"iterations": 8})])
def test_the_verdict_of_the_step_shown_is_the_engines(page, site, game_name, players, seed, options):
    rec = finished_round(game_name, players, seed)
    step = 8 if game_name == "moon" else 6
    host(page, site, '<domino-game id="w" record="%s" step="%d" analysis></domino-game>' % (share.encode(rec), step))
    page.locator("#w").scroll_into_view_if_needed()
    for shown in (step, step + 1):
        state, code, text = verdict(page)
        d = expected(rec, shown, options)
        assert state == "ready" and code == d["verdict"], text
        name = rec["names"][d["seat"]]
        assert text.startswith("%s, " % name)
        if game_name == "moon":
            assert text.endswith("(exact, with every hand known)")
        elif d["verdict"] != "forced":
            assert "(estimate)" in text
        if shown == step:
            page.frame_locator("#w iframe").get_by_role("button", name="Forward").click()
            page.wait_for_function(
                "(s) => +document.querySelector('#w iframe').contentDocument.documentElement.dataset.step === s",
                arg=step + 1)


def test_without_the_attribute_no_verdict_and_no_players_fetched(page, site):
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    rec = finished_round("moon", 3, 7)
    host(page, site, '<domino-game id="w" record="%s" step="8"></domino-game>' % share.encode(rec))
    page.locator("#w").scroll_into_view_if_needed()
    page.wait_for_function(
        "() => document.querySelector('#w iframe')?.contentDocument?.documentElement?.dataset.embedState === 'ready'",
        timeout=VERDICT_MS)
    assert page.frame_locator("#w iframe").locator("#verdict").is_hidden()
    assert not [u for u in requests if u.endswith("worker.bundle")]
