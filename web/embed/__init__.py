"""The embed frame (embed.html): one recorded position, stepped through.

Runs on MicroPython only.  ``options`` reads the frame's query, ``picture``
draws a position (pure, tested on CPython), ``frame`` is the page glue.
"""
