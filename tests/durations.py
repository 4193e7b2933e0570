"""Each test file's measured time, for ordering the suite: slowest files first.

``tests/conftest.py`` runs the files in the order of ``tests/durations.json``
(heaviest first; a file it does not list after them, in the usual order),
each file's tests in their own order (module fixtures stay set up once).
Under ``--dist worksteal`` (build.py's default) the first worker starts on
the heavy half, the second on the light one and takes tests from the first
when it runs dry, so both end together instead of one waiting for a slow
test that started last.

Refresh the list from a full run's ``--durations=0`` output (any load: only
the order matters)::

    .venv/bin/python -m pytest --durations=0 -q > /tmp/durations.txt
    .venv/bin/python -m tests.durations /tmp/durations.txt
"""

import json
import re
import sys
from pathlib import Path

LIST = Path(__file__).resolve().parent / "durations.json"
LINE = re.compile(r"^(\d+(?:\.\d+)?)s (?:setup|call|teardown)\s+(\S+?)::")


def file_seconds(lines):
    """``{file: seconds}`` summed over every phase of every test, from pytest's duration lines."""
    totals = {}
    for line in lines:
        match = LINE.match(line)
        if match:
            totals[match.group(2)] = totals.get(match.group(2), 0.0) + float(match.group(1))
    return totals


def load():
    """``{file: seconds}`` as checked in (empty when the list is missing)."""
    try:
        return json.loads(LIST.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def order(paths, seconds):
    """``paths`` (test files, each once) slowest first by ``seconds``; those it lacks keep their order, after."""
    known = sorted((p for p in paths if p in seconds), key=lambda p: (-seconds[p], p))
    return known + [p for p in paths if p not in seconds]


def main(argv):
    if len(argv) != 1:
        print("usage: python -m tests.durations PYTEST_DURATIONS_OUTPUT", file=sys.stderr)
        return 2
    totals = file_seconds(Path(argv[0]).read_text(encoding="utf-8", errors="replace").splitlines())
    if not totals:
        print("no duration lines in %s (run pytest with --durations=0)" % argv[0], file=sys.stderr)
        return 1
    rounded = dict((p, round(t, 1)) for p, t in totals.items())
    ranked = dict((p, rounded[p]) for p in order(sorted(rounded), rounded))
    LIST.write_text(json.dumps(ranked, indent=1) + "\n", encoding="utf-8")
    print("%s: %d files, %.0f s in all" % (LIST, len(ranked), sum(ranked.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
