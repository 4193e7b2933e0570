"""Content-Security-Policy: every page carries build.CSP (no inline script),
the server sends it too, and the app, its worker and the embeds run under it
with no violation (a planted inline script proves violations are counted)."""

import re
import urllib.request

import pytest

import build
from conftest import APP_READY_TIMEOUT_MS, WORKER_READY_TIMEOUT_MS, wait_for_state

META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
# Counts violations in every frame from its first script on (init scripts
# are not subject to the page's policy).
COUNTER = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI), true);
"""


def pages(dist):
    return sorted(p for p in dist.rglob("*.html") if "pyscript" not in p.parts and "runtime" not in p.parts)


def test_every_page_has_the_policy_and_no_inline_script(dist_dir):
    found = pages(dist_dir)
    names = {p.relative_to(dist_dir).as_posix() for p in found}
    assert {"index.html", "embed.html", "embed-help.html", "rules/chicken-foot.html", "rules/moon.html"} <= names
    for path in found:
        text = path.read_text(encoding="utf-8")
        assert META.findall(text) == [build.CSP], path
        assert build.CSP_MARK not in text
        for tag in re.findall(r"<script\b[^>]*>", text):
            assert " src=" in tag, (path, tag)
        assert not re.search(r"\son[a-z]+=", text), path
        assert "javascript:" not in text


def test_policy_allows_no_inline_script():
    directives = dict(d.strip().split(" ", 1) for d in build.CSP.split(";"))
    assert "'unsafe-inline'" not in directives["script-src"]
    assert directives["script-src"].split() == ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"]
    assert directives["object-src"] == "'none'"


def test_server_sends_the_policy_with_pages(site):
    for path in ["", "embed.html", "rules/moon.html"]:
        with urllib.request.urlopen(site + path) as response:
            assert response.headers["Content-Security-Policy"] == build.CSP, path


def violations(page):
    return [v for frame in page.frames for v in (frame.evaluate("window.__csp || []") or [])]


@pytest.mark.browser
def test_app_worker_and_embeds_run_without_violations(page, site, page_watch):
    page.context.add_init_script(COUNTER)
    page.goto(site)
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    assert wait_for_state(page, "worker-state", WORKER_READY_TIMEOUT_MS) == "ready"
    assert violations(page) == []

    page.goto(site + "embed-help.html")
    # Frames start as their diagram comes near the viewport: bring each there.
    states = []
    for element in page.locator("domino-game").all():
        element.scroll_into_view_if_needed()
        element.locator("iframe").wait_for(state="attached", timeout=30000)
        root = element.frame_locator("iframe").locator("html[data-embed-state='ready'], html[data-embed-state='error']")
        root.wait_for(state="attached", timeout=30000)
        states.append(root.get_attribute("data-embed-state"))
    assert states == ["ready", "ready", "error"]   # the third is the page's malformed example
    assert len(page.frames) == 4
    assert violations(page) == []

    # The counter works: an inline script is refused and counted.
    page.evaluate("""() => { const s = document.createElement('script');
        s.textContent = 'window.__ran = 1'; document.body.append(s); }""")
    page.wait_for_function("() => window.__csp.length > 0")
    assert page.evaluate("window.__ran") is None
    assert any(v.startswith("script-src") for v in violations(page))
    # Its refusal is logged as a console error: the one error expected here.
    # (Once per policy: the <meta> and the header both refuse it.)
    planted = [e for e in page_watch.errors if "Executing inline script violates" in e]
    assert 1 <= len(planted) <= 2
    page_watch.errors[:] = [e for e in page_watch.errors if e not in planted]
