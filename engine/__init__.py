"""Boneyard's engine: domino rules, game records and computer players.

Pure Python, standard library only, no I/O: the same files run on CPython,
Pyodide and MicroPython and give identical results on all three.
"""

__version__ = "0.1.0"
