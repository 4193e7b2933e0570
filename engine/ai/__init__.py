"""Computer players and the search tools behind them (portable Python, no I/O).

:mod:`engine.ai.moon_solver` is Moon's exact perfect-information solver.
"""
