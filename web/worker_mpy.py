"""The computer-player worker on MicroPython: the page's own runtime, so it
starts within a second of the page being ready, with no download of its own
beyond one bundle (every engine module precompiled, and ``web/worker.py``
as ``boneyard_worker``).

It answers exactly as the Pyodide worker does (the same functions over the
same engine); the page only gives it smaller budgets (see app/players.py).
"""

import unbundle

unbundle.unpack("worker.bundle")

from boneyard_worker import analyse_cancel, analyse_more, analyse_start, choose_action, deal_preview  # noqa: E402,F401,E501 -- importable only once unpacked

__export__ = ["deal_preview", "choose_action", "analyse_start", "analyse_more", "analyse_cancel"]
