"""The engine's own seeded random generator.

``random`` differs between CPython and MicroPython (and MicroPython's has no
``shuffle``), so every chance outcome the engine draws comes from here:
SplitMix64 in plain integer arithmetic, which gives the same stream on every
interpreter for the same seed.
"""

_MASK = 0xFFFFFFFFFFFFFFFF


class Rng:
    """A deterministic generator: the same ``seed`` gives the same stream."""

    __slots__ = ("state",)

    def __init__(self, seed=0):
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("a seed is a whole number, not %r" % (seed,))
        self.state = seed & _MASK

    def next64(self):
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n):
        """A uniform integer in ``0 .. n-1`` (rejection sampling: no bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if n == 1:
            return 0
        # Top 32 bits are plenty for our ranges and keep the rejection cheap.
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            # next64(), inlined: the computer players' world sampling draws
            # millions of these, and a call is most of the cost.
            z = (self.state + 0x9E3779B97F4A7C15) & _MASK
            self.state = z
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = (z ^ (z >> 31)) >> 32
            if x < limit:
                return x % n

    def choice(self, seq):
        """A uniformly chosen element of the non-empty sequence ``seq``."""
        return seq[self.below(len(seq))]

    def shuffle(self, items):
        """Shuffle the list ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self):
        """A new generator seeded from this one (for independent streams)."""
        return Rng(self.next64())
