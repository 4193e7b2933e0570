"""Helpers several test modules share (import them: ``from tests.helpers import run_cli``)."""

import functools
import os
import subprocess
import sys
from pathlib import Path

from engine import games
from engine.rng import Rng

# Debian's chromium and the arguments every browser test and bench launches it with.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args, stdin=None, timeout=120):
    """``python -m engine ARGS`` from the repository root: the CompletedProcess (text)."""
    return subprocess.run([sys.executable, "-m", "engine"] + list(args), cwd=str(ROOT), input=stdin,
                          capture_output=True, text=True, timeout=timeout)


def random_position(game, seed, steps=None, players=None, options=None, past_end=None):
    """A logged game of ``game`` dealt from ``Rng(seed)``, ``steps`` random actions into its first round.

    ``steps`` None: a random number below 60, drawn after the deal.  If the
    round ends first, ``past_end`` says what comes back: ``None`` (the
    default) or ``"last"``, the last state in which a seat was to act.
    """
    info = games.info(game)
    rng = Rng(seed)
    g = info.game_class()(players if players is not None else info.default_players, options)
    g.start_round(g.new_deal(rng))
    if steps is None:
        steps = rng.below(60)
    last = None
    for _ in range(steps):
        if g.current_seat() is None:
            break
        last = g.clone()
        legal = g.legal_actions()
        g.apply(legal[rng.below(len(legal))])
    if g.current_seat() is not None:
        return g
    return last if past_end == "last" else None


def played(game, players, seed):
    """The record of a complete game of ``game`` played at random from ``Rng(seed)`` (deals too)."""
    g = games.info(game).game_class()(players)
    rng = Rng(seed)
    while not g.is_over():
        if g.current_seat() is None:
            g.start_round(g.new_deal(rng))
        else:
            g.apply(rng.choice(g.legal_actions()))
    return g.record()


# Made once per process (3.5 s of CPython each; four browser tests take the same text).
@functools.lru_cache(maxsize=None)
def long_moon_record(limit=None, seed=5):
    """The JSON text of one long Moon game filling the record size limit (``limit`` bytes,
    default ``engine.record.MAX_RECORD_BYTES``) with complete hands: some 1,400 hands, 37k actions.

    Nobody wins: each hand the seat with the most points bids 7 and plays its
    first legal tile (a 7 needs every trick, so it all but always fails and loses 7
    points); the defenders play at random.  The largest valid record in
    actions, what an import's replay costs most on.
    """
    from engine.record import MAX_RECORD_BYTES, dumps, new_game

    limit = MAX_RECORD_BYTES if limit is None else limit
    game = new_game("moon", 3, names=["Ana", "Ben", "Cleo"])
    rng = Rng(seed)
    size = len(dumps(game.record()).encode("utf-8"))
    while True:
        game.start_round(game.new_deal(rng))
        totals = game.totals()
        target = totals.index(max(totals))
        while game.current_seat() is not None:
            legal = game.legal_actions()
            if game.phase() == "bidding":
                action = "7" if game.current_seat() == target and "7" in legal else "pass"
            elif game.current_seat() == target:
                action = legal[0]
            else:
                action = rng.choice(legal)
            game.apply(action)
        # The new hand's JSON and its comma; a finished game would end the record early.
        # (Its rounds uncopied: game.record() copies every round, which made this quadratic.)
        size += len(dumps(game.record(copy=False)["rounds"][-1]).encode("utf-8")) + (1 if game.round_count() > 1 else 0)
        if size > limit or game.is_over():
            break
    rec = game.record()
    rec["rounds"] = rec["rounds"][:-1]      # the hand that went over
    text = dumps(rec)
    assert len(text.encode("utf-8")) <= limit
    return text


def shot(page, name, full_page=True):
    """With BONEYARD_SHOTS set to a folder, a screenshot of ``page`` there as ``name``.png,
    for people to look at; nothing otherwise (a full-page screenshot costs a browser
    a few hundred ms of CPU, and nobody looks at one left in a test's temporary folder)."""
    folder = os.environ.get("BONEYARD_SHOTS")
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, name + ".png"), full_page=full_page)


# For a page.evaluate script: a PNG screenshot (base64 ``png``) decoded onto a canvas whose
# 2D context is ``g``, to read its pixels (``g.getImageData``).
PNG_CANVAS = """const img = new Image();
  img.src = 'data:image/png;base64,' + png;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.width; c.height = img.height;
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0);"""


def actor(rec, ri, ai):
    """The name of the player whose move is action ``ai`` of round ``ri`` in record ``rec``: the
    record cut just before it, replayed (a record is checked whole, so the move itself, bad or
    not, is left out)."""
    from engine import record

    cut = dict(rec, rounds=[r for r in rec["rounds"][:ri]] + [
        {k: v for k, v in rec["rounds"][ri].items() if k != "scores"}])
    cut["rounds"][ri]["actions"] = rec["rounds"][ri]["actions"][:ai]
    game = record.replay(cut)
    return game.names[game.current_seat()]
