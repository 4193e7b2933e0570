#!/usr/bin/env python3
"""Write the rules pages' diagrams: rules/diagrams/*.json.

Each file is a ``domino-record/1`` record (replayed by the engine, so it is
legal by construction) plus an ``embed`` field, ignored by record readers,
giving the step the diagram opens at and whose hands it shows.  The
opening example and the shot moon are dealt by hand to match the text;
the others are found by playing seeded random games until the position the
text describes occurs.  Deterministic: rerunning rewrites the same bytes.

    python3 web/site/rules/make_diagrams.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))   # the repository root: import engine

from engine import moon_rules, record, tiles  # noqa: E402
from engine.rng import Rng  # noqa: E402

OUT = HERE / "diagrams"
CF_NAMES = ["Ana", "Ben", "Cleo", "Dev"]
MOON_NAMES = ["Ana", "Ben", "Cleo"]


def write(name, rec, step, hand="reveal"):
    data = dict(rec)
    data["embed"] = {"step": step, "hand": hand}
    OUT.mkdir(exist_ok=True)
    (OUT / (name + ".json")).write_text(record.dumps(data) + "\n", encoding="utf-8")
    print("%s: step %d of %d" % (name, step, sum(len(r["actions"]) for r in rec["rounds"])))


# --- Chicken Foot ----------------------------------------------------------

def cf_opening():
    """The sources' four-player example: spokes 1-4, with a draw-and-pass and a draw-and-play."""
    nines = ["9-1", "9-5"]          # Ana: two trains' worth
    deck = [t for t in tiles.NAMES if tiles.ends(tiles.parse(t))[0] <= 9 and t != "9-9"]
    deck = [t for t in deck if t not in ("9-1", "9-5", "9-4", "9-7", "3-2")]
    plain = [t for t in deck if not t.startswith("9-")]
    other_nines = [t for t in deck if t.startswith("9-")]
    hands = [nines + plain[0:9], plain[9:20], ["9-4"] + plain[20:30], plain[30:41]]
    rest = plain[41:] + other_nines
    yard = ["3-2", "9-7"] + rest
    game = record.new_game("chicken-foot", 4, names=CF_NAMES)
    game.start_round({"double": 9, "first": 0, "hands": hands, "yard": yard})
    for action in ["9-1>9-9", "draw", "pass", "9-4>9-9", "draw", "9-7>9-9", "9-5>9-9"]:
        game.apply(action)
    return game.record()


def random_cf(seed, players=4, until=None, rounds=1):
    """Play seeded random Chicken Foot; stop at the first step where ``until(game, prev)`` holds."""
    game = record.new_game("chicken-foot", players, names=CF_NAMES[:players])
    rng = Rng(seed)
    game.start_round(game.new_deal(rng))
    while game.current_seat() is not None:
        prev = game.view(0)
        legal = game.legal_actions()
        game.apply(legal[rng.below(len(legal))])
        if until is not None and until(game, prev):
            return game
    return game if until is None else None


def find(make, tries=3000):
    for seed in range(1, tries):
        game = make(seed)
        if game is not None:
            return game
    raise SystemExit("no seed gave the wanted position")


def foot_completed(game, prev):
    foot = prev.get("open_foot")
    return foot is not None and foot["needed"] == 1 and game.view(0).get("open_foot") is None \
        and game.current_seat() is not None


def stuck_foot(game, prev):
    """Every player drew or passed in turn while the same foot stayed open."""
    v = game.view(0)
    foot = v.get("open_foot")
    if foot is None or foot["needed"] < 1:
        return False
    history = v["history"]
    tail = []
    for seat, action in reversed(history):
        if ">" in action:
            break
        tail.append((seat, action))
    passes = [seat for seat, action in tail if action == "pass"]
    return len(set(passes)) == game.players and game.current_seat() is not None


def blocked(game, prev):
    """The round ended with nobody out: it was blocked."""
    return game.phase() == "round-over" and min(game.view(0)["hand_sizes"]) > 0


def cf_blocked(seed):
    game = random_cf(seed, players=3, until=blocked)
    return game


# --- Moon ------------------------------------------------------------------

def random_moon(seed, until):
    game = record.new_game("moon", 3, names=MOON_NAMES)
    rng = Rng(seed)
    game.start_round(game.new_deal(rng))
    while game.current_seat() is not None:
        legal = game.legal_actions()
        if game.phase() == "bidding":
            # Someone bids: a hand where all pass shows nothing.
            bids = [a for a in legal if a not in ("pass", "21")]
            action = bids[0] if bids and rng.below(2) else legal[rng.below(len(legal))]
            if action == "21":
                action = "pass"
        else:
            action = legal[rng.below(len(legal))]
        prev = game.view(0)
        game.apply(action)
        if until(game, prev):
            return game
    return None


def last_trick(game):
    v = game.view(0)
    return v["tricks"][-1] if v["tricks"] and not v["trick"] else None, v["trump"]


def trick_seats(trick):
    return [(trick["leader"] + i) % 3 for i in range(3)]


def followed_higher(game, prev):
    """A plain (non-trump, non-double) lead; the next player follows with its higher number, not its lower."""
    trick, trump = last_trick(game)
    if trick is None or trump in ("doubles",) or len(game.view(0)["tricks"]) != len(prev["tricks"]) + 1:
        return False
    code = moon_rules.trump_code(trump)
    lead = tiles.parse(trick["tiles"][0])
    hi, lo = tiles.ends(lead)
    if hi == lo or moon_rules.is_trump(lead, code):
        return False
    second = tiles.parse(trick["tiles"][1])
    return hi in tiles.ends(second) and lo not in tiles.ends(second) and not moon_rules.is_trump(second, code) \
        and trick["winner"] == trick_seats(trick)[1]


def trumped(game, prev):
    trick, trump = last_trick(game)
    if trick is None or trump in ("none", "doubles") or len(game.view(0)["tricks"]) != len(prev["tricks"]) + 1:
        return False
    code = moon_rules.trump_code(trump)
    ids = [tiles.parse(t) for t in trick["tiles"]]
    winner_tile = ids[trick_seats(trick).index(trick["winner"])]
    return not moon_rules.is_trump(ids[0], code) and moon_rules.is_trump(winner_tile, code)


def doubles_trump(game, prev):
    trick, trump = last_trick(game)
    if trick is None or trump != "doubles" or len(game.view(0)["tricks"]) != len(prev["tricks"]) + 1:
        return False
    ids = [tiles.parse(t) for t in trick["tiles"]]
    winner_tile = ids[trick_seats(trick).index(trick["winner"])]
    return not tiles.is_double(ids[0]) and tiles.is_double(winner_tile)


def hand_scored(made):
    def until(game, prev):
        if game.phase() not in ("round-over", "game-over") or not game.round_scores():
            return False
        v = game.view(0)
        if v["bidder"] is None:
            return False
        won = v["tricks_won"][v["bidder"]]
        return (won >= v["bid"]) == made
    return until


def widow_taken(game, prev):
    return prev["phase"] == "discard" and game.phase() == "trump"


def shoot_the_moon():
    """Ana holds five doubles, takes the sixth in the widow, names doubles trumps and wins all seven tricks."""
    hands = [["6-6", "5-5", "4-4", "3-3", "2-2", "6-1", "5-1"],
             ["6-5", "6-4", "6-3", "6-2", "5-4", "5-3", "5-2"],
             ["4-3", "4-2", "4-1", "3-2", "3-1", "2-1", "0-0"]]
    game = record.new_game("moon", 3, names=MOON_NAMES)
    game.start_round({"first": 0, "hands": hands, "widow": "1-1"})
    for action in ["21", "discard 5-1", "trump doubles"]:
        game.apply(action)
    # Ana leads her doubles (trumps, high to low), then her last tile; the
    # others follow with any legal tile.
    leads = ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "6-1"]
    for lead in leads:
        game.apply(lead)
        for _ in range(2):
            game.apply(game.legal_actions()[0])
    return game


def main():
    write("cf-opening", cf_opening(), 0)
    game = find(lambda seed: random_cf(seed, until=foot_completed))
    write("cf-foot", game.record(), game.action_count())
    game = find(lambda seed: random_cf(seed, until=stuck_foot))
    write("cf-stuck-double", game.record(), game.action_count())
    game = find(cf_blocked)
    write("cf-blocked", game.record(), game.action_count())

    game = find(lambda seed: random_moon(seed, widow_taken))
    write("moon-widow", game.record(), game.action_count(), hand=str(game.view(0)["bidder"] + 1))
    game = find(lambda seed: random_moon(seed, followed_higher))
    write("moon-follow", game.record(), game.action_count())
    game = find(lambda seed: random_moon(seed, trumped))
    write("moon-trump", game.record(), game.action_count())
    game = find(lambda seed: random_moon(seed, doubles_trump))
    write("moon-doubles", game.record(), game.action_count())
    game = find(lambda seed: random_moon(seed, hand_scored(True)))
    write("moon-made", game.record(), game.action_count())
    game = find(lambda seed: random_moon(seed, hand_scored(False)))
    write("moon-failed", game.record(), game.action_count())
    game = shoot_the_moon()
    write("moon-shoot", game.record(), game.action_count())


if __name__ == "__main__":
    main()
