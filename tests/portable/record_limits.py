"""Portable workload: the record limits and JSON escapes give the same results everywhere.

MicroPython's own parser decodes each half of a surrogate pair alone (six
U+FFFD): engine.record joins the pairs first, so every interpreter reads the
same names.  Code points are printed, not the characters.
"""

from engine import share
from engine.game import RecordError
from engine.record import MAX_DEPTH, MAX_RECORD_BYTES, dumps, loads, replay

CASES = [
    '{"names":["\\ud83d\\ude00 A","B\\uD83C\\uDFB2","\\u00e9\\u4e2d"]}',
    '{"names":["\\\\ud83d\\\\ude00","x\\"\\ud83d\\ude00\\"y"]}',
    '{"names":["\\ud83d A"]}',
    '{"names":["A\\ude00"]}',
    '{"a":"' + "[" * 50 + '"}',
    '{"a":' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}",
    '{"a":' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}",
    "[" * 20000,
    '{"a":' * 20000,
    '{"zz":"' + "x" * (MAX_RECORD_BYTES - 9) + '"}',
    '{"zz":"' + "x" * (MAX_RECORD_BYTES - 8) + '"}',
    '{"zz":"' + "\u00e9" * ((MAX_RECORD_BYTES - 10) // 2) + '"}',
    '{"zz":"' + "\u00e9" * ((MAX_RECORD_BYTES - 8) // 2) + '"}',
]


def codes(value):
    if isinstance(value, str):
        return [ord(c) for c in value][:12]
    if isinstance(value, list):
        return [codes(v) for v in value][:3]
    if isinstance(value, dict):
        return [[k, codes(value[k])] for k in sorted(value.keys())]
    return value


for text in CASES:
    try:
        print("ok", dumps(codes(loads(text)))[:200])
    except RecordError as exc:
        print("refused", exc.key, exc)
    if len(text) > 100000:
        continue     # MicroPython's binascii (pure Python) runs out of memory encoding 512 KB
    try:
        got = share.decode(share.encode(loads(text), False))
        print("  link ok", dumps(codes(got))[:120])
    except RecordError as exc:
        print("  link refused", exc.key)

rec = ('{"format":"domino-record/1","game":"moon","players":3,"names":["\\ud83d\\ude00 Ana","%s","Cleo"],'
       '"rounds":[]}')
for name in ["B" * 64, "\\ud83d\\ude00" * 64, "B" * 65, "\\ud83d\\ude00" * 65]:
    try:
        game = replay(rec % name)
        names = game.record()["names"]
        print("replayed", len(names[0]), len(names[1]), dumps(codes(names[0])), dumps(game.record())[60:80] != "")
    except RecordError as exc:
        print("refused", exc.key, exc)
