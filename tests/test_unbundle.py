"""web/unbundle.py: the page's bundle reads back exactly what build.py put in, or nothing."""

import os

import pytest

import build
import unbundle


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def make(files):
    """A bundle of ``files`` ({path: bytes}) in build.py's format, through build.bundle's own writer."""
    return build.bundle_bytes(sorted(files.items()))


def test_round_trip_writes_every_file_with_its_folders_and_removes_the_bundle(in_tmp):
    files = {"pkg/__init__.mpy": b"", "pkg/sub/mod.mpy": b"M\x06\x00\x1f\x00\x01\n\xff",
             "i18n/en.json": '{"a": "é…"}'.encode("utf-8"), "top.txt": b"x" * 70000}
    (in_tmp / "b.bundle").write_bytes(make(files))
    assert unbundle.unpack("b.bundle") == 4
    for name, data in files.items():
        assert (in_tmp / name).read_bytes() == data
    assert not (in_tmp / "b.bundle").exists()


def test_unpacking_over_existing_folders_and_keeping_the_bundle(in_tmp):
    (in_tmp / "pkg").mkdir()
    (in_tmp / "b.bundle").write_bytes(make({"pkg/a.mpy": b"1"}))
    assert unbundle.unpack("b.bundle", remove=False) == 1
    assert (in_tmp / "b.bundle").is_file() and (in_tmp / "pkg" / "a.mpy").read_bytes() == b"1"


@pytest.mark.parametrize("damage, message", [
    (lambda b: b.replace(b"\n", b" ", 1), "no index line"),
    (lambda b: b"{not json\n" + b.split(b"\n", 1)[1], "not JSON"),
    (lambda b: b[:-3], "truncated at pkg/b.mpy"),
    (lambda b: b + b"extra", "5 bytes after the last file"),
    (lambda b: b"123\n" + b.split(b"\n", 1)[1], "the index is not a list"),
    (lambda b: b'{"a": 1}\n' + b.split(b"\n", 1)[1], "the index is not a list"),
    (lambda b: b'[["pkg/a.mpy", "3"]]\nabc', "a bad index entry"),
    (lambda b: b'[["pkg/a.mpy", -1]]\n', "a bad index entry"),
    (lambda b: b'[["pkg/a.mpy"]]\n', "a bad index entry"),
])
def test_a_damaged_bundle_is_refused_and_nothing_is_written(in_tmp, damage, message):
    (in_tmp / "b.bundle").write_bytes(damage(make({"pkg/a.mpy": b"abc", "pkg/b.mpy": b"defgh"})))
    with pytest.raises(unbundle.BundleError, match=message):
        unbundle.unpack("b.bundle")
    assert sorted(os.listdir(in_tmp)) == ["b.bundle"]


def test_entries_share_the_bundles_memory():
    data = bytearray(make({"a": b"hello", "b": b"world"}))
    (_, a), (_, b) = unbundle.entries(data)
    data[-1:] = b"D"
    assert bytes(a) == b"hello" and bytes(b) == b"worlD"


def test_read_file_returns_the_whole_file(in_tmp):
    (in_tmp / "f").write_bytes(bytes(range(256)) * 1000)
    assert unbundle.read_file("f") == bytearray(bytes(range(256)) * 1000)
    with pytest.raises(OSError):
        unbundle.read_file("missing")
