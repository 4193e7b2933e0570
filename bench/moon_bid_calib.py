"""Moon: how far hard's bid can trust its worlds -- for each contract, the
share of the bid's worlds that made it against what the table did.

Runs a tournament in this process and, for every contract a ``hard`` seat
ends up playing, notes the share of the bid's sampled worlds (those where
the auction left it the contract, each widow with its best discard and
trumps, solved double-dummy) that made the bid, and whether the contract
was made.  Likewise for an opponent's contract that hard's last bid foresaw
(its share of the worlds where that seat held that bid).  Prints one JSON
line per band of the share (contracts, the mean share, the made rate) and
one in all, hard's then the opponents', then each entry's wins and
contracts.  A world's solve sees every hand and never errs in defence; the
table's defenders do not see and do err: the table says by how much
(``moon_player.OWN_AT_TABLE`` and ``THEIRS_AT_TABLE`` are fitted to it).

    python3 bench/moon_bid_calib.py --games 150 --seed 3 --iterations 12 [--own '4:982,274;5:982,274;6:982,274;7:982,274;21:1000,100'] [--theirs 859,658]
    python3 bench/moon_bid_calib.py --seats hard,old,old ...   # against hard with both off
    python3 bench/moon_bid_calib.py --seats hard,old,old --old MAKE_WEIGHT=0 ...   # against hard with those constants
"""

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine import tournament as tmod  # noqa: E402
from engine.ai import Budget, moon_player  # noqa: E402
from engine.moon_rules import tricks_needed  # noqa: E402
from variants import Settings, parse  # noqa: E402

BANDS = [0.0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.999, 1.01]


class Probe:
    """Hooks on moon_player's bid and the tournament's end of a hand."""

    def __init__(self):
        self.current = []       # this decision's (bid, worlds made, worlds held) per widow
        self.pending = []       # this hand's hard bids: (seat, bid, made, held, totals)
        self.rows = []          # (share, made at the table, bid, totals, seat)
        self.orig_contract = moon_player._our_contract
        self.orig_auction = moon_player._auction_bid
        self.orig_hand = tmod.hand_contract
        self.orig_class = moon_player._Auction
        self.auctions = []      # this decision's auctions (one per world)
        self.pending_theirs = []    # this hand's: (hard's seat, {(seat, bid): [made, worlds]})
        self.theirs_rows = []   # (share, made at the table, bid, totals, hard's seat)

    def install(self, put=setattr):
        """The hooks in place (``put``: setattr, or a test's monkeypatch.setattr)."""
        put(moon_player, "_our_contract", self.our_contract)
        put(moon_player, "_auction_bid", self.auction_bid)
        put(moon_player, "_Auction", self.auction_class())
        put(tmod, "hand_contract", self.hand_contract)

    def auction_class(self):
        """moon_player._Auction, each instance noted for :meth:`theirs`."""
        probe = self
        base = self.orig_class

        class Noted(base):
            def __init__(self, *args):
                base.__init__(self, *args)
                probe.auctions.append(self)
        return Noted

    def theirs(self, k, a):
        """``{(seat, bid): [worlds made, worlds]}``: the opponents' contracts in
        the worlds of this decision after this seat's action ``a``."""
        me = k.seat
        high, holder = 0, -1
        for s, b in k.bids:
            if b > high:
                high, holder = b, s
        out = {}
        for auction in self.auctions:
            seat, b = auction.holder(a, me) if a else auction.holder(high, holder)
            if seat >= 0 and seat != me and (seat, b) in auction.made:
                c = out.setdefault((seat, b), [0, 0])
                c[0] += 1 if auction.made[(seat, b)] else 0
                c[1] += 1
        return out

    def our_contract(self, k, a, xs, ours):
        gain, row = self.orig_contract(k, a, xs, ours)
        need = tricks_needed(a)
        self.current.append((a, sum(1 for j in ours if row[j] >= need), len(ours)))
        return gain, row

    def auction_bid(self, k, bids, search, groups):
        del self.current[:]
        del self.auctions[:]
        a = self.orig_auction(k, bids, search, groups)
        self.pending_theirs.append((k.seat, self.theirs(k, a), list(k.totals)))
        if a:
            made = sum(m for b, m, _ in self.current if b == a)
            held = sum(n for b, _, n in self.current if b == a)
            self.pending.append((k.seat, a, made, held, list(k.totals)))
        return a

    def hand_contract(self, game):
        c = self.orig_hand(game)
        if c is not None:
            bidder, made = c
            bid = abs(game.hand_scores[-1][bidder])
            for seat, a, m, n, totals in reversed(self.pending):
                if seat == bidder and a == bid and n:
                    self.rows.append((m / n, made, a, totals, seat))
                    break
            for me, counts, totals in reversed(self.pending_theirs):
                if me != bidder:
                    if (bidder, bid) in counts:
                        m, n = counts[(bidder, bid)]
                        self.theirs_rows.append((m / n, made, bid, totals, me))
                    break
        del self.pending[:]
        del self.pending_theirs[:]
        return c


OLD = "old"     # a seat level: hard with OWN_AT_TABLE and THEIRS_AT_TABLE off, or with --old's constants


def allow_old(variant=None):
    """Let ``--seats`` name ``old`` beside ``hard`` (the knobs swapped around its
    decisions): hard with ``variant``'s constants (bench/variants.py), or with
    the table's odds off when it is None."""
    orig = tmod.pick
    if variant is None:
        variant = [("OWN_AT_TABLE", None), ("THEIRS_AT_TABLE", None)]
    settings = Settings({}, moon_player, [variant])

    def pick(game, level, seed, budget=None):
        if level != OLD:
            return orig(game, level, seed, budget)
        settings.apply(variant)
        try:
            return orig(game, "hard", seed, budget)
        finally:
            settings.apply([])
    tmod.pick = pick
    tmod.LEVELS = tuple(tmod.LEVELS) + (OLD,)


def odds_table(text):
    """``{bid: (made if made, made if set)}`` of ``--own``/``--theirs`` text (None for "none")."""
    if text == "none":
        return None
    if ":" not in text:
        text = ";".join("%d:%s" % (b, text) for b in moon_player.BID_VALUES)
    out = {}
    for part in text.split(";"):
        bid, odds = part.split(":")
        out[int(bid)] = tuple(int(v) for v in odds.split(","))
    return out


def summary(rows):
    out = []
    for lo, hi in zip(BANDS, BANDS[1:]):
        band = [r for r in rows if lo <= r[0] < hi]
        if band:
            out.append({"share": [lo, min(hi, 1.0)], "contracts": len(band),
                        "mean_share": round(sum(r[0] for r in band) / len(band), 3),
                        "made": round(sum(1 for r in band if r[1]) / len(band), 3)})
    n = len(rows)
    if n:
        out.append({"all": n, "mean_share": round(sum(r[0] for r in rows) / n, 3),
                    "made": round(sum(1 for r in rows if r[1]) / n, 3)})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--iterations", type=int, default=12)
    ap.add_argument("--seats", default="hard,medium,medium",
                    help="levels; 'old' is hard with the table's odds off, or with --old's constants")
    ap.add_argument("--old", default=None, help="moon_player's constants for the 'old' seats (bench/variants.py)")
    ap.add_argument("--variant", default="", help="moon_player's constants for the run (bench/variants.py)")
    ap.add_argument("--own", default=None,
                    help="moon_player.OWN_AT_TABLE for the run: 'made if made,made if set' per thousand,"
                         " for every bid, or 'BID:M,S;BID:M,S' by bid, or none")
    ap.add_argument("--theirs", default=None, help="moon_player.THEIRS_AT_TABLE for the run, likewise")
    ap.add_argument("--rows", default=None, help="also write every contract as a JSON line here")
    args = ap.parse_args()
    variant = parse(args.variant)
    Settings({}, moon_player, [variant]).apply(variant)
    for name, text in (("OWN_AT_TABLE", args.own), ("THEIRS_AT_TABLE", args.theirs)):
        if text is not None:
            setattr(moon_player, name, odds_table(text))
    if OLD in args.seats.split(","):
        allow_old(None if args.old is None else parse(args.old))
    probe = Probe()
    probe.install()
    res = tmod.tournament("moon", args.seats.split(","), args.games, args.seed,
                          budget=Budget(iterations=args.iterations))
    for line in summary(probe.rows):
        print(json.dumps(line), flush=True)
    print(json.dumps({"opponents": True}), flush=True)
    for line in summary(probe.theirs_rows):
        print(json.dumps(line), flush=True)
    if args.rows:
        with open(args.rows, "w") as f:
            for r in probe.rows:
                f.write(json.dumps({"share": r[0], "made": r[1], "bid": r[2], "totals": r[3],
                                    "seat": r[4]}) + "\n")
            for r in probe.theirs_rows:
                f.write(json.dumps({"share": r[0], "made": r[1], "bid": r[2], "totals": r[3],
                                    "seat": r[4], "theirs": True}) + "\n")
    for e in res["seats"]:
        print(json.dumps({"games": res["games"], "level": e["level"], "won": e["won"], "contracts": e["contracts"],
                          "contracts_made": e["contracts_made"]}), flush=True)


if __name__ == "__main__":
    main()
