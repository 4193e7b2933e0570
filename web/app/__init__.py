"""The page's user interface (MicroPython, main thread).

Modules here may import ``engine`` and ``pyscript``; the engine never
imports from here.
"""
