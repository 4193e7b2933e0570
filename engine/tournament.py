"""Seeded matches between computer players, duplicate style.

Every entry of ``seats`` (a level per seat) plays every seat in rotation on
the same deals, so the luck of the deal cancels out: with ``n`` seats, each
deal seed is played ``n`` times with the levels rotated one seat each time.
"""

import math

from .ai import LEVELS, choose
from .ai.clock import elapsed_ms, now
from .record import new_game
from .rng import Rng

RANDOM = "random"   # a uniformly random legal player, the weakest yardstick


def pick(game, level, seed, budget=None):
    """The action ``level`` takes for the seat to act in ``game``."""
    view = game.view(game.current_seat())
    if level == RANDOM:
        return Rng(seed).choice(view["legal"])
    return choose(view, level, seed, budget)


def play_out(game, rng, choose=None, stop_after=None):
    """Play ``game`` to its end (or until ``stop_after`` actions in all), dealing with ``rng``.

    The ``selfplay`` command.  ``choose(game, legal, rng)`` picks each action
    (uniformly random if None).
    """
    while not game.is_over() and (stop_after is None or game.action_count() < stop_after):
        if game.current_seat() is None:
            game.start_round(game.new_deal(rng))
            continue
        legal = game.legal_actions()
        action = choose(game, legal, rng) if choose else rng.choice(legal)
        game.apply(action)
    return game


def hand_contract(game):
    """``(bidder, made)`` for the hand ``game`` just scored, in a game of
    contracts (Moon: the bidder's hand score is positive when made); None
    when nobody bid or the game has no contracts (Chicken Foot)."""
    bidder = getattr(game, "bidder", None)
    scores = getattr(game, "hand_scores", None)
    if bidder is None or bidder < 0 or not scores:
        return None
    return bidder, scores[-1][bidder] > 0


def play_game(name, players, levels, deal_seed, ai_seed, options=None, names=None, times=None, budget=None,
              contracts=None):
    """Play one complete game; ``levels[s]`` plays seat ``s``.

    Deals come from ``Rng(deal_seed)``, decisions from seeds drawn from
    ``Rng(ai_seed)``.  ``times`` (a list per seat) collects decision times
    in ms when given; ``contracts`` (``[taken, made]`` per seat) counts the
    contracts each seat took and made (Moon).  Returns the finished game.
    """
    game = new_game(name, players, options, names)
    deals = Rng(deal_seed)
    seeds = Rng(ai_seed)
    while not game.is_over():
        seat = game.current_seat()
        if seat is None:
            game.start_round(game.new_deal(deals))
            continue
        start = now()
        action = pick(game, levels[seat], seeds.next64(), budget)
        if times is not None:
            times[seat].append(elapsed_ms(start))
        game.apply(action)
        if contracts is not None and game.current_seat() is None:
            c = hand_contract(game)
            if c is not None:
                contracts[c[0]][0] += 1
                contracts[c[0]][1] += 1 if c[1] else 0
    return game


def wilson(wins, n, z=1.96):
    """The 95 % Wilson score interval of a win rate."""
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [max(0.0, centre - half), min(1.0, centre + half)]


def _percentile(values, q):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(math.ceil(q * len(ordered))) - 1)]


def tournament(name, seats, games, seed, options=None, on_record=None, budget=None, progress=None):
    """Play ``games`` games (rounded up to whole rotations) and summarise.

    ``seats`` lists a level per seat (``"random"`` allowed).  Entry ``i`` of
    the result follows ``seats[i]`` through every rotation.  ``on_record(k,
    record)`` receives each finished game's record; ``progress(k, total)``
    is called after each game.
    """
    for level in seats:
        if level not in LEVELS and level != RANDOM:
            raise ValueError("unknown level %r (expected %s or %s)" % (level, ", ".join(LEVELS), RANDOM))
    n = len(seats)
    rotations = max(1, (games + n - 1) // n)
    wins = [0] * n
    points = [0] * n
    times = [[] for _ in range(n)]
    contracts = [[0, 0] for _ in range(n)]
    played = 0
    master = Rng(seed)
    total = rotations * n
    for d in range(rotations):
        deal_seed = master.next64()
        for r in range(n):
            # Entry i sits at seat (i + r) % n in rotation r.
            levels = [seats[(s - r) % n] for s in range(n)]
            seat_times = [[] for _ in range(n)]
            seat_contracts = [[0, 0] for _ in range(n)]
            game = play_game(name, n, levels, deal_seed, deal_seed ^ (r + 1), options,
                             list(levels), seat_times, budget, seat_contracts)
            totals = game.totals()
            for i in range(n):
                s = (i + r) % n
                if s in game.winners():
                    wins[i] += 1
                points[i] += totals[s]
                times[i].extend(seat_times[s])
                contracts[i][0] += seat_contracts[s][0]
                contracts[i][1] += seat_contracts[s][1]
            if on_record is not None:
                on_record(played, game.record())
            played += 1
            if progress is not None:
                progress(played, total)
    entries = []
    for i in range(n):
        entries.append({
            "seat": i,
            "level": seats[i],
            "games": played,
            "won": wins[i],
            "win_rate": round(wins[i] / played, 4),
            "win_rate_ci95": [round(x, 4) for x in wilson(wins[i], played)],
            "mean_points": round(points[i] / played, 2),
            "contracts": contracts[i][0],
            "contracts_made": contracts[i][1],
            "decisions": len(times[i]),
            "decision_ms_mean": round(sum(times[i]) / len(times[i]), 2) if times[i] else 0.0,
            "decision_ms_median": round(_percentile(times[i], 0.5), 2),
            "decision_ms_p95": round(_percentile(times[i], 0.95), 2),
            "decision_ms_max": round(max(times[i]), 2) if times[i] else 0.0,
        })
    return {"game": name, "players": n, "games": played, "seed": seed, "seats": entries}


def without_times(result):
    """A :func:`tournament` result less its decision times: the wall clock is
    the machine's, everything else follows from the seed and a fixed budget
    (what ``--iterations`` output is compared by across runs and interpreters)."""
    seats = []
    for entry in result["seats"]:
        kept = {}
        for key in sorted(entry):
            if not key.startswith("decision_ms"):
                kept[key] = entry[key]
        seats.append(kept)
    out = {}
    for key in sorted(result):
        out[key] = seats if key == "seats" else result[key]
    return out
