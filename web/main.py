"""The page's entry point, run by MicroPython on the main thread.

Kept to one call so that the UI can grow in modules under ``web/app/``
(the ``app`` package next to ``engine``, both unpacked from the page's
bundle: see ``web/unbundle.py``).
"""

import unbundle

unbundle.unpack_or_report("page.bundle")

from app import shell  # noqa: E402 -- importable only once unpacked

await shell.start()  # noqa: F704 -- PyScript runs this file as async code
