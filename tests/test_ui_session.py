"""The page's session logic on CPython: reasons for unplayable tiles."""

import random
import re
import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "web"))

from app import replay  # noqa: E402
from app import screens  # noqa: E402
from app import session as sess  # noqa: E402


def play_until(setup, predicate, seed, limit=200):
    s = sess.Session(setup)
    s.deal()
    pick = random.Random(seed)
    for _ in range(limit):
        if s.to_act() is None or predicate(s):
            return s
        s.apply(pick.choice(s.game.legal_actions()))
    return s


def blocked(s):
    v = s.game.view(s.to_act())
    playable = [sess.tile_of(a) for a in v["legal"]]
    return [t for t in v["hand"] if t not in playable]


def test_every_unplayable_tile_has_the_engines_reason_and_nothing_changes():
    for game in ("chicken-foot", "moon"):
        setup = sess.default_setup()
        setup["game"] = game
        setup["seats"] = ["human"] * 8
        s = sess.Session(setup)
        s.deal()
        pick = random.Random(7)
        reasons = 0
        while s.to_act() is not None:
            before = s.record_json()
            for tile in blocked(s):
                reason = s.why_not(tile)
                assert reason and isinstance(reason, str)
                reasons += 1
            assert s.record_json() == before
            for tile in [sess.tile_of(a) for a in s.game.legal_actions() if sess.tile_of(a)]:
                assert s.why_not(tile) is None
            s.apply(pick.choice(s.game.legal_actions()))
        assert reasons > 20


def test_open_foot_reason_names_the_foot():
    setup = sess.default_setup()
    setup["players"] = 4
    s = play_until(setup, lambda s: s.game.view(0)["open_foot"] is not None and blocked(s), 3)
    foot = s.game.view(0)["open_foot"]
    assert foot is not None
    tile = blocked(s)[0]
    assert foot["tile"] in s.why_not(tile)
    text = screens.reasons_text(s, blocked(s))
    assert text.startswith(tile) and "cannot be played: " in text


def test_moon_bidding_reason():
    setup = sess.default_setup()
    setup["game"] = "moon"
    s = sess.Session(setup)
    s.deal()
    tile = s.game.view(s.to_act())["hand"][0]
    assert s.why_not(tile) == "tiles are played after the bidding: bid or pass first"


def test_undo_is_refused_after_a_draw_with_a_reason():
    setup = sess.default_setup()
    setup["players"] = 2
    setup["seats"] = ["human", "easy"] + ["easy"] * 6
    s = sess.Session(setup)
    s.deal()
    pick = random.Random(2)
    refused = allowed = 0
    while s.to_act() is not None and refused < 3:
        humans = [i for i in range(len(s.turns)) if s.is_human(s.turns[i][0])]
        if s.is_human(s.to_act()) and humans:
            drew = any(t[1] == "draw" for t in s.turns[humans[-1]:])
            if drew:
                assert s.undo_point() is None and s.undo() is None
                assert "drawn" in s.undo_refusal()
                refused += 1
            else:
                assert s.undo_refusal() is None
                back = s.undo()
                assert back.to_act() == s.to_act() and len(back.turns) == humans[-1]
                allowed += 1
        s.apply(pick.choice(s.game.legal_actions()))
    assert refused and allowed


def test_moon_undo_is_refused_once_the_widow_is_seen():
    # At the human's first turn after the bidding, their last decision lies
    # before the widow was seen: undo is refused, saying so.
    setup = sess.default_setup()
    setup["game"] = "moon"
    setup["seats"] = ["human", "easy", "easy"] + ["easy"] * 5

    def first_turn_after_bidding(s):
        return (s.game.phase() != "bidding" and s.is_human(s.to_act())
                and all(t[2] == "bidding" for t in s.turns if s.is_human(t[0])))

    found = 0
    for seed in range(6):
        s = play_until(setup, first_turn_after_bidding, seed, limit=400)
        if s.to_act() is None or not first_turn_after_bidding(s):
            continue
        assert s.undo_point() is None and s.undo() is None
        assert "widow" in s.undo_refusal()
        found += 1
    assert found


def test_review_steps_through_every_round_without_touching_the_game():
    setup = sess.default_setup()
    setup["players"] = 3
    s = sess.Session(setup)
    s.deal()
    pick = random.Random(1)
    for _ in range(2):
        while s.to_act() is not None:
            s.apply(pick.choice(s.game.legal_actions()))
        s.deal()
    for _ in range(5):
        s.apply(pick.choice(s.game.legal_actions()))
    before = s.record_json()
    review = sess.Review(s)
    assert review.total == s.game.action_count()
    # Every step equals replaying the record up to it (as embeds count steps).
    from engine import record
    for step in list(range(review.total, -1, -7)) + [0, 1, review.total]:
        twin = review.session(step)
        expected = record.replay(s.game.record(), step)
        assert twin.game.record() == expected.record(), step
    review.session(review.total)
    assert review.describe().startswith("Move %d of %d" % (review.total, review.total))
    # The first deal names its round once ("(round 1): Round 1: centre double 9-9" twice).
    review.session(0)
    said = review.describe()
    assert said.startswith("Move 0 of %d (round 1): centre double 9-9, " % review.total), said
    assert said.count("ound 1") == 1, said
    assert s.record_json() == before


def test_accessible_names_holding_player_names_are_isolated():
    """A name holding U+202E (right-to-left override) cannot reorder the accessible name around it."""
    import re

    from app import replay

    flipped = "\u202eAna"
    isolated = "\u2068" + flipped + "\u2069"
    setup = sess.default_setup()
    setup["players"] = 2
    setup["names"][0] = flipped
    s = sess.Session(setup)
    s.deal()
    labels = re.findall(r'aria-label="([^"]*)"', screens.hand_panel_readonly(s, 0))
    assert [x for x in labels if flipped in x] == [isolated + "\u2019s tiles"]
    # The replay's hand choice and (an imported record's) seat choices: labels and options.
    html = replay.panel(replay.Viewer(s, mode="replay", imported=True), None, ["human", "medium"])
    named = re.findall(r"<(?:option|label)[^>]*>([^<]*%s[^<]*)<" % flipped, html)
    assert sorted(named) == sorted([isolated, isolated + " (seat 1)"]), named
    assert all(isolated in text for text in named)


def test_the_tile_just_taken_is_marked_in_the_hand():
    """A Chicken Foot tile drawn and playable, and Moon's widow while discarding: the one hand
    tile marked ``drawn``; at other turns none is."""
    marked = re.compile(r'<button type="button" class="tile-btn[^"]*\bdrawn\b[^"]*" data-act="tile" data-arg="([^"]+)"')
    seen = {}
    for game, players in (("chicken-foot", 4), ("moon", 3)):
        setup = sess.default_setup()
        setup["game"] = game
        setup["players"] = players
        setup["seats"] = ["human"] * 8
        for seed in range(40):
            s = sess.Session(setup)
            s.deal()
            pick = random.Random(seed)
            while s.to_act() is not None:
                v = s.game.view(s.to_act())
                taken = v.get("drawn_tile") or (v["widow"] if v["phase"] == "discard" else None)
                found = marked.findall(screens.hand_panel(s, s.to_act(), None, None))
                assert found == ([taken] if taken else []), (game, seed, v)
                if taken:
                    seen[game] = seen.get(game, 0) + 1
                s.apply(pick.choice(s.game.legal_actions()))
    assert seen.get("chicken-foot", 0) >= 5 and seen.get("moon", 0) >= 5, seen


def test_a_bidders_card_counts_its_tricks_against_what_the_bid_needs():
    """Moon's bidder's card: "tricks 2 of 5" for a 5, "of 7" for a 21 (it once read "0 of 21")."""
    from app.present import moon as shown
    from engine.moon_rules import tricks_needed
    setup = sess.default_setup()
    setup["game"] = "moon"
    setup["seats"] = ["human"] * 8
    seen = set()
    for bid in ("5", "21"):
        s = sess.Session(setup)
        s.deal()
        pick = random.Random(1)
        s.apply(bid)
        while s.game.phase() == "bidding":
            s.apply("pass")
        while s.game.phase() != "play":
            s.apply(pick.choice(s.game.legal_actions()))
        v = s.game.view(0)
        bidder = v["bidder"]
        lines = shown.seat_lines(s, v, bidder)
        assert lines == ["tricks 0 of %d" % tricks_needed(int(bid))], lines
        seen.add(lines[0])
        # Before the score on the card: a card cut short loses the score, not the tricks.
        card = screens.seat_card(s, bidder, v, 0, [])
        assert card.index(lines[0]) < card.index("score 0"), card
    assert seen == {"tricks 0 of 5", "tricks 0 of 7"}


def test_a_moon_card_says_a_bid_once_while_bidding():
    """While bidding an opponent's card said its bid twice ("7 tiles, bid 5, score 0" and
    "→ bid 5"; the table's bubble and "Bids so far" said it too): now once, on its line of
    what the seat did."""
    setup = sess.default_setup()
    setup.update(game="moon", seats=["human", "easy", "easy"])
    for seed in range(1, 50):
        s = sess.Session(dict(setup, seed=seed))
        s.deal()
        if s.to_act() != 0:
            break
    said = {}
    while s.to_act() != 0:
        said[s.to_act()] = "bid 5" if "5" in s.game.legal_actions() else "pass"
        s.apply("5" if said[s.to_act()] == "bid 5" else "pass")
    top, _ = screens.seat_cards(s, 0)
    cards = top.split('<li class="seat-card')[1:]
    assert len(cards) == 2 and said
    for seat, words in said.items():
        card = [c for c in cards if 'data-seat="%d"' % seat in c][0]
        assert card.count(words) == 1, card


def test_moons_empty_trick_says_what_the_table_waits_for():
    """Before the first trick Moon's board says who discards, names trumps or leads, each in
    turn (it read "The trick" over three empty spots while the bidder chose a discard)."""
    from app.present import moon as shown
    setup = sess.default_setup()
    setup.update(game="moon", seats=["human"] * 8, names=["Ana", "Ben", "Cleo"] + setup["names"][3:])
    s = sess.Session(setup)
    s.deal()
    while s.game.phase() == "bidding":
        s.apply("5" if "5" in s.game.legal_actions() else "pass")
    bidder = s.game.view(0)["bidder"]
    seen = []
    while not s.game.view(0)["tricks"]:
        v = s.game.view(s.to_act())
        caption = re.search(r"<figcaption>(.*?)</figcaption>", shown.board(s, v, [], None, None, 0)[0]).group(1)
        seen.append((v["phase"], re.sub(r"<[^>]+>|&#\w+;", "", caption)))
        s.apply(v["legal"][0])
    name = setup["names"][bidder]
    assert seen[:3] == [("discard", "%s takes the widow and discards a tile" % name),
                        ("trump", "%s names trumps" % name),
                        ("play", "%s leads the first trick" % name)], seen
    # Then the trick in progress, who led it and the suit it calls (it said only "The trick",
    # and the outlined last tile passed for the lead), and once one is won, the last trick
    # and its winner.
    from engine.moon_rules import LED, TRUMPS, trump_code
    from engine.tiles import parse
    lead = s.game.view(0)["tricks"][0]["tiles"][0]
    called = LED[trump_code(s.game.view(0)["trump"])][parse(lead)]
    said = "The trick: %s led %s" % (name, "trumps" if called == TRUMPS else "suit %d" % called)
    assert [c for p, c in seen[3:]] == [said] * 2, seen
    v = s.game.view(0)
    caption = shown.board(s, v, [], None, None, 0)[0]
    assert "Last trick, won by" in caption


def test_people_sharing_the_screen_take_back_only_their_own_decisions():
    """Three people: at Ben's turn Ana's tile cannot be taken back (Ben, holding the device,
    would then be offered Ana's hand), and the reason names her; one person against the
    computers takes back their own tile at once, as before."""
    checked = []
    for seats, shared in ((["human", "human", "human"], True), (["human", "easy", "easy"], False)):
        setup = sess.default_setup()
        setup.update(players=3, seats=seats + ["easy"] * 5, names=["Ana", "Ben", "Cleo"] + setup["names"][3:])
        s = sess.Session(setup)
        s.deal()
        first = s.to_act()
        tiles = [a for a in s.game.legal_actions() if a not in ("draw", "pass")]
        assert tiles, "the deal gives the first player a tile to play"
        s.apply(tiles[0])
        if shared:
            assert s.is_human(s.to_act()) and s.to_act() != first
            assert s.undo_point() is None and s.undo() is None
            assert "the last move was" in s.undo_refusal() and s.names[first] in s.undo_refusal()
        else:
            assert s.undo_point() is not None and s.undo_refusal() is None
        checked.append(shared)
    assert checked == [True, False]


def test_equal_totals_share_a_place_in_the_ranking():
    from types import SimpleNamespace
    game = SimpleNamespace(totals=lambda: [560, 560, 700, 700, 800], winners=lambda: [0, 1])
    s = SimpleNamespace(game=game, names=["Ana", "Ben", "Cleo", "Dev", "Eli"])
    places = re.findall(r'value="(\d+)" data-seat="(\d+)"', screens.ranking(s))
    assert places == [("1", "0"), ("1", "1"), ("3", "2"), ("3", "3"), ("5", "4")]


def test_the_hand_over_names_the_seat_when_two_players_share_a_name():
    same = screens.pass_screen(["Ana", "Ana", "Ben"], 1)
    assert "<bdi>Ana</bdi> (seat 2)" in same and same.count("(seat 2)") == 2     # title and line
    assert "(seat" not in screens.pass_screen(["Ana", "Ana", "Ben"], 2)


def test_a_long_name_is_cut_between_characters_a_person_sees():
    from app.names import short
    family = "\U0001F469\u200d\U0001F469\u200d\U0001F467\u200d\U0001F466"
    assert short("Zo\u00eb " + family + " family", 9) == "Zo\u00eb\u2026"       # the family whole or not at all
    assert short("Maximiliana", 9) == "Maximilia\u2026"
    assert short("Ana", 9) == "Ana" and short("Maximilian", 9) == "Maximilian"
    assert short("Rene\u0301e Dupont-Smith", 4) == "Ren\u2026"        # never a letter without its accent
    thumbs = "\U0001F44D\U0001F3FD"
    assert short("ab" + thumbs * 6, 3) == "ab\u2026" and short("ab" + thumbs * 6, 4) == "ab" + thumbs + "\u2026"


def test_a_tiles_name_is_kept_whole_in_every_text_said():
    """names.html keeps each "digit-digit" (a tile's name) in a span that never breaks, once,
    left to right; anything else passes as it was, escaped, names isolated."""
    from app import names

    assert names.html("Dev played 5-5 on 9-5") == (
        'Dev played <span class="tile-name">5-5</span> on <span class="tile-name">9-5</span>')
    assert names.keep_tiles("1-2-3") == '<span class="tile-name">1-2</span>-3'
    assert names.keep_tiles("a-b 9- -9 x-1") == "a-b 9- -9 x-1"
    assert names.keep_tiles("\u00b2-\u0663") == "\u00b2-\u0663"     # digits, but not a tile's
    assert names.html("<b>6-4</b>") == '&lt;b&gt;<span class="tile-name">6-4</span>&lt;/b&gt;'
    assert names.html("\u2068Ana 2-1\u2069 played") == '<bdi>Ana <span class="tile-name">2-1</span></bdi> played'


def test_the_move_log_reads_its_lines_newest_first_however_often_drawn():
    """log_items keeps each line's item as drawn (a line's HTML is its text's and its number's):
    the same log drawn again, a line repeated, a log longer than the items kept, all read as
    drawn anew."""
    s = sess.Session(dict(sess.default_setup(), game="chicken-foot", players=3, seed=4))
    s.deal()

    def item(line, n):
        return '<li class="note">%s</li>' % screens.say(line) if n is None else \
            '<li value="%d">%s</li>' % (n, screens.say(line))

    s.log[:] = ["Ana played 9-5 on 9-9", "<b>Ben</b> drew", "Ana played 9-5 on 9-9"] + \
        ["line %d & more" % k for k in range(700)]
    # (Numbered one after another, notes between: a gap would be a line of two moves, below.)
    s.steps[:] = [1, 2, 3] + [None if k % 7 == 0 else 4 + k - (k + 6) // 7 for k in range(700)]
    fresh = "".join([item(line, n) for line, n in reversed(list(zip(s.log, s.steps))[-60:])])
    assert screens.log_items(s) == screens.log_items(s) == fresh
    # Twelve logs of sixty new lines each: more items than are kept, drawn right all the same.
    for k in range(12):
        s.log[:] = ["round %d: line %d <%d>" % (k, j, j) for j in range(60)]
        s.steps[:] = [k * 60 + j for j in range(60)]
        assert screens.log_items(s) == "".join([item(x, n) for x, n in reversed(list(zip(s.log, s.steps)))])
        assert len(screens._LOG_ITEMS) <= 500
    # The same line under another number is another item.
    s.log[:] = ["Ana played 9-5 on 9-9", "<b>Ben</b> drew", "Ana played 9-5 on 9-9", "Cleo passed", "Round 2"]
    s.steps[:] = [7, 8, 9, 10, None]
    played = 'Ana played <span class="tile-name">9-5</span> on <span class="tile-name">9-9</span></li>'
    assert screens.log_items(s) == ('<li class="note">Round 2</li><li value="10">Cleo passed</li><li value="9">' + played
                                    + '<li value="8">&lt;b&gt;Ben&lt;/b&gt; drew</li><li value="7">' + played)


def test_a_line_of_a_draw_and_a_pass_numbers_both_moves():
    """A draw and the pass after it are one line of the log, numbered by the pass as a review
    numbers it; the line carries the draw's number too (data-from, shown "35–36."): "36." after
    "34." read as a move left out.  Every move is numbered exactly once, lines or not (failed
    before: no data-from)."""
    s = sess.Session(dict(sess.default_setup(), game="chicken-foot", players=4, seed=3,
                          seats=["easy"] * 8))
    s.deal()
    rng = random.Random(5)
    for _round in range(3):
        if _round:
            s.deal()
        while s.game.phase() == "play":
            s.apply(rng.choice(s.game.legal_actions()))
            # The page shows the last sixty lines, each as in the whole log.
            whole = re.findall(r"<li.*?</li>", screens.numbered_items(s.log, s.steps))
            assert re.findall(r"<li.*?</li>", screens.log_items(s)) == whole[:60]
    html = screens.numbered_items(s.log, s.steps)
    items = re.findall(r'<li value="(\d+)"(?: data-from="(\d+)" data-digits="(\d+)")?>(.*?)</li>', html)
    covered = []
    for value, start, digits, _words in reversed(items):
        covered.extend(range(int(start or value), int(value) + 1))
        assert not digits or int(digits) == len(value)
    # (The log's first line has no line before it to count from: it shows its own number.)
    assert covered == list(range(covered[0], s.game.action_count() + 1)) and covered[0] <= 2
    two = [(int(v), int(f), w) for v, f, _d, w in items if f]
    assert two and all(f == v - 1 and " drew and passed" in w for v, f, w in two), two
    assert len(s.log) > 60
    # A review shows the log at its step as the game showed it there.
    viewer = replay.Viewer(s)
    for step in range(s.game.action_count(), 60, -7):
        viewer.session(step)
        lines, steps = viewer.numbered()
        whole = re.findall(r"<li.*?</li>", screens.numbered_items(lines, steps))
        assert re.findall(r"<li.*?</li>", replay.log_items(viewer)) == whole[:60], step


def test_a_rounds_outcome_says_each_thing_once():
    """The summary's line under "Round N over": the outcome and each seat's score, the round
    not named again; a blocked round names its winner without its pips, which the seats'
    scores in brackets give ("(74) (Ana 102, Ben 74)" said them twice). The log's line names
    the round."""
    from app.i18n import set_language

    set_language("en")
    seen = set()
    for seed in range(1, 60):
        setup = sess.default_setup()
        setup.update(game="chicken-foot", players=2, seats=["human", "human"], seed=seed)
        s = sess.Session(setup)
        s.deal()
        pick = random.Random(seed)
        while s.to_act() is not None:
            s.apply(pick.choice(s.game.legal_actions()))
        line = s.round_outcome()
        assert "Round" not in line and ") (" not in line, line
        assert s.log[-1] == "Round 1 over. " + line
        v = s.game.view(0)
        if v["went_out"] is None:
            assert re.fullmatch(r"Blocked; \S+ won the round with the fewest pips \(\S+ \d+, \S+ \d+\)", line), line
            seen.add("blocked")
        else:
            seen.add("out")
        if len(seen) == 2:
            break
    assert seen == {"blocked", "out"}


def test_a_summary_keeps_each_tiles_name_whole():
    """A round's summary, both games, every language: each tile's name in its text ("4-1") is in
    a tile-name span, which never breaks (the Moon summary's "dealt 6-4, …, 4-1" broke as "4-" and
    "1" on a 390 px phone in Albanian)."""
    from app import i18n
    for game, players in (("moon", 3), ("chicken-foot", 4)):
        setup = sess.default_setup()
        setup.update(game=game, players=players, seats=["human"] + ["easy"] * (players - 1))
        s = play_until(setup, lambda s: False, 3, limit=400)
        assert s.game.phase() in ("round-over", "game-over")
        seen = set()
        for lang in ("en", "sq", "lv", "sw"):
            i18n.set_language(lang)
            try:
                html = screens.summary_panel(s, True)
            finally:
                i18n.set_language("en")
            seen.add(html)
            text = re.sub(r"<[^>]*>", "|", re.sub(r'<span class="tile-name">\d-\d</span>', "", html))
            assert re.findall(r"\d-\d", text) == [], (game, lang)
            if game == "moon":   # the hands as dealt and the widow, in words (Chicken Foot's are drawn)
                assert html.count('class="tile-name"') >= 3 * 7 + 1, lang
        assert len(seen) == 4


def test_moons_board_shows_the_trick_before_the_one_being_played():
    """With computers answering at once the next lead took the finished trick's place before the
    person saw it: while a trick is played, a line says the one before it, who won it and each
    tile in the order played (not in an embed, whose steps show every trick whole)."""
    from app.present import moon as shown
    setup = sess.default_setup()
    setup.update(game="moon", seats=["human"] * 3, names=["Ana", "Ben", "Cleo"] + setup["names"][3:])
    s = sess.Session(setup)
    s.deal()
    lines = []
    while len(s.game.view(0)["tricks"]) < 2:
        v = s.game.view(s.to_act())
        if v["phase"] == "bidding":
            s.apply("5" if "5" in v["legal"] else "pass")
            continue
        html = shown.board(s, v, [], None, None, 0)[0]
        lines.append(re.sub(r"<[^>]+>", "", re.search(r'<p class="last-trick">(.*?)</p>', html).group(1))
                     if 'class="last-trick"' in html else None)
        assert 'class="last-trick"' not in shown.board(s, v, [], None, None, 0, named=True)[0]
        s.apply(v["legal"][0])
    first = s.game.view(0)["tricks"][0]
    names = ["Ana", "Ben", "Cleo"]
    said = "Last trick, won by %s: %s" % (names[first["winner"]], ", ".join(
        "%s %s" % (names[(first["leader"] + i) % 3], tile) for i, tile in enumerate(first["tiles"])))
    # None before and through the first trick, and as the second is led; then the first, said whole.
    assert lines[-2:] == [said, said] and all(line is None for line in lines[:-2]), lines


def test_each_play_now_card_says_what_it_starts():
    """A Play now card's note ("4 players, 3 of them computers") is the game its button starts
    (app.session.quick_setup): after a Moon game Chicken Foot's said 4 players and started 3, and
    with computers in every seat it counted one computer fewer than it seated."""
    import html as htmllib

    moon = dict(sess.default_setup(), game="moon", players=3, seats=["human", "easy", "hard"] + ["medium"] * 5)
    alone = dict(sess.default_setup(), players=2, seats=["easy", "easy"] + ["medium"] * 6)
    for remembered in (sess.default_setup(), moon, alone):
        cards = re.findall(r'data-act="quick" data-arg="([a-z-]+)".*?<span class="play-note">(.*?)</span>',
                           screens.play_now(remembered))
        assert [game for game, _ in cards] == [g.name for g in sess.games.all_games()]
        for game, note in cards:
            s = sess.Session(sess.quick_setup(remembered, game))
            s.deal()
            computers = len([i for i in range(s.game.players) if not s.is_human(i)])
            said = re.match(r"(\d+) players, (\d+) of them computers", htmllib.unescape(note))
            assert said and (int(said.group(1)), int(said.group(2))) == (s.game.players, computers), (game, note)


def test_a_blocked_round_won_by_two_names_both_with_a_verb_of_their_number():
    """"Ana, Ben won the round" (and in Albanian a singular verb for the two): "Ana and Ben"."""
    from app import i18n
    from app.present import cf

    class Seats:
        class game:
            players = 3

        def iso(self, seat):
            return ["Ana", "Ben", "Cleo"][seat]

    try:
        assert cf.round_head(Seats(), [4, 4, 9], {}) == "Blocked; Ana and Ben won the round with the fewest pips"
        assert cf.round_head(Seats(), [4, 5, 9], {}) == "Blocked; Ana won the round with the fewest pips"
        i18n.set_language("sq")
        assert cf.round_head(Seats(), [4, 4, 9], {}).endswith("Ana dhe Ben fituan raundin me më pak pika")
        assert cf.round_head(Seats(), [9, 4, 5], {}).endswith("Ben fitoi raundin me më pak pika")
    finally:
        i18n.set_language("en")
