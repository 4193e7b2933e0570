"""The table: the centre's trains, the open foot's toes and the free ends.

:class:`Table` is one part of :class:`~engine.chickenfoot.ChickenFoot`: the
one place the table's constraints are stated (:meth:`Table._constrain`) and
its open ends are tracked (:meth:`Table._attach`), plus what a renderer or
a computer player reads of it.  The centre double takes exactly ``spokes``
trains; a non-double tile offers one open end (its other number) until
something is attached to it; a double played off the centre is a *foot*
that takes exactly three toes, and while it has fewer every other play is
barred.
"""

from ..game import PHASE_NOT_DEALT
from ..tiles import HI, IS_DOUBLE, NAMES, PIPS
from .numbers import NUM_MASK, NUMS_TO_TILES, ROUNDS, TOES


class Table:
    """What the table accepts, and what it shows."""

    def _constrain(self):
        """Work out what the table accepts now: the one statement of the constraints.

        The centre takes every play until it has its trains, then an open
        foot takes every play until it has its toes, then any free end
        will do.  Sets ``_pmask`` (:meth:`playable_mask`) and ``_target``
        (:meth:`forced_target`); called whenever the table changes
        (:meth:`_attach`, :meth:`_clear_round`), so the hot loops read them
        instead of deciding again.
        """
        if self.spokes < self.spokes_req:
            self._target = self.centre
            self._pmask = NUM_MASK[self.dnum]
        elif self.foot >= 0:
            self._target = self.foot
            self._pmask = NUM_MASK[HI[self.foot]]
        else:
            self._target = -1
            self._pmask = NUMS_TO_TILES[self.open_nums]

    def playable_mask(self):
        """Every tile that could be played now, by anyone (the constraints in force)."""
        return self._pmask

    def forced_target(self):
        """The tile every play must attach to now, or -1 when any open end will do.

        The centre while it lacks trains, else the open foot (-1 if none).
        """
        return self._target

    def open_numbers(self):
        """The numbers with a free end on the table, as a 10-bit mask."""
        return self.open_nums

    def open_end(self, n):
        """The table tile whose free end ``n`` opened first, or -1 if none."""
        ends = self.ends[n]
        return ends[0] if ends else -1

    def open_end_counts(self):
        """Per number 0-9, the free ends showing it (the centre and an open foot not counted)."""
        return [len(e) for e in self.ends]

    def start_table(self, round_index):
        """An empty table for round ``round_index``: its centre double alone, no hands, no yard.

        With :meth:`attach` and :meth:`playable_mask`, how the computer players
        replay a round's public history to learn what was playable when
        (:mod:`engine.ai.cf_know`), under exactly these rules.
        """
        self.round_index = round_index
        self._clear_round(ROUNDS - 1 - round_index)

    def attach(self, t, b):
        """Put tile ``t`` against table tile ``b`` (unchecked): the table's bookkeeping, no turn."""
        self._attach(t, b)

    def _attach(self, t, b):
        """Put tile ``t`` on the table against ``b``: the open-end bookkeeping.

        The one place that tracks the centre's trains, the open foot's toes
        and the free ends per number; :meth:`apply_move` adds the turn around
        it, :meth:`from_view` rebuilds a table with it.
        """
        if b == self.centre:
            m = self.dnum
            self.spokes += 1
        elif b == self.foot:
            m = HI[b]
            self.toes += 1
            if self.toes == TOES:
                self.foot = -1
        else:
            m = PIPS[b] - self.matched[b]   # b's free end
            lst = self.ends[m]
            lst.remove(b)
            if not lst:
                self.open_nums &= ~(1 << m)
        self.parent[t] = b
        self.matched[t] = m
        self.table |= 1 << t
        self.placed.append(t)
        if IS_DOUBLE[t]:
            self.foot = t
            self.toes = 0
        else:
            o = PIPS[t] - m
            self.ends[o].append(t)
            self.open_nums |= 1 << o
        self._constrain()

    def layout(self):
        """Every table tile, in the order played, with what a renderer needs.

        Each entry: ``tile``; ``parent`` (the tile it is attached to, None for
        the centre); ``matched`` (the number it matched, None for the centre);
        ``open`` (its free end, None for doubles and tiles with something
        attached); ``double``; ``toes`` (tiles attached to a double: a foot's
        toes, the centre's spokes); ``branch`` (the spoke it hangs from, in the
        order the spokes were played, None for the centre); ``depth`` (0 for
        the centre); ``slot`` (its index among its parent's children).
        """
        kids = {}
        branch = {}
        depth = {}
        out = []
        centre = self.centre
        for t in self.placed:
            b = self.parent[t]
            if t == centre:
                br, dp, slot = None, 0, 0
            else:
                slot = kids.get(b, 0)
                kids[b] = slot + 1
                br = slot if b == centre else branch[b]
                dp = depth[b] + 1
            branch[t] = br
            depth[t] = dp
            out.append({"tile": NAMES[t], "parent": None if b < 0 else NAMES[b],
                        "matched": None if t == centre else self.matched[t],
                        "open": None, "double": IS_DOUBLE[t], "toes": 0,
                        "branch": br, "depth": dp, "slot": slot})
        for i in range(len(self.placed)):
            t = self.placed[i]
            entry = out[i]
            if IS_DOUBLE[t]:
                entry["toes"] = kids.get(t, 0)
            elif kids.get(t, 0) == 0:
                entry["open"] = PIPS[t] - self.matched[t]
        return out

    def open_ends(self):
        """Where a tile could attach now, as ``[tile, number]`` pairs (the constraints in force)."""
        if self._phase == PHASE_NOT_DEALT:
            return []
        if self.spokes < self.spokes_req:
            return [[NAMES[self.centre], self.dnum]]
        if self.foot >= 0:
            return [[NAMES[self.foot], HI[self.foot]]]
        out = []
        for t in self.placed:
            if not IS_DOUBLE[t]:
                n = PIPS[t] - self.matched[t]
                if t in self.ends[n]:
                    out.append([NAMES[t], n])
        return out

