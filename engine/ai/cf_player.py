"""Chicken Foot's computer players: easy, medium and hard.

``choose(view, level, rng, budget)`` returns one of ``view["legal"]``.  It
reads the view only (own hand, table, hand sizes, yard size, the public
history): the unseen tiles are guessed (:mod:`engine.ai.cf_know`), never
looked up.  Everything iterates over lists in a fixed order, so a choice is a
function of the view, the generator's seed and the iteration budget.

* **easy** -- a beginner: a random play, heavier tiles a little likelier.
* **medium** -- :func:`engine.ai.cf_heur.score_plays`, the best-rated play.
* **hard** -- determinised Monte Carlo: deal the unseen tiles consistently
  with the view (hand sizes, what draws and passes revealed), leaning away
  from heavy tiles a seat chose not to play (:func:`cf_know.sample_hinted`), play each
  candidate and finish the round with the medium-like policy of
  :mod:`engine.ai.cf_sim`, over the same worlds for every candidate; pick
  the best mean of (opponents' mean round score - own round score), with a
  bonus for going out (in the match's last round, a large bonus for
  finishing with the lowest total: then only winning counts; before it,
  ``LEADER_W``, off, would add the margin to the opponent best placed after
  the round: at 3, 124 of 200 matches won against 125 (README);
  ``UTILITY`` "wins", off, would judge a playout by the chance to win the
  match that the totals after it give: no better in 200 matches).  The
  candidates are the distinct plays (two ends of the same number are one
  play), at most the medium ranking's best ``HARD_MAX_CANDIDATES``.  ``budget.iterations`` counts playouts (worlds
  times candidates; default ``HARD_PLAYOUTS``, at least ``HARD_MIN_WORLDS``
  worlds); ``budget.time_ms`` stops early between worlds, as a safety net
  (default ``HARD_TIME_MS`` when neither limit is given).  With ``HALVING``
  the playouts go by successive halving instead of evenly (each stage drops
  the worse half of the candidates, on the same worlds); off: at 600
  playouts it measured no better (+0.5 +- 1.8 pips a round over 60 rounds).
"""

import math

from ..chickenfoot import ChickenFoot
from ..rng import Rng
from ..tiles import HI, NAMES, PIPS, double, parse
from . import cf_sim
from .cf_heur import score_plays
from .cf_know import knowledge, sample_hinted
from .cf_sim import playout
from .clock import Deadline

HARD_PLAYOUTS = 2000     # default playouts per decision
HARD_MIN_WORLDS = 30
HARD_TIME_MS = 1200      # default safety cap (a decision must stay under 2 s)
HARD_MAX_CANDIDATES = 6  # the medium ranking prunes the rest
OUT_BONUS = 8
MATCH_WIN = 40           # in the last round, finishing with the lowest total
LEADER_W = 0             # before the last round: weight of the margin to the best-placed opponent
HALVING = 0              # successive halving over the candidates (1; 0: an even split, measured no better)
HALVING_MIN_WORLDS = 8   # fewer worlds than this in the first stage: an even split
FAST = 1                 # medium playouts by cf_sim.finish (0: play_world, the plain way; the same moves)
# What a playout is worth: "points" (the round's scores as above) or "wins"
# (this seat's chance to win the match from the totals after the round: see
# _Judge.share).  The match is won by the lowest total after 10 rounds, so a
# pip matters more the fewer rounds are left, and a seat ahead should risk less.
UTILITY = "points"
# The chance's model, fitted to 3,600 round ends of 400 four-player matches of
# medium (session 10, bench/standing_fit.py): each seat's weight
# exp(-MATCH_C / sqrt(rounds left) * (its total - the lowest)); log-loss 0.955
# a round against 1.386 uniform.  Measured against "points" (README): 75 of 120
# paired matches won against 76 at --iterations 600, and 120 of 200 against
# 119 in a tournament at 2000 on the same deals, so off.
MATCH_C = 0.11
_SHARE_TABLES = {}


def plays_for(view, k):
    """``(action, tile, target, matched_number)`` for each play in ``view["legal"]``."""
    free = {}
    for entry in view["table"]:
        if entry["open"] is not None:
            free[entry["tile"]] = entry["open"]
    centre = double(k.dnum)
    out = []
    for action in view["legal"]:
        if action == "draw" or action == "pass":
            continue
        parts = action.split(">")
        t = parse(parts[0])
        b = parse(parts[1])
        if b == centre:
            m = k.dnum
        elif b == k.foot:
            m = HI[b]
        else:
            m = free[parts[1]]
        out.append((action, t, b, m))
    return out


def _forced(view):
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    for a in legal:
        if a != "draw" and a != "pass":
            return None
    return legal[0]


def choose_easy(view, rng):
    plays = plays_for(view, knowledge_light(view))
    total = 0
    for p in plays:
        total += 6 + PIPS[p[1]]
    r = rng.below(total)
    for p in plays:
        r -= 6 + PIPS[p[1]]
        if r < 0:
            return p[0]
    return plays[-1][0]


class _Light:
    __slots__ = ("dnum", "foot")


def knowledge_light(view):
    """Just enough to read the legal plays (the easy player needs no more)."""
    k = _Light()
    k.dnum = HI[parse(view["double"])]
    foot = view.get("open_foot")
    k.foot = parse(foot["tile"]) if foot else -1
    return k


def _ranked(k, plays):
    """``plays`` best-rated first by the medium judgement (ties: legal order),
    each extended with its rating."""
    scores = score_plays(k, [(p[1], p[2], p[3]) for p in plays])
    order = list(range(len(plays)))
    order.sort(key=lambda i: (-scores[i], i))
    return [(plays[i][0], plays[i][1], plays[i][2], plays[i][3], scores[i]) for i in order]


def choose_medium(view, rng):
    k = knowledge(view)
    plays = plays_for(view, k)
    return _ranked(k, plays)[0][0]


def _distinct(plays):
    """One play per (tile, matched number): attaching to either of two ends of
    the same number leaves the same position."""
    seen = []
    out = []
    for p in plays:
        key = (p[1], p[3])
        if key in seen:
            continue
        seen.append(key)
        out.append(p)
    return out


def _names(mask):
    out = []
    for t in range(55):
        if (mask >> t) & 1:
            out.append(NAMES[t])
    return out


def world_base(view, k, hands, yard):
    """A simulation state of ``view``'s decision, the unseen tiles as in one
    sampled world (``hands`` masks and ``yard`` ids from :func:`cf_know.sample`).

    Other worlds reuse it through :func:`play_world`, which swaps in their tiles.
    """
    others = []
    for s in range(k.players):
        others.append(None if s == k.seat else _names(hands[s]))
    return ChickenFoot.from_view(view, others, [NAMES[t] for t in yard])


def play_world(base, hands, yard, move, seed):
    """The end of the round after ``move`` in the world ``hands``/``yard``:
    a copy of ``base`` (from :func:`world_base`, left unchanged) with that
    world's tiles, the move played, then the playout policy
    (:func:`cf_sim.playout`, seeded with ``seed``) to the round's end.
    The hard player and the analysis (:mod:`engine.ai.cf_analysis`) judge
    moves by these playouts.
    """
    g = base.clone()
    g.set_hidden(hands, yard)
    g.apply_move(move)
    playout(g, Rng(seed))
    return g


def play_out(base, hands, yard, play, seed):
    """``(round scores, seat that went out or -1)`` after ``play`` (one of
    :func:`plays_for`) in the world ``hands``/``yard``: what :func:`play_world`
    gives, by :func:`cf_sim.finish` (the same moves, no copy of ``base``)
    when the policy is the medium one, as it is but in a bench's variants."""
    if FAST and cf_sim.POLICY == "medium" and not cf_sim.M_EPS:
        return cf_sim.finish(base, hands, yard, play[1], play[3])
    g = play_world(base, hands, yard, (play[1] << 6) | play[2], seed)
    return g.last_scores(), g.went_out()


class _Judge:
    """A playout's worth to the deciding seat (see the module docstring):
    whole numbers (points times the number of opponents, or with ``UTILITY``
    "wins" millionths of a match), so every interpreter sums alike."""

    __slots__ = ("seat", "players", "others_n", "last", "totals", "weights")

    def __init__(self, view, k):
        self.seat = k.seat
        self.players = k.players
        self.others_n = k.players - 1
        self.last = view["round"] == view["rounds"] - 1
        self.totals = view["totals"]
        self.weights = _share_table(view["rounds"] - 1 - view["round"]) if UTILITY == "wins" else None

    def value(self, g):
        """The worth of the finished playout ``g``."""
        return self.score(g.last_scores(), g.went_out())

    def score(self, sc, out):
        """The worth of a playout that ended with round scores ``sc``, ``out`` having gone out (or -1)."""
        if self.weights is not None:
            return self.share(sc)
        seat = self.seat
        others_n = self.others_n
        own = sc[seat]
        value = sum(sc) - own - own * others_n
        if out == seat:
            value += OUT_BONUS * others_n
        if LEADER_W and not self.last:
            # The match is won by the lowest total: the rival that matters
            # is the opponent best placed after this round.
            totals = self.totals
            low = 1 << 30
            for s in range(self.players):
                if s != seat and totals[s] + sc[s] < low:
                    low = totals[s] + sc[s]
            value += LEADER_W * (low - totals[seat] - own)
        if self.last:
            # The match ends with this round: what counts is finishing lowest.
            totals = self.totals
            mine = totals[seat] + own
            low = 1 << 30
            for s in range(self.players):
                if s != seat and totals[s] + sc[s] < low:
                    low = totals[s] + sc[s]
            if mine < low:
                value += MATCH_WIN * others_n
            elif mine == low:
                value += MATCH_WIN * others_n // 2
        return value

    def share(self, sc):
        """This seat's chance to win the match, per million, once the round ends with scores ``sc``.

        After the last round: the lowest total wins (shared when tied).
        Before it: each seat's weight falls with its total's lead over the
        lowest (``_share_table``), and the share is this seat's weight over all.
        """
        totals = self.totals
        after = [totals[s] + sc[s] for s in range(self.players)]
        low = min(after)
        w = self.weights
        if not w:
            return 1000000 // after.count(low) if after[self.seat] == low else 0
        last = len(w) - 1
        total = 0
        for t in after:
            d = t - low
            total += w[d if d < last else last]
        d = after[self.seat] - low
        return 1000000 * w[d if d < last else last] // total


def _share_table(left):
    """Per million, a seat's weight by its total's lead over the lowest, ``left`` rounds
    before the match ends (``[]``: none left, the lowest wins); rounded, so every
    interpreter has the same numbers (the last entry stands for any larger lead)."""
    if left <= 0:
        return []
    key = (MATCH_C, left)
    if key not in _SHARE_TABLES:
        beta = MATCH_C / math.sqrt(left)
        _SHARE_TABLES[key] = [int(1e6 * math.exp(-beta * d) + 0.5) for d in range(400)]
    return _SHARE_TABLES[key]


def _stages(n, total):
    """Successive halving's plan for ``n`` candidates and ``total`` playouts:
    a list of (candidates kept, new worlds for each), the budget split evenly
    over the stages.  One stage (an even split) when ``HALVING`` is off or the
    first stage would get fewer than ``HALVING_MIN_WORLDS`` worlds."""
    plan = []
    keep = n
    while keep > 1:
        plan.append(keep)
        keep = (keep + 1) // 2
    if not HALVING or len(plan) < 2 or total // (n * len(plan)) < HALVING_MIN_WORLDS:
        return [(n, max(1, total // n))]
    out = []
    for keep in plan:
        out.append((keep, max(1, total // (keep * len(plan)))))
    return out


def choose_hard(view, rng, budget):
    k = knowledge(view)
    plays = _distinct(_ranked(k, plays_for(view, k)))
    if len(plays) == 1:
        return plays[0][0]
    plays = plays[:HARD_MAX_CANDIDATES]
    n = len(plays)
    total = budget.iterations if budget.iterations is not None else HARD_PLAYOUTS
    if budget.iterations is None and total < HARD_MIN_WORLDS * n:
        total = HARD_MIN_WORLDS * n
    deadline = Deadline(budget.time_ms if budget.time_ms is not None else
                        (HARD_TIME_MS if budget.iterations is None else None), budget.started)
    judge = _Judge(view, k)
    base = None
    totals = [0] * n
    # Candidates still in the running, best first by the medium ranking (its
    # order breaks ties).  Every survivor has played the same worlds, so
    # their sums compare fairly.
    alive = list(range(n))
    stopped = False
    for keep, worlds in _stages(n, total):
        if keep < len(alive):
            alive.sort(key=lambda i: (-totals[i], i))
            alive = alive[:keep]
            alive.sort()
        for _ in range(worlds):
            hands, yard = sample_hinted(k, rng)
            if base is None:
                base = world_base(view, k, hands, yard)
            wseed = rng.next64()
            for i in alive:
                sc, out = play_out(base, hands, yard, plays[i], wseed)
                totals[i] += judge.score(sc, out)
            if deadline.passed():
                stopped = True
                break
        if stopped:
            break
    # Ties keep the medium ranking's order.
    best = alive[0]
    for i in alive:
        if totals[i] > totals[best]:
            best = i
    return plays[best][0]


def choose(view, level, rng, budget):
    """The action ``level`` takes in ``view`` (see the module docstring)."""
    forced = _forced(view)
    if forced is not None:
        return forced
    if level == "easy":
        return choose_easy(view, rng)
    if level == "medium":
        return choose_medium(view, rng)
    return choose_hard(view, rng, budget)
