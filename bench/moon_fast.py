"""Random Moon hands for the benchmark (bench/throughput_moon.py) and its tests.

Benchmark-only code, kept out of the engine: :class:`Draws` (several uniform
choices per 64-bit draw of an ``Rng``) and :func:`playout`, which finishes a
hand with uniformly random legal moves through the engine's simulation
interface (``legal_moves`` / ``apply_move``, no record) -- the same calls a
computer player's simulation makes, so the figure measures them.
Portable: it runs under CPython, MicroPython and Pyodide.
"""

_SPAN_MIN = 1 << 32


class Draws:
    """Uniform choices for simulations, several per 64-bit draw of an ``Rng``.

    ``below(n)`` takes the next mixed-radix digit of a pool of random bits and
    refills the pool with ``rng.next64()`` when fewer than 32 bits are left:
    one ``next64`` serves about ten choices among at most 8 moves (random
    playouts spent half their time in ``Rng.below``).  The bias is below
    ``n / 2**32``.  Deterministic on every interpreter.
    """

    __slots__ = ("rng", "pool", "span")

    def __init__(self, rng):
        self.rng = rng
        self.pool = 0       # uniform in 0 .. span-1
        self.span = 1

    def below(self, n):
        """A uniform integer in ``0 .. n-1``."""
        if self.span < _SPAN_MIN:
            self.pool = (self.pool << 64) | self.rng.next64()
            self.span <<= 64
        j = self.pool % n
        self.pool //= n
        self.span //= n
        return j


def playout(game, draws):
    """Finish ``game``'s hand with uniformly random legal moves drawn from ``draws``.

    Exactly ``while current_seat() is not None: apply_move(moves[draws.below(len(moves))])``
    with ``moves = legal_moves()``; nothing is logged, whatever the state.
    """
    legal_moves = game.legal_moves
    apply_move = game.apply_move
    below = draws.below
    moves = legal_moves()
    # legal_moves() is [] exactly when nobody is to act (current_seat() None).
    while moves:
        apply_move(moves[below(len(moves))])
        moves = legal_moves()
