"""A millisecond clock on every interpreter (only for time caps, never results)."""

try:
    from time import ticks_diff, ticks_ms   # MicroPython

    def elapsed_ms(start):
        return ticks_diff(ticks_ms(), start)

    def now():
        return ticks_ms()
except ImportError:
    from time import monotonic

    def now():
        return monotonic()

    def elapsed_ms(start):
        return (monotonic() - start) * 1000.0


class Deadline:
    """``Deadline(ms).passed()`` turns true once ``ms`` have elapsed (never with
    ``None``), counted from ``start`` (a :func:`now` value: when the decision
    began, so that its preparation counts too) or from now."""

    __slots__ = ("start", "ms")

    def __init__(self, ms, start=None):
        self.start = now() if start is None else start
        self.ms = ms

    def passed(self):
        return self.ms is not None and elapsed_ms(self.start) >= self.ms
