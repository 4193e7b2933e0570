"""How many examples the property tests run: a fast set by default (CI), the
nightly size with ``BONEYARD_NIGHTLY=1`` (see the README)."""

import os

NIGHTLY = os.environ.get("BONEYARD_NIGHTLY") == "1"


def examples(fast, nightly):
    """``fast`` examples normally, ``nightly`` in the nightly-size run."""
    return nightly if NIGHTLY else fast
