"""Whether the portable scripts run at nightly size (``BONEYARD_NIGHTLY=1``, as
tests/sizes.py says for the other tests): CPython reads its environment;
MicroPython and Pyodide, run in Node.js by tests/node/run.mjs, read Node's.

Not a script itself: tests/test_portability.py skips files named ``_*.py``.
"""

try:
    import js   # MicroPython or Pyodide: Node's globals
    NIGHTLY = str(getattr(js.process.env, "BONEYARD_NIGHTLY", None)) == "1"
except ImportError:
    import os
    NIGHTLY = os.environ.get("BONEYARD_NIGHTLY") == "1"


def size(fast, nightly):
    """``fast`` normally, ``nightly`` in the nightly-size run."""
    return nightly if NIGHTLY else fast
