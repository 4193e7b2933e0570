"""Chicken Foot, exactly as RULES.md states it (every rule and Decision).

Two layers share one set of rules:

* the fast internal path, for random play and the computer players (the
  simulation interface of :mod:`engine.game`):
  :meth:`ChickenFoot.legal_moves` returns compact ints and
  :meth:`ChickenFoot.apply_move` plays one without checking or logging it.
  A move is ``tile << 6 | target`` (tile ids from :mod:`engine.tiles`), or
  :data:`DRAW` / :data:`PASS`.  Hands are bitmasks; the open ends are kept
  per number and updated incrementally, so move generation and the
  blocked-round test are a few mask operations.  With ``log`` off
  (simulation) no record and no history are kept at all.
  :meth:`deal_fast` deals from a generator without the notation,
  :meth:`playout` / :meth:`run_round` finish a round (inlined loop),
  :meth:`from_view` builds a state from a seat's view plus a guess of the
  unseen tiles and :meth:`set_hidden` re-deals those to a copy (the
  computer players' hooks); they read the table through
  :meth:`forced_target`, :meth:`open_numbers`, :meth:`open_end`,
  :meth:`playable_mask` and the scores through :meth:`last_scores` and
  :meth:`went_out`.  :meth:`start_table` and :meth:`attach` replay a
  round's public history on an empty table (what a seat knows).
* the interface of :mod:`engine.game`: :meth:`legal_actions` and
  :meth:`apply` speak the record notation (``"9-5>9-9"``, ``"draw"``,
  ``"pass"``), validate, explain refusals and log the record.

The table: the centre double takes exactly ``spokes`` trains; a non-double
tile offers one open end (its other number) until something is attached to
it; a double played off the centre is a *foot* that takes exactly three
toes, and while it has fewer every other play is barred.

The package, one module per concern (each part of the state is a class
:class:`ChickenFoot` inherits):

* :mod:`.numbers` -- constants, lookup masks, :func:`move_name`;
* :mod:`.score` -- :func:`tile_score`, :func:`hand_score` (the one place);
* :mod:`.options` -- the house rules' checks and defaults;
* :mod:`.deal` -- dealing and the validation of a given deal;
* :mod:`.table` -- the constraints and the open ends, the layout;
* :mod:`.play` -- the turn on the fast path, playouts, the round's end;
* :mod:`.explain` -- actions in notation and the reasons for a refusal;
* :mod:`.views` -- a seat's view, copies, a state from a view;
* :mod:`.state` -- :class:`ChickenFoot` itself: its fields and the match.

Everything is importable from ``engine.chickenfoot`` as before the split.
"""

from ..tiles import PIPS  # noqa: F401 -- importers read PIPS from here
from .deal import _digits, _shuffle  # noqa: F401
from .numbers import (ALL_TILES, BIT_INDEX, DOUBLE_BLANK, DOUBLE_BLANK_BONUS, DRAW, HAND_SIZES,  # noqa: F401
                      MAX_PLAYERS, MAX_SPOKES, MIN_PLAYERS, N_TILES, NUM_MASK, NUMS_TO_TILES, PASS, ROUNDS,
                      TOES, hand_size, move_name)
from .options import OPTIONS, default_options  # noqa: F401
from .play import uniform_choice  # noqa: F401
from .score import hand_score, tile_score  # noqa: F401
from .state import ChickenFoot  # noqa: F401
