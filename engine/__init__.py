"""Boneyard's engine: domino rules, game records and computer players.

Pure Python, standard library only, no I/O: the same files run on CPython,
Pyodide and MicroPython and give identical results on all three.

Where to start (the API guide is :mod:`engine.game`'s docstring):

* :mod:`engine.game` -- the one interface every game implements, the
  simulation interface the computer players use, and how to add a game;
* :mod:`engine.games` -- the registry: one entry per game, asked instead of
  comparing game names;
* :mod:`engine.chickenfoot`, :mod:`engine.moon` (with
  :mod:`engine.moon_rules`) -- the rules, one place per rule;
* :mod:`engine.record` -- ``domino-record/1``: read, validate, replay, write
  (the format: ``web/site/rules/record.html``);
* :mod:`engine.ai` -- the computer players (``choose``), from a view only;
* :mod:`engine.tiles`, :mod:`engine.rng` -- tiles and the seeded generator.
"""

__version__ = "0.1.0"
