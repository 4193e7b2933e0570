"""The canonical JSON of a game's record, kept up to date move by move (what a save costs).

``records.dumps(game.record())`` of a whole match on every move was most of
a save's cost on MicroPython (34 ms for a 10-round 8-player match).  A
game's record only grows: rounds are appended, the last round's actions
are appended, and its scores are written once, at its end.  So a finished
round is encoded once, the round in play one action at a time, and the
text is put together from those pieces: byte for byte what
``records.dumps(game.record())`` writes (tests/test_recordtext.py compares the
two after every move of whole games).  Undo gives a new game, and a new
game starts the pieces afresh.

No DOM here: CPython tests run it.
"""

from engine import record as records

# A string no record holds in these places: it marks where the pieces go.
_HOLE = "\u0000hole"


def _around(value, key):
    """``records.dumps(value)`` split where ``value[key]`` is written: (before, after), or None."""
    holed = dict(value)
    holed[key] = _HOLE
    parts = records.dumps(holed).split(records.dumps(_HOLE))
    return (parts[0], parts[1]) if len(parts) == 2 else None


class RecordText:
    """``text()``: the record of ``game`` as canonical JSON, re-encoding only what changed."""

    def __init__(self, game):
        self.game = game
        self.done = []      # the finished rounds' texts, in order
        self.open = None    # the round in play: [index, (before, after) its actions, action texts]

    def text(self):
        rec = self.game.record(False)   # read only: a thousand rounds are not copied at every move
        rounds = rec["rounds"]
        head = _around(rec, "rounds")
        if head is None or len(rounds) < len(self.done):
            return records.dumps(rec)   # not a shape this knows: the plain way
        while len(self.done) < len(rounds) and "scores" in rounds[len(self.done)]:
            self.done.append(records.dumps(rounds[len(self.done)]))
        if len(self.done) < len(rounds) - 1:
            return records.dumps(rec)   # an unfinished round before the last: not a game's
        pieces = self.done[:]   # a slice: MicroPython's list() copies item by item
        if len(self.done) < len(rounds):
            pieces.append(self._open_round(len(self.done), rounds[len(self.done)]))
        return head[0] + "[" + ",".join(pieces) + "]" + head[1]

    def _open_round(self, index, rnd):
        actions = rnd.get("actions")
        if self.open is None or self.open[0] != index or not isinstance(actions, list) or \
                len(actions) < len(self.open[2]):
            around = _around(rnd, "actions")
            if around is None or not isinstance(actions, list):
                self.open = None
                return records.dumps(rnd)
            self.open = [index, around, []]
        texts = self.open[2]
        for i in range(len(texts), len(actions)):
            texts.append(records.dumps(actions[i]))
        before, after = self.open[1]
        return before + "[" + ",".join(texts) + "]" + after
