"""The record limits of RULES.md (size, nesting, names) and JSON escapes, on CPython and the CLI.

tests/portable/record_limits.py checks the same on MicroPython and Pyodide.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import share
from engine.game import RecordError
from engine.record import MAX_DEPTH, MAX_NAME, MAX_RECORD_BYTES, check_text, dumps, loads, new_game, replay
from engine.rng import Rng
from tests.helpers import played

ROOT = Path(__file__).resolve().parent.parent


def cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "engine"] + list(args), cwd=str(ROOT),
                          input=stdin, capture_output=True, text=True, timeout=120)


def small_record(names=None):
    game = new_game("moon", 3, names=names or ["Ana", "Ben", "Cleo"])
    game.start_round(game.new_deal(Rng(3)))
    for _ in range(5):
        game.apply(game.legal_actions()[-1])   # bids, not an all-pass hand
    return game.record()


def padded(rec, total_bytes):
    """``rec`` as JSON text of exactly ``total_bytes`` bytes (an unknown field pads it)."""
    rec = dict(rec)
    rec["zz"] = ""
    base = len(dumps(rec).encode("utf-8"))
    rec["zz"] = "x" * (total_bytes - base)
    text = dumps(rec)
    assert len(text.encode("utf-8")) == total_bytes
    return text


def test_the_limits_are_those_of_the_rules():
    assert MAX_RECORD_BYTES == 524288 and MAX_DEPTH == 32 and MAX_NAME == 64


def test_a_complete_ten_round_eight_player_match_is_far_below_the_limit():
    out = cli("selfplay", "--game", "chicken-foot", "--players", "8", "--seed", "1")
    rec = json.loads(out.stdout)
    assert len(rec["rounds"]) == 10 and rec["rounds"][-1].get("scores")
    size = len(out.stdout.strip().encode("utf-8"))
    assert size < MAX_RECORD_BYTES // 20, size   # about 9 KB


def test_just_under_the_size_limit_replays_and_just_over_is_refused():
    rec = small_record()
    assert replay(padded(rec, MAX_RECORD_BYTES)).action_count() == 5
    with pytest.raises(RecordError) as err:
        loads(padded(rec, MAX_RECORD_BYTES + 1))
    assert err.value.key == "record.too_large" and "524289 bytes" in str(err.value)
    # Counted in UTF-8 bytes, not characters: 2-byte characters reach it at half the length.
    with pytest.raises(RecordError):
        loads('{"zz":"' + "é" * (MAX_RECORD_BYTES // 2) + '"}')


@pytest.mark.parametrize("opener,closer", [("[", "]"), ('{"a":', "}")])
def test_deep_nesting_is_refused_before_parsing_with_its_place(opener, closer):
    ok = '{"x":' + opener * (MAX_DEPTH - 1) + "1" + closer * (MAX_DEPTH - 1) + "}"
    assert loads(ok)["x"] is not None
    for depth in (MAX_DEPTH, 50000):
        text = '{"x":' + opener * depth + "1" + closer * depth + "}"
        with pytest.raises(RecordError) as err:
            loads(text)
        assert err.value.key == "record.too_deep"
        assert "more than 32 levels (at character %d)" % (5 + (MAX_DEPTH - 1) * len(opener)) in str(err.value)


def test_brackets_and_escaped_quotes_inside_strings_are_not_nesting():
    name = '[[{{' * 20 + '\\"' + "[" * 40 + "\\\\"
    text = '{"format":"x","names":["%s"],"y":"\\\\\\"[["}' % name
    data = loads(text)
    assert data["names"][0] == json.loads('"%s"' % name)
    assert data["y"] == '\\"[['


def test_surrogate_pair_escapes_become_their_character():
    rec = small_record(["\U0001F600 A", "B\U0001F3B2", "Cleo"])
    text = json.dumps(rec)                     # what Python writes: \ud83d\ude00
    assert "\\ud83d\\ude00" in text
    game = replay(text)
    assert game.record()["names"] == ["\U0001F600 A", "B\U0001F3B2", "Cleo"]
    assert "\U0001F600 A" in dumps(game.record())
    with pytest.raises(RecordError) as err:
        loads('{"names":["\\ud83d A"]}')
    assert err.value.key == "record.lone_surrogate"
    # An escaped backslash before "u" is no escape: the text stays as written.
    assert loads('{"a":"\\\\ud83d\\\\ude00"}')["a"] == "\\ud83d\\ude00"
    assert check_text('{"a":"x"}') == '{"a":"x"}'


def test_a_name_over_the_limit_is_refused_never_cut():
    at_limit = "N" * MAX_NAME
    game = replay(dumps(small_record([at_limit, "\U0001F600" * MAX_NAME, "C"])))
    assert game.record()["names"][0] == at_limit
    with pytest.raises(RecordError) as err:
        replay(dumps(small_record(["A", "N" * (MAX_NAME + 1), "C"])))
    assert err.value.key == "record.name_too_long"
    assert str(err.value) == "name 2 is 65 characters long; a name has at most 64 (Unicode code points)"


def test_share_links_use_the_same_limits():
    rec = small_record()
    code = share.encode(json.loads(padded(rec, MAX_RECORD_BYTES)))
    assert share.decode(code)["zz"] == ""   # an unknown field: checked, not parsed
    with pytest.raises(RecordError):
        share.decode(share.encode(json.loads(padded(rec, MAX_RECORD_BYTES + 1))))
    with pytest.raises(RecordError) as err:
        share.decode("j" + "A" * (share.MAX_CODE_CHARS + 10))
    assert err.value.key == "record.too_large"
    deep = {"a": 1}
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    with pytest.raises(RecordError) as err:
        share.decode(share.encode({"x": deep}))
    assert err.value.key == "record.too_deep"


@pytest.fixture(scope="module")
def hostile_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    files = {"deep-arrays": "[" * 100000, "deep-objects": '{"a":' * 100000,
             "big": padded(small_record(), MAX_RECORD_BYTES + 1)}
    paths = {}
    for name, text in files.items():
        paths[name] = folder / (name + ".json")
        paths[name].write_text(text, encoding="utf-8")
    return paths


@pytest.mark.parametrize("command", ["replay", "legal", "move", "solve"])
@pytest.mark.parametrize("which,words", [("deep-arrays", "nested too deeply: more than 32 levels"),
                                         ("deep-objects", "nested too deeply: more than 32 levels"),
                                         ("big", "too large: 524289 bytes of JSON, the limit is 524288")])
def test_cli_refuses_hostile_records_in_one_line(hostile_files, command, which, words):
    out = cli(command, str(hostile_files[which]))
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("error: ") and words in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("which", ["deep-arrays", "big"])
def test_cli_refuses_hostile_records_on_stdin(hostile_files, which):
    out = cli("replay", "-", stdin=hostile_files[which].read_text(encoding="utf-8"))
    assert out.returncode == 1 and out.stdout == "" and out.stderr.count("\n") == 1
    assert out.stderr.startswith("error: the record is ")


def test_cli_deep_options_are_one_line_too():
    out = cli("selfplay", "--game", "chicken-foot", "--options", "[" * 100000)
    assert out.returncode == 1 and out.stdout == "" and out.stderr.count("\n") == 1
    assert "Traceback" not in out.stderr


# Pieces of JSON-like text without backslashes: check_text's fast path (the
# interpreter's own split/join/count) must answer exactly as the full scan.
_PIECES = ["[", "]", "{", "}", ",", ":", " ", "1", '"k"', '"rounds"', '"zz"', '"a[{"', '"' + "x" * 1100 + '"',
           '"' + "]" * 1030 + '"', '"']


@pytest.mark.parametrize("seed", range(60))
def test_the_fast_check_of_plain_text_answers_as_the_full_scan(seed):
    from engine import record

    rng = Rng(seed)
    for _ in range(40):
        text = "".join([rng.choice(_PIECES) for _ in range(1 + rng.below(120))])
        if rng.below(4) == 0:
            text = "[" * (25 + rng.below(16)) + text

        def answer(check):
            try:
                return ("ok", check())
            except RecordError as exc:
                return ("refused", str(exc))

        assert answer(lambda: check_text(text)) == answer(lambda: record._check_scan(text, text.split('"'), MAX_DEPTH)), text


def test_a_long_game_with_a_long_unknown_field_takes_the_fast_check():
    """A complete Moon game padded to the limit: the field dropped unparsed, the rest kept."""
    text = padded(played("moon", 3, 2), MAX_RECORD_BYTES)
    checked = check_text(text)
    assert '"zz":""' in checked and len(checked) < len(text) - 300000
    assert json.loads(checked)["rounds"] == json.loads(text)["rounds"]

