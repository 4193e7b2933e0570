"""The tournament counts each level's Moon contracts, taken and made (issue 19's target is on them)."""

from engine.tournament import tournament


def _contracts_in(record):
    """``{seat: [taken, made]}`` read from a Moon record: the last bid of each round and its score."""
    out = {0: [0, 0], 1: [0, 0], 2: [0, 0]}
    for rnd in record["rounds"]:
        seat = rnd["first"]
        bidder = -1
        for a in rnd["actions"]:
            if a == "pass" or a.isdigit():
                if a != "pass":
                    bidder = seat
                seat = (seat + 1) % 3
                if a == "21":
                    break
            else:
                break
        if bidder >= 0 and "scores" in rnd:
            out[bidder][0] += 1
            out[bidder][1] += 1 if rnd["scores"][bidder] > 0 else 0
    return out


def test_contracts_add_up_to_the_records():
    records = []
    result = tournament("moon", ["medium", "easy", "easy"], 3, 4, on_record=lambda k, r: records.append(r))
    expected = [[0, 0], [0, 0], [0, 0]]
    for k in range(len(records)):
        r = k % 3               # rotation r: entry i sits at seat (i + r) % 3
        counted = _contracts_in(records[k])
        for i in range(3):
            expected[i][0] += counted[(i + r) % 3][0]
            expected[i][1] += counted[(i + r) % 3][1]
    got = [[e["contracts"], e["contracts_made"]] for e in result["seats"]]
    assert got == expected
    assert sum(g[0] for g in got) > 5, "hands were bid"
    assert any(g[0] > g[1] for g in got), "and some contract failed: the made count is not the taken one"


def test_a_game_without_contracts_counts_none():
    result = tournament("chicken-foot", ["easy", "random"], 2, 3)
    assert [(e["contracts"], e["contracts_made"]) for e in result["seats"]] == [(0, 0), (0, 0)]
