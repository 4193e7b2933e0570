"""axe-core on the review with its analysis and on the History panel: no serious or critical violation."""

import pytest

from engine import share
from test_history import GAMES, save_text
from test_ui_a11y import AXE, SEVERE, axe_page, severe_violations  # noqa: F401 -- the fixture, used by name
from test_embed_analysis import finished_round


def panel_violations(page):
    """axe-core's serious and critical violations inside the analysis panel (the table around
    it is the play screen's, checked by tests/test_ui_a11y.py)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async (severe) => {
            const result = await axe.run({include: ['#analysis']}, {resultTypes: ['violations']});
            return result.violations.filter(v => severe.includes(v.impact)).map(v =>
                v.id + ' (' + v.impact + '): ' + v.help + ' @ ' +
                v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(' | '));
        }""", list(SEVERE))

pytestmark = pytest.mark.browser


# Without Pyodide (tests/conftest.py: ?pyodide=off) the analysis runs on
# MicroPython from start to end: always the same panel (Chicken Foot's with its
# quick-estimate note and "Analyse again" button, more than Pyodide's shows),
# where Pyodide's start beside it made the runtime depend on the machine's load.
@pytest.mark.no_pyodide
@pytest.mark.parametrize("game_name,players,seed", [("moon", 3, 7), ("chicken-foot", 4, 3)])
def test_the_review_with_its_analysis(axe_page, game_name, players, seed):  # noqa: F811
    page, open_app = axe_page
    rec = finished_round(game_name, players, seed)
    assert open_app("#record=" + share.encode(rec)) == "ready"
    page.locator("#an-start").click()
    page.wait_for_selector("#analysis[data-analysis-state=running]")
    assert panel_violations(page) == [], "running"
    page.wait_for_selector("#analysis[data-analysis-state=done]", timeout=180000)
    assert page.get_attribute("#analysis", "data-runtime") == "micropython"
    page.locator("#an-list button").first.click()
    assert panel_violations(page) == [], "done"


@pytest.mark.no_pyodide      # the panel needs no Pyodide (tests/conftest.py: ?pyodide=off)
def test_the_history_panel(axe_page):  # noqa: F811
    page, open_app = axe_page
    assert open_app() == "ready"
    for spec in GAMES[:3]:
        text, _ = save_text(*spec)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["boneyard.game." + spec[4], text])
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.appState === 'ready'")
    page.locator("#history > summary").click()
    page.wait_for_selector("#history[open] #hist-games")
    assert severe_violations(page) == []
