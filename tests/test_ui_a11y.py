"""Accessibility of the game UI: axe-core finds no serious or critical violation.

axe-core comes from npm (``node_modules/axe-core``, a pinned dev dependency)
and is injected by the test, never shipped in ``dist/``.  The page's CSP
forbids inline scripts, so these pages run in a context that bypasses CSP
(only to inject axe; the app itself is unchanged).
"""

import pytest

from conftest import ROOT, guarded_app
from test_ui import mouse_step, setup_game, waiting

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]   # tests/conftest.py: ?pyodide=off

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SEVERE = ("serious", "critical")


@pytest.fixture
def axe_page(browser, site):
    yield from guarded_app(browser, site, bypass_csp=True)


def severe_violations(page):
    """axe-core's serious and critical violations on the page as it is now, as readable lines."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async (severe) => {
            const result = await axe.run(document, {resultTypes: ['violations']});
            return result.violations.filter(v => severe.includes(v.impact)).map(v =>
                v.id + ' (' + v.impact + '): ' + v.help + ' @ ' +
                v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(' | '));
        }""", list(SEVERE))


def test_axe_is_the_pinned_npm_package():
    assert AXE.is_file()
    assert not (ROOT / "dist" / "node_modules").exists()


def test_axe_detects_a_violation(axe_page):
    # The check itself must be able to fail: a button without a name is critical.
    page, open_app = axe_page
    assert open_app() == "ready"
    page.evaluate("document.getElementById('setup').insertAdjacentHTML('beforeend', '<button type=button></button>')")
    assert any(v.startswith("button-name") for v in severe_violations(page))


def test_setup_screen(axe_page):
    page, open_app = axe_page
    assert open_app() == "ready"
    assert severe_violations(page) == []
    page.get_by_role("radio", name="Three-Player Moon").check()
    assert severe_violations(page) == []


def test_chicken_foot_play_and_round_summary(axe_page):
    page, open_app = axe_page
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)", "Computer (easy)"], players=3)
    checked = 0
    steps = 0
    while mouse_step(page):
        steps += 1
        if steps in (1, 2, 15):
            assert severe_violations(page) == [], "after %d steps" % steps
            checked += 1
        if page.get_by_role("button", name="Next round").count():
            break
        assert steps < 300
    assert page.get_by_role("button", name="Next round").count()
    assert severe_violations(page) == [], "round summary"
    assert checked >= 2


def test_chicken_foot_places_are_accessible(axe_page):
    # A tile with several places shows its place buttons and numbered rings.
    page, open_app = axe_page
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    for _ in range(200):
        if waiting(page) == "human" and page.locator("#game .hand button[aria-pressed]:not([disabled])").count():
            page.locator("#game .hand button[aria-pressed]:not([disabled])").first.click()
            assert page.locator("#game .places button").count() >= 2
            assert severe_violations(page) == []
            return
        if not mouse_step(page):
            break
    pytest.skip("no tile with several places came up in this deal")


def test_moon_bidding_play_and_summary(axe_page):
    page, open_app = axe_page
    setup_game(page, open_app, "Three-Player Moon", ["Human", "Computer (easy)", "Computer (easy)"])
    assert waiting(page) == "human"
    assert severe_violations(page) == [], "bidding"
    checked_play = checked_summary = False
    for _ in range(400):
        if checked_play and checked_summary:
            break
        state = waiting(page)
        if not checked_play and state == "human" and page.locator("#game .trick").count():
            assert severe_violations(page) == [], "trick play"
            checked_play = True
        if not checked_summary and state == "none":
            assert severe_violations(page) == [], "round summary"
            # Moon's summary shows the hands as dealt (every tile is played by the end).
            summary = page.locator("#game .summary").inner_text()
            assert summary.count("dealt") == 3 and "Widow:" in summary
            checked_summary = True
        if not mouse_step(page):
            break
    assert checked_play and checked_summary
