"""build.py ships the bundles' translation catalogs compressed; web/unbundle.py
inflates a catalog when it is read (zlib on CPython, MicroPython's deflate on
the page: the portability tests run the page bundle on MicroPython, and every
browser test reads its catalogs so), reads a bundle compressed whole as well,
and refuses a damaged one."""

import json

import pytest

import build
import unbundle
from app import i18n


def test_the_catalogs_travel_compressed_and_read_back_as_the_sources(dist_dir, tmp_path, monkeypatch):
    assert build.COMPRESSED_BUNDLE == unbundle.COMPRESSED
    assert build.BUNDLE_COMPRESSION == "catalogs"
    for path in (build.PAGE_BUNDLE, build.EMBED_BUNDLE):
        data = (dist_dir / path).read_bytes()
        entries = dict(unbundle.entries(data, raw=True))
        # Read as a bundle (not raw), each file is its source again.
        assert {n: bytes(d) for n, d in unbundle.entries(data)}["i18n/en.json"] == (
            build.ROOT / "web" / "i18n" / "en.json").read_bytes()
        catalogs = sorted(n for n in entries if n.startswith("i18n/"))
        assert catalogs == ["i18n/%s.json" % lang for lang in sorted(i18n.LANGS)], path
        for name in catalogs:
            data = bytes(entries[name])
            source = (build.ROOT / "web" / name).read_bytes()
            assert data.startswith(unbundle.COMPRESSED) and len(data) < 0.4 * len(source), name
            (tmp_path / "c.json").write_bytes(data)
            assert bytes(unbundle.read_file(str(tmp_path / "c.json"))) == source
        # Everything else as it was: the modules (imported straight from the
        # file system) and the worker configs (read by app.players).
        assert not [n for n, d in entries.items() if not n.startswith("i18n/")
                    and bytes(d).startswith(unbundle.COMPRESSED)]
    # The page's i18n reads them from the unpacked bundle.
    (tmp_path / "page.bundle").write_bytes((dist_dir / build.PAGE_BUNDLE).read_bytes())
    monkeypatch.chdir(tmp_path)
    unbundle.unpack("page.bundle")
    assert json.loads(unbundle.read_file("i18n/sq.json")) == json.loads(
        (build.ROOT / "web" / "i18n" / "sq.json").read_text(encoding="utf-8"))


def test_a_bundle_compressed_whole_reads_back_whole():
    plain = build.bundle_bytes([("pkg/a.mpy", b"abc" * 100), ("i18n/en.json", b'{"a": "b"}')])
    packed = build.compressed(plain)
    assert packed.startswith(unbundle.COMPRESSED) and len(packed) < len(plain)
    assert bytes(unbundle.inflate(packed)) == plain
    assert [(n, bytes(d)) for n, d in unbundle.entries(packed)] == [(n, bytes(d)) for n, d in unbundle.entries(plain)]


def test_a_damaged_compressed_bundle_is_refused():
    plain = build.bundle_bytes([("pkg/a.mpy", b"abc" * 100)])
    good = build.compressed(plain)
    rest = good.split(b"\n", 1)[1]
    for damaged, message in [(good[:-5], "damaged|holds"), (b"#z %d\n" % (len(plain) + 1) + rest, "holds"),
                             (b"#z x\n" + rest, "header"), (b"#z 12", "header"),
                             (good[:20] + b"\0" * 8 + good[28:], "damaged|holds")]:
        with pytest.raises(unbundle.BundleError, match=message):
            unbundle.entries(damaged)
