"""The site pages (rules, embed help) are light or dark: the reader's
prefers-color-scheme, unless the app's toggle remembered a choice in
localStorage "boneyard.theme" ("light" | "dark" | "auto"; anything else is
ignored).  Their diagrams (theme="auto") follow the page."""

import pytest

from conftest import PageWatch, guarded_page

pytestmark = pytest.mark.browser

DARK_PAPER = "rgb(16, 20, 19)"
LIGHT_PAPER = "rgb(246, 243, 234)"


def remembered(value):
    return "localStorage.setItem('boneyard.theme', %r);" % value if value is not None else ""


@pytest.mark.parametrize("scheme, stored, expected", [
    ("light", None, "light"),
    ("dark", None, "dark"),
    ("light", "dark", "dark"),
    ("dark", "light", "light"),
    ("dark", "auto", "dark"),
    ("dark", "purple", "dark"),        # not a choice: the preference stands
    ("light", "<b>", "light"),
])
def test_site_page_theme(browser, site, scheme, stored, expected):
    for page in guarded_page(browser, PageWatch(), init_script=remembered(stored), color_scheme=scheme,
                             service_workers="block"):
        page.goto(site + "rules/moon.html")
        paper = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
        assert paper == (DARK_PAPER if expected == "dark" else LIGHT_PAPER)
        assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == expected
        # Text stays readable: light ink on dark paper, or dark on light.
        ink = page.evaluate("getComputedStyle(document.querySelector('main p')).color")
        assert (ink == "rgb(233, 230, 220)") is (expected == "dark")
        element = page.locator("domino-game").first
        element.locator("iframe").wait_for(state="attached", timeout=30000)
        root = element.frame_locator("iframe").locator("html[data-embed-state='ready']")
        root.wait_for(state="attached", timeout=30000)
        assert root.get_attribute("data-theme") == expected

