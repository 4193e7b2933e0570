"""Three-Player Moon: bidding, the widow, trumps and seven tricks (RULES.md).

Two layers share one state:

* the **interface** of :class:`engine.game.Game` -- ``legal_actions()`` and
  ``apply(text)`` in record notation (``"pass"``, ``"4"`` .. ``"7"``, ``"21"``,
  ``"discard 6-4"``, ``"trump 5"``/``"trump doubles"``/``"trump none"``,
  ``"6-4"``), which validate, explain refusals and log the record;
* the **fast path** (the simulation interface of :mod:`engine.game`) --
  ``legal_moves()`` returns ints and ``apply_move(m)`` plays one without
  checking it or logging it; ``deal_fast(rng)`` deals without the notation
  (random hands for the benchmark: ``bench/moon_fast.py``).  A move is an int
  whose meaning depends on the phase: a bid (0 = pass, 4..7, 21), a tile id
  (discard, play) or a trump code (0..6, 7 = doubles, 8 = none).

Which tiles follow which lead, and who wins a trick, come from the per-trump
tables of :mod:`engine.moon_rules`, the one place those rules live.
Hands are bitmasks of tile ids (``1 << id``).

The package, one module per concern (each part of the state is a class
:class:`Moon` inherits):

* :mod:`.numbers` -- phases, bids, :func:`mask_ids`, tile and suit notation;
* :mod:`.deal` -- the shuffle, the rotation, a given deal's validation;
* :mod:`.play` -- the fast path: bidding, discard, trumps, tricks, scores;
* :mod:`.explain` -- actions in notation and the reasons for a refusal;
* :mod:`.views` -- a seat's view, copies, a state from a view;
* :mod:`.state` -- :class:`Moon` itself: its fields and the game.

Everything is importable from ``engine.moon`` as before the split.
"""

from ..moon_rules import (LED, MOON_BID, MOON_MASK, MOON_TILES, TRICKS, TRUMPS, WIN_SCORE,  # noqa: F401
                          follow_mask, trick_winner, tricks_needed, trump_code, trump_text)
from .deal import shuffled_tiles  # noqa: F401
from .numbers import (BIDDING, BIDS, DISCARD, GAME_OVER, HAND_SIZE, NOT_DEALT, PASS, PHASE_BIDDING,  # noqa: F401
                      PHASE_DISCARD, PHASE_NAMES, PHASE_TRUMP, PLAY, ROUND_OVER, TRUMP, TRUMP_MOVES, mask_ids,
                      parse_moon_tile, tile_names_desc)
from .state import Moon  # noqa: F401
