"""What a Moon seat knows, read from its view, and worlds consistent with it.

:class:`Knowledge` turns a view (``engine.moon.Moon.view``) into bitmasks:
the seat's hand, the tiles it has seen, the unseen tiles, how many of them
each other seat holds, whether one unseen tile is out of play (the widow
while bidding, the discard for a non-bidder), and the *voids*: a seat that
did not follow the suit led holds no tile of that suit under this hand's
trump.  :func:`sample_world` deals the unseen tiles uniformly among every
assignment consistent with all of that, deterministically from an ``Rng``.
Nothing here reads a state: a view is all there is.
"""

from ..moon import mask_ids, parse_moon_tile
from ..moon_rules import LED, MOON_MASK, SUIT_MASK, trump_code, tricks_needed
from ..tiles import NAMES, popcount

_PHASES = ["bidding", "discard", "trump", "play"]


def mask_of(names):
    """The bitmask of a list of tile names."""
    m = 0
    for x in names:
        m |= 1 << parse_moon_tile(x)
    return m


class Knowledge:
    """Everything the acting seat knows, as bitmasks and small ints.

    Fields: ``seat``, ``phase``, ``hand`` (mask), ``sizes`` (tiles held by
    seat), ``bidder`` (-1 before there is one), ``bid`` (0 if none; the
    highest bid so far while bidding), ``trump`` (code, -1 before it is
    named), ``leader``, ``trick`` (tile ids in play order), ``won`` (tricks
    won by seat), ``totals``, ``bids`` (``[seat, bid]``, 0 a pass),
    ``discard`` (id or -1: only the bidder knows it), ``unseen`` (mask of the
    tiles this seat has not seen), ``hidden`` (1 if one unseen tile is in no
    hand, else 0), ``void`` (per seat, the mask of tiles it cannot hold),
    ``played`` (mask of every tile played this hand), ``played_by`` (per
    seat, the mask of the tiles it played).
    """

    __slots__ = ("seat", "phase", "hand", "sizes", "bidder", "bid", "trump", "leader", "trick",
                 "won", "totals", "bids", "discard", "unseen", "hidden", "void", "played", "played_by",
                 "view")

    def __init__(self, view=None):
        if view is None:
            return          # copy() fills it in
        self.view = view
        self.seat = view["seat"]
        self.phase = view["phase"]
        self.hand = mask_of(view["hand"])
        self.sizes = list(view["hand_sizes"])
        self.bidder = view["bidder"] if view["bidder"] is not None else -1
        self.bids = []
        high = 0
        for b in view["bids"]:
            v = 0 if b[1] == "pass" else int(b[1])
            self.bids.append([b[0], v])
            if v > high:
                high = v
        self.bid = view["bid"] if view["bid"] is not None else high
        self.trump = trump_code(view["trump"]) if view["trump"] is not None else -1
        self.leader = view["leader"] if view["leader"] is not None else -1
        self.won = list(view["tricks_won"])
        self.totals = list(view["totals"])
        self.discard = -1
        if view.get("discard") is not None:
            self.discard = parse_moon_tile(view["discard"])
        seen = self.hand
        if self.discard >= 0:
            seen |= 1 << self.discard
        if view.get("widow") is not None:
            seen |= 1 << parse_moon_tile(view["widow"])
        self.void = [0, 0, 0]
        self.played_by = [0, 0, 0]
        played = 0
        tricks = []
        for tr in view["tricks"]:
            tricks.append((tr["leader"], [parse_moon_tile(x) for x in tr["tiles"]]))
        self.trick = [parse_moon_tile(p[1]) for p in view["trick"]]
        if self.trick:
            tricks.append((self.leader, self.trick))
        for leader, tiles in tricks:
            led_mask = SUIT_MASK[self.trump][LED[self.trump][tiles[0]]]
            for i in range(len(tiles)):
                t = tiles[i]
                played |= 1 << t
                self.played_by[(leader + i) % 3] |= 1 << t
                if i and not (led_mask >> t) & 1:
                    self.void[(leader + i) % 3] |= led_mask
        self.played = played
        seen |= played
        self.unseen = MOON_MASK & ~seen
        # One unseen tile lies out of every hand: the widow while bidding,
        # the discard for the two defenders afterwards.
        self.hidden = popcount(self.unseen) - (sum(self.sizes) - self.sizes[self.seat])
        if self.hidden not in (0, 1):
            raise ValueError("the view does not add up to the 22 tiles")

    def copy(self):
        """An independent copy."""
        k = Knowledge()
        for name in Knowledge.__slots__:
            v = getattr(self, name)
            setattr(k, name, list(v) if isinstance(v, list) else v)
        return k

    def knowing(self, tile):
        """A copy in which the out-of-play ``tile`` (one of the unseen) is known."""
        k = self.copy()
        k.unseen &= ~(1 << tile)
        k.hidden = 0
        return k

    def others(self):
        """The two other seats, in seat order."""
        return [s for s in range(3) if s != self.seat]

    def need(self):
        """Tricks the bidder must win in all (the rule's :func:`~engine.moon_rules.tricks_needed`)."""
        return tricks_needed(self.bid)


def _binom(n, k):
    if k < 0 or k > n:
        return 0
    r = 1
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


def _split_count(tiles, cap_a, void_a, void_b):
    """Ways to deal ``tiles`` (ids) as ``cap_a`` to seat a and the rest to seat b."""
    forced_a = forced_b = free = 0
    for t in tiles:
        bit = 1 << t
        if void_a & bit:
            if void_b & bit:
                return 0
            forced_b += 1
        elif void_b & bit:
            forced_a += 1
        else:
            free += 1
    return _binom(free, cap_a - forced_a)


def count_worlds(k):
    """How many worlds are consistent with :class:`Knowledge` ``k``."""
    a, b = k.others()
    tiles = mask_ids(k.unseen)
    if not k.hidden:
        return _split_count(tiles, k.sizes[a], k.void[a], k.void[b])
    total = 0
    for h in tiles:
        rest = [t for t in tiles if t != h]
        total += _split_count(rest, k.sizes[a], k.void[a], k.void[b])
    return total


def sample_world(k, rng):
    """``(hands, hidden)``: a uniformly drawn world consistent with ``k``.

    ``hands`` are three masks (the seat's own as it is), ``hidden`` the tile
    out of play (-1 if none is unseen).  Exactly uniform: the hidden tile is
    drawn weighted by how many deals of the rest it leaves, then the tiles
    either seat may hold are shuffled and split.  ValueError if no world fits.
    """
    a, b = k.others()
    va = k.void[a]
    vb = k.void[b]
    tiles = mask_ids(k.unseen)
    tiles.reverse()                 # id order: a fixed order on every interpreter
    hidden = -1
    if k.hidden:
        weights = []
        total = 0
        for h in tiles:
            w = _split_count([t for t in tiles if t != h], k.sizes[a], va, vb)
            weights.append(w)
            total += w
        if total == 0:
            raise ValueError("no world fits this view")
        x = rng.below(total)
        i = 0
        while x >= weights[i]:
            x -= weights[i]
            i += 1
        hidden = tiles[i]
        tiles = [t for t in tiles if t != hidden]
    ha = hb = 0
    free = []
    for t in tiles:
        bit = 1 << t
        if va & bit:
            if vb & bit:
                raise ValueError("no world fits this view")
            hb |= bit
        elif vb & bit:
            ha |= bit
        else:
            free.append(t)
    take = k.sizes[a] - popcount(ha)
    if take < 0 or take > len(free):
        raise ValueError("no world fits this view")
    rng.shuffle(free)
    for i in range(len(free)):
        if i < take:
            ha |= 1 << free[i]
        else:
            hb |= 1 << free[i]
    hands = [0, 0, 0]
    hands[k.seat] = k.hand
    hands[a] = ha
    hands[b] = hb
    return hands, hidden


def world_names(hands, hidden):
    """A world as ``Moon.from_view`` wants it: hands as lists of names, the hidden tile's name."""
    out = [[NAMES[t] for t in mask_ids(h)] for h in hands]
    return out, (NAMES[hidden] if hidden >= 0 else None)
