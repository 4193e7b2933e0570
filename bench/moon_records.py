"""Moon: a tournament's ``--records`` read back: wins and contracts, paired, and bids re-decided.

Summary (one JSON line per level): games won with the 95 % Wilson interval,
contracts taken and made, by bid.  With ``--first N`` only the first N games
count, so a tournament still running can be read; with ``--against DIR`` a
second tournament of the same seed (the same deals, game by game) is read
too and the games are paired: which of the two runs ``hard`` won.

    python3 bench/moon_records.py DIR3 DIR4 [--first N] [--against OLD3 OLD4]

Rebid: hard's bids that ended up the contract, re-decided at the records'
positions (``--iterations``, seeds of their own) under each variant (see
bench/variants.py); a row counts only where the first variant repeats the
recorded bid, so the others are compared on decisions known to lead where
the record says (made or set).  Lost contracts first, then as many made.

    python3 bench/moon_records.py DIR3 DIR4 --rebid "SET_RISK=0;SET_RISK=3" [--limit 40]
"""

import argparse
import glob
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from engine.ai import Budget, choose, moon_inference, moon_player  # noqa: E402
from engine.moon_rules import tricks_needed  # noqa: E402
from engine.record import replay  # noqa: E402
from engine.tournament import wilson  # noqa: E402
from variants import Settings, parse  # noqa: E402


def records(dirs, first=None):
    """Every record of ``dirs``, each dir's in game order (its first ``first``)."""
    out = []
    for d in dirs:
        files = sorted(glob.glob(os.path.join(d, "game-*.json")))
        if first is not None:
            files = files[:first]
        for f in files:
            with open(f, encoding="utf-8") as fh:
                out.append((f, json.load(fh)))
    return out


def hands(rec):
    """``(step, round, bidder, bid, bidder's bid steps, made, bidder's tricks)`` per hand with a contract."""
    step = 0
    for rnd in rec["rounds"]:
        seat, bidder, high, steps = rnd["first"], -1, 0, []
        for i, a in enumerate(rnd["actions"]):
            if a != "pass" and not a.isdigit():
                break
            if a != "pass":
                bidder, high = seat, int(a)
                steps.append((step + i, seat, a))
            seat = (seat + 1) % 3
        if "scores" in rnd and bidder >= 0:
            sc = rnd["scores"]
            tricks = 7 - sum(sc[s] for s in range(3) if s != bidder)
            mine = [(st, a) for st, s, a in steps if s == bidder and int(a) == high]
            yield rnd, bidder, high, mine, sc[bidder] > 0, tricks
        step += len(rnd["actions"])


def summary(recs):
    levels = {}
    for _, rec in recs:
        game = replay(rec)
        names = rec["names"]
        for s in range(3):
            e = levels.setdefault(names[s], {"level": names[s], "seats": 0, "won": 0, "contracts": 0,
                                             "made": 0, "by_bid": {}})
            e["seats"] += 1
            if s in game.winners():
                e["won"] += 1
        for _, bidder, bid, _, made, _ in hands(rec):
            e = levels[names[bidder]]
            e["contracts"] += 1
            e["made"] += made
            b = e["by_bid"].setdefault(str(bid), [0, 0])
            b[0] += 1
            b[1] += made
    for name in sorted(levels):
        e = levels[name]
        e["win_rate"] = round(e["won"] / e["seats"], 4)
        e["win_rate_ci95"] = [round(x, 4) for x in wilson(e["won"], e["seats"])]
        e["made_rate"] = round(e["made"] / max(1, e["contracts"]), 4)
        print(json.dumps(e, sort_keys=True), flush=True)


def paired(new, old):
    """Hard's wins game by game on the same deals: both, only the new run, only the old, neither."""
    n = min(len(new), len(old))
    counts = {"games": n, "both": 0, "new_only": 0, "old_only": 0, "neither": 0}
    for i in range(n):
        won = []
        for _, rec in (new[i], old[i]):
            game = replay(rec)
            won.append(any(rec["names"][s] == "hard" for s in game.winners()))
        key = "both" if won[0] and won[1] else "new_only" if won[0] else "old_only" if won[1] else "neither"
        counts[key] += 1
    print(json.dumps(counts), flush=True)


def rebid(recs, variants, limit, iterations):
    rows = []
    for f, rec in recs:
        for rnd, bidder, bid, mine, made, tricks in hands(rec):
            if rec["names"][bidder] == "hard":
                for st, a in mine:
                    rows.append((rec, rnd, st, a, made, tricks))
    chosen = [r for r in rows if not r[4]][:limit] + [r for r in rows if r[4]][:limit]
    settings = Settings({"moon_inference": moon_inference}, moon_player, variants)
    counts = [{"lost": 0, "lost_changed": 0, "lost_now_made": 0, "made": 0, "made_changed": 0,
               "made_to_pass": 0} for _ in variants]
    skipped = 0
    for rec, rnd, st, a, made, tricks in chosen:
        game = replay(rec, st)
        if game.current_seat() is None:     # the round's first action: its deal not yet started
            deal = dict((k, v) for k, v in rnd.items() if k not in ("actions", "scores"))
            game.start_round(deal)
        view = game.view(game.current_seat())
        acts = []
        for v in variants:
            settings.apply(v)
            acts.append(choose(view, "hard", st, Budget(iterations=iterations)))
        settings.apply([])
        if acts[0] != a:
            skipped += 1
            continue
        for i in range(len(variants)):
            c = counts[i]
            c["made" if made else "lost"] += 1
            if acts[i] == a:
                continue
            if made:
                c["made_changed"] += 1
                c["made_to_pass"] += acts[i] == "pass"
            else:
                c["lost_changed"] += 1
                c["lost_now_made"] += acts[i] != "pass" and tricks >= tricks_needed(int(acts[i]))
    for i in range(len(variants)):
        out = {"variant": variants[i], "not_repeated": skipped}
        out.update(counts[i])
        print(json.dumps(out), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--first", type=int, default=None, help="only each dir's first N games")
    ap.add_argument("--against", nargs="*", default=None, help="the other run's dirs, same seeds and order")
    ap.add_argument("--rebid", default=None, help="';'-separated variants (bench/variants.py)")
    ap.add_argument("--limit", type=int, default=40, help="rebid: at most this many lost and as many made")
    ap.add_argument("--iterations", type=int, default=12)
    args = ap.parse_args()
    if args.rebid is not None:
        rebid(records(args.dirs), [parse(v) for v in args.rebid.split(";")], args.limit, args.iterations)
        return
    new = records(args.dirs, args.first)
    summary(new)
    if args.against:
        if len(args.against) != len(args.dirs):
            raise SystemExit("--against needs as many dirs as the run it pairs with")
        old = []
        for d, o in zip(args.dirs, args.against):
            k = len(records([d], args.first))
            old += records([o], k)
        paired(new, old)


if __name__ == "__main__":
    main()
