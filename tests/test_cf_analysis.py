"""Chicken Foot round analysis (engine.ai.cf_analysis): an estimate from the seat's view only."""

import pytest

from engine.ai.analysis import analyse
from engine.ai.cf_analysis import decision, isqrt, mean_se
from engine.chickenfoot import ChickenFoot
from engine.record import dumps, replay
from engine.rng import Rng
from engine.tiles import NAMES, parse
from engine.tournament import pick


def tiles(text):
    return [parse(t) for t in text.split()]


def nine_nine_position(swap=False):
    """Round 2 (on the 8-8), eight players: seat 0 ends up holding 9-9, 9-1 and 2-0, one 9 end open.

    Playing the 9-9 there sheds 18 pips and keeps 9-1 as a toe for its own
    foot (going out soon is likely); any other play keeps the 9-9, and 9-1
    on the 9 end even closes the only end it could go on.  ``swap`` deals the same public game with other
    hidden tiles: two other seats exchange tiles they never play, and the
    undrawn yard is reversed.
    """
    hands = [tiles("9-9 9-8 9-1 2-0 3-0")]
    spokes = ["8-7", "8-6", "8-5", "8-4", "8-3", "8-2", "8-0"]
    nines = tiles("9-0 9-2 9-3 9-4 9-5 9-6 9-7")
    used = set(hands[0]) | set(tiles(" ".join(spokes))) | set(nines) | {parse("8-8"), parse("8-1")}
    low = [t for t in range(55) if t not in used]
    for s in range(7):
        hands.append([parse(spokes[s])] + low[4 * s:4 * s + 4])
    yard = low[28:] + [parse("8-1")] + nines
    if swap:
        hands[5][-1], hands[6][-1] = hands[6][-1], hands[5][-1]
        tail = yard[4:]
        tail.reverse()
        yard = yard[:4] + tail
    g = ChickenFoot(8)
    g._phase = "round-over"     # as if round 1 were played: round 2 has the 9-9 in play
    g.round_index = 0
    g.start_round_ids(0, hands, yard)
    keep = {5: hands[5][-1], 6: hands[6][-1]}
    # Seat 0 plays 9-8, then its two light tiles; the others never touch the 9 end
    # and never play the tiles the swap exchanges.
    while not (g.current_seat() == 0 and len(g.view(0)["hand"]) == 3):
        seat = g.current_seat()
        legal = [a for a in g.legal_actions() if not a.endswith(">9-8") and not a.startswith("9-")
                 and (seat not in keep or parse(a.split(">")[0]) != keep[seat] if ">" in a else True)]
        if seat == 0 and len(g.view(0)["hand"]) == 5:
            legal = ["9-8>8-8"]
        g.apply(legal[0])
    return g


def test_the_position_is_as_described():
    g = nine_nine_position()
    v = g.view(0)
    assert sorted(v["hand"]) == ["2-0", "9-1", "9-9"]
    assert "9-9>9-8" in v["legal"] and "9-1>9-8" in v["legal"]
    h = nine_nine_position(swap=True)
    assert h.view(0) == v and h.hands != g.hands and h.yard != g.yard


def test_keeping_the_double_nine_is_marked_costly():
    v = nine_nine_position().view(0)
    d = decision(v, "9-1>9-8", Rng(1), 60)
    assert d["verdict"] == "costly" and d["cost"] > 200 + 2 * d["cost_se"]
    alts = d["alternatives"]
    assert len(alts) >= 3
    for a in alts:
        if a["action"] == "9-9>9-8":
            assert a["verdict"] == "best" and a["cost"] == 0
        else:
            # Keeping the 9-9 costs several pips on average.
            assert a["verdict"] == "costly" and a["cost"] > 500, a


def test_the_analysis_never_changes_with_hidden_tiles():
    a = decision(nine_nine_position().view(0), "9-9>9-8", Rng(5), 12)
    b = decision(nine_nine_position(swap=True).view(0), "9-9>9-8", Rng(5), 12)
    assert a == b


def test_a_played_choice_that_is_best_is_marked_best():
    v = nine_nine_position().view(0)
    d = decision(v, "9-9>9-8", Rng(1), 40)
    assert d["verdict"] == "best" and d["cost"] == 0 and d["value"] == d["best"]


def seeded_record(players=4, seed=8):
    g = ChickenFoot(players)
    rng = Rng(seed)
    g.start_round(g.new_deal(rng))
    while g.current_seat() is not None:
        g.apply(pick(g, "medium", rng.next64()))
    return g.record()


def hidden_variant(rec, seat):
    """The same round with other hidden tiles: the yard's never-drawn tiles reversed and
    two tiles that two other seats keep to the end exchanged (the first such exchange
    under which every recorded action stays legal)."""
    r = rec["rounds"][0]
    draws = r["actions"].count("draw")
    final = replay(rec)
    left = [[NAMES[t] for t in range(55) if final.hands[p] >> t & 1] for p in range(rec["players"])]
    yard = list(r["yard"])
    tail = yard[draws:]
    tail.reverse()
    others = [p for p in range(rec["players"]) if p != seat]
    for p in others:
        for q in others:
            for a in left[p] if p < q else []:
                for b in left[q]:
                    hands = [list(h) for h in r["hands"]]
                    hands[p][hands[p].index(a)] = b
                    hands[q][hands[q].index(b)] = a
                    out = {"double": r["double"], "first": r["first"], "hands": hands,
                           "yard": yard[:draws] + tail, "actions": r["actions"]}
                    variant = dict(rec)
                    variant["rounds"] = [out]
                    try:
                        replay(variant)
                    except ValueError:
                        continue
                    return variant
    raise AssertionError("no exchange of hidden tiles keeps this round legal")


def test_a_whole_round_analysis_is_the_same_whatever_the_hidden_tiles():
    rec = seeded_record()
    seat = 1
    other = hidden_variant(rec, seat)
    assert other["rounds"][0]["hands"] != rec["rounds"][0]["hands"]
    a = analyse(rec, {"round": 0, "seat": seat, "iterations": 3})
    b = analyse(dumps(other), {"round": 0, "seat": seat, "iterations": 3})
    assert a == b
    assert any(not d["forced"] for d in a["decisions"])


def test_a_round_lists_the_seats_decisions_labelled_an_estimate():
    rec = seeded_record()
    out = analyse(rec, {"round": 0, "seat": 2, "iterations": 4})
    assert out["estimate"] is True and out["exact"] is False and out["sees"] == "own view"
    assert out["seat"] == 2 and out["worlds"] == 4 and out["scale"] == 100
    g = replay({"format": rec["format"], "game": rec["game"], "players": 4, "options": rec["options"],
                "rounds": [{k: rec["rounds"][0][k] for k in ("double", "first", "hands", "yard")}]})
    expected = []
    for i, a in enumerate(rec["rounds"][0]["actions"]):
        if g.current_seat() == 2:
            expected.append((i, a, g.legal_actions()))
        g.apply(a)
    assert [(d["index"], d["action"], [x["action"] for x in d["alternatives"]]) for d in out["decisions"]] == expected
    for d in out["decisions"]:
        if d["forced"]:
            assert d["verdict"] == "forced"
            continue
        best = min(x["value"] for x in d["alternatives"])
        assert d["best"] == best and d["cost"] == d["value"] - best >= 0
        assert d["verdict"] in ("best", "close", "costly")
    assert out["line"] == [{"index": d["index"], "value": d["value"]} for d in out["decisions"] if not d["forced"]]
    assert out["line"]
    # Deterministic: the same options give the same answer.
    assert analyse(rec, {"round": 0, "seat": 2, "iterations": 4}) == out


def test_mean_and_standard_error_in_hundredths():
    assert mean_se(10, 10 * 10, 1) == (1000, 0)
    # 1, 2, 3, 4: mean 2.5, sample sd 1.29, se 0.645.
    assert mean_se(10, 30, 4) == (250, 64)
    assert [isqrt(n) for n in [0, 1, 3, 4, 99, 100, 10 ** 12]] == [0, 1, 1, 2, 9, 10, 10 ** 6]


def test_bad_options_are_refused_and_change_nothing():
    rec = seeded_record()
    for options, key in [({"seat": 4}, "analysis.bad_seat"), ({"round": 1}, "analysis.no_such_round"),
                         ({"iterations": 0}, "analysis.bad_option"), ({"worlds": 3}, "analysis.unknown_option"),
                         ({"seed": "x"}, "analysis.bad_option")]:
        with pytest.raises(Exception) as err:
            analyse(rec, options)
        assert err.value.key == key
