"""Moon: what a pass or a bid says about a hand, measured on self-play bidding or records.

For every bidding turn it notes the bidder's hand strength ``x`` (the best
seven-tile estimate, :func:`engine.ai.moon_eval.best_trumps`, in
thousandths of a trick), the lowest bid open to it and what it did, and
prints the table :mod:`engine.ai.moon_inference` weights worlds with:
per lowest open bid and action, the chance of that action in each band of
``x`` (thousandths, add-one smoothed), as a Python literal, then one JSON
line of counts.

    python3 bench/moon_calibrate.py --hands 3000 [--levels medium,medium,medium] [--seed 1]
    python3 bench/moon_calibrate.py --records DIR     # every record (*.json) of a tournament's --records

Self-play plays only the bidding of each hand, from 0-0-0 standings.
"""

import argparse
import glob
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.ai import choose  # noqa: E402
from engine.ai.moon_eval import best_trumps  # noqa: E402
from engine.ai.moon_inference import ACTIONS, OPEN_BIDS, X_BANDS, band  # noqa: E402
from engine.ai.moon_sampling import mask_of  # noqa: E402
from engine.moon import Moon  # noqa: E402
from engine.rng import Rng  # noqa: E402


def strength(hand_names):
    return best_trumps(mask_of(hand_names), 1)[0][0]


def bid_value(text):
    return 0 if text == "pass" else int(text)


def turns_of_hand(hands, first, bids):
    """``(x, lowest open bid, action)`` for each bid in ``bids`` (texts, from seat ``first``)."""
    out = []
    high = 0
    for i in range(len(bids)):
        seat = (first + i) % 3
        b = bid_value(bids[i])
        low = 4 if high < 4 else (high + 1 if high < 7 else 21)
        out.append((strength(hands[seat]), low, b))
        if b:
            high = b
    return out


def from_selfplay(hands, levels, seed):
    rng = Rng(seed)
    out = []
    for h in range(hands):
        g = Moon(3)
        deal = g.new_deal(rng)
        g.start_round(deal)
        bids = []
        while g.view(0)["phase"] == "bidding" and g.current_seat() is not None:
            seat = g.current_seat()
            action = choose(g.view(seat), levels[seat], rng.next64())
            bids.append(action)
            g.apply(action)
        out += turns_of_hand(deal["hands"], deal["first"], bids)
    return out


def from_records(folder):
    out = []
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
        if record.get("game") != "moon":
            continue
        for rnd in record["rounds"]:
            bids = []
            for a in rnd["actions"]:
                if a == "pass" or a.isdigit():
                    bids.append(a)
                else:
                    break
            out += turns_of_hand(rnd["hands"], rnd["first"], bids)
    return out


def table(turns):
    counts = {}
    totals = {}
    for x, low, b in turns:
        key = (low, band(x))
        totals[key] = totals.get(key, 0) + 1
        counts[key + (b,)] = counts.get(key + (b,), 0) + 1
    out = {}
    for low in OPEN_BIDS:
        legal = [a for a in ACTIONS if a == 0 or a >= low]
        out[low] = {}
        for a in legal:
            row = []
            for i in range(X_BANDS):
                n = totals.get((low, i), 0)
                row.append((1000 * (counts.get((low, i, a), 0) + 1)) // (n + len(legal)))
            out[low][a] = row
    return out, totals


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--levels", default="medium,medium,medium")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--records", help="a folder of records (a tournament's --records) instead of self-play")
    args = ap.parse_args()
    turns = from_records(args.records) if args.records else from_selfplay(args.hands, args.levels.split(","), args.seed)
    tab, totals = table(turns)
    print("BID_LIKELIHOOD = {")
    for low in OPEN_BIDS:
        print("    %d: {" % low)
        for a in sorted(tab[low]):
            print("        %d: %r," % (a, tab[low][a]))
        print("    },")
    print("}")
    print(json.dumps({"turns": len(turns), "per_open_bid": {str(low): sum(n for (lw, _), n in totals.items() if lw == low)
                                                          for low in OPEN_BIDS}}))


if __name__ == "__main__":
    main()
