"""The page's entry point, run by MicroPython on the main thread.

Kept to one call so that the UI can grow in modules under ``web/app/``
(mounted as the ``app`` package next to ``engine``).
"""

from app import shell

await shell.start()  # noqa: F704 -- PyScript runs this file as async code
