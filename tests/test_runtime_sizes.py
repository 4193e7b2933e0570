"""The runtime files' sizes build.py writes (RUNTIME_SIZES) and the page's
check of a HEAD against them (app.runtime_files): a wrong
table would give up a healthy Pyodide, a missing check would leave a damaged
one loading until its time-out."""

import json

import build
from app import runtime_files


class Headers:
    """A JS ``Headers`` as the page sees it (``has``/``get``; names lower case)."""

    def __init__(self, **values):
        self.values = {k.replace("_", "-"): v for k, v in values.items()}

    def has(self, name):
        return name in self.values

    def get(self, name):
        return self.values.get(name)


def test_the_built_sizes_are_those_of_the_runtime_files_in_dist(dist_dir):
    assert "./" + build.RUNTIME_SIZES == runtime_files.SIZES
    text = (dist_dir / build.RUNTIME_SIZES).read_text()
    sizes = json.loads(text)
    assert sorted(sizes) == sorted(runtime_files.NAMES)
    for package, target, names in build.RUNTIME_FILES:
        runtime = "pyodide" if target == build.PYODIDE_DIR else "micropython"
        table = {name: (dist_dir / target / name).stat().st_size for name in names}
        assert sizes[runtime] == table
        assert runtime_files.built_sizes(runtime, text) == table
    # Every file the page probes has its size in the table.
    for runtime, names in runtime_files.NAMES.items():
        assert set(names) <= set(sizes[runtime]), runtime


def test_a_head_announcing_another_length_is_a_damaged_file():
    sizes = {"python_stdlib.zip": 2000000}
    url = "http://x/runtime/pyodide-1/python_stdlib.zip"
    assert runtime_files.wrong_size(url, Headers(content_length="2000000"), sizes) is None
    assert runtime_files.wrong_size(url, Headers(content_length="7"), sizes) == (
        url + " is 7 bytes, not the 2000000 built")
    # What tells nothing: no length, a compressed body, a file not in the table, a bad header.
    assert runtime_files.wrong_size(url, Headers(), sizes) is None
    assert runtime_files.wrong_size(url, Headers(content_length="900", content_encoding="gzip"), sizes) is None
    assert runtime_files.wrong_size(url, Headers(content_length="7", content_encoding="identity"), sizes) is not None
    assert runtime_files.wrong_size("http://x/other.zip", Headers(content_length="7"), sizes) is None
    assert runtime_files.wrong_size(url, Headers(content_length="seven"), sizes) is None


def test_the_probed_urls_sit_beside_the_runtime_module_and_a_bad_table_is_empty():
    assert runtime_files.urls("pyodide", "http://x/runtime/pyodide-1/pyodide.mjs") == [
        "http://x/runtime/pyodide-1/" + name for name in runtime_files.NAMES["pyodide"]]
    assert runtime_files.urls("micropython", "http://x/m/micropython.mjs") == []
    for bad in ("", "not json", "[1, 2]", '{"pyodide": [1]}', '{"micropython": {}}'):
        assert runtime_files.built_sizes("pyodide", bad) == {}, bad
    assert runtime_files.built_sizes("pyodide", '{"pyodide": {"a.zip": 3, "b": "4", "c": true}}') == {"a.zip": 3}
