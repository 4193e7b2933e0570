"""Every page in dist/ is valid HTML: html-validate (pinned in package.json's
devDependencies, installed by npm ci with the runtimes), its "standard"
preset (what the HTML standard requires, not a house style), 0 errors."""

import json
import subprocess

from conftest import ROOT

CONFIG = ROOT / "tests" / "htmlvalidate.json"
VALIDATOR = ROOT / "node_modules" / "html-validate" / "bin" / "html-validate.mjs"


def validate(paths):
    """html-validate's JSON report of ``paths`` (its messages, per file)."""
    result = subprocess.run(["node", str(VALIDATOR), "--config", str(CONFIG), "--formatter", "json"]
                            + [str(p) for p in paths], capture_output=True, text=True, cwd=ROOT)
    assert result.stdout.strip(), result.stderr
    return json.loads(result.stdout)


def test_every_page_in_dist_is_valid_html(dist_dir):
    pages = sorted(dist_dir.rglob("*.html"))
    assert {p.relative_to(dist_dir).as_posix() for p in pages} >= {
        "index.html", "embed.html", "embed-help.html", "rules/chicken-foot.html", "rules/moon.html"}
    errors = ["%s:%d:%d %s (%s)" % (report["filePath"], m["line"], m["column"], m["message"], m["ruleId"])
              for report in validate(pages) for m in report["messages"] if m["severity"] == 2]
    assert errors == []


def test_the_validator_finds_a_misplaced_figcaption(tmp_path):
    """The check can fail: main's old embed.html put its <figcaption> between two <div>s."""
    bad = tmp_path / "bad.html"
    bad.write_text('<!doctype html><html lang="en"><head><title>x</title></head><body><figure>'
                   '<div>a</div><figcaption>c</figcaption><div>d</div></figure></body></html>', encoding="utf-8")
    messages = validate([bad])[0]["messages"]
    assert [m["ruleId"] for m in messages] == ["element-permitted-order"]


SITE_PAGES = ["embed-help.html", "rules/chicken-foot.html", "rules/moon.html"]


def test_site_pages_have_a_description_a_theme_colour_and_the_manifest(dist_dir):
    from html.parser import HTMLParser

    class Head(HTMLParser):
        def __init__(self):
            super().__init__()
            self.meta, self.links = {}, {}

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "meta" and "name" in a:
                self.meta.setdefault(a["name"], []).append(a)
            if tag == "link" and "rel" in a:
                self.links[a["rel"]] = a["href"]

    descriptions = set()
    for name in SITE_PAGES:
        head = Head()
        head.feed((dist_dir / name).read_text(encoding="utf-8"))
        description = head.meta["description"][0]
        assert 50 <= len(description["content"]) <= 160, name
        assert description["data-i18n-attr"].startswith("content:"), name   # translated with the page
        descriptions.add(description["content"])
        assert {m.get("media") for m in head.meta["theme-color"]} == {
            "(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"}, name
        manifest = (dist_dir / name).parent / head.links["manifest"]
        assert manifest.resolve() == (dist_dir / "web" / "manifest.webmanifest").resolve(), name
    assert len(descriptions) == len(SITE_PAGES)
