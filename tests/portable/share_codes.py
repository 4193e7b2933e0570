"""Portable workload: encoded records decode the same everywhere, errors included.

Each interpreter encodes with its own compressor, so only decoded values and
error messages are printed, plus texts encoded on CPython (fixed below).
"""

from engine import share
from engine.record import dumps, new_game
from engine.rng import Rng

for name, players in (("moon", 3), ("chicken-foot", 4)):
    game = new_game(name, players, names=["Ana", "Bükür", "Cleo", "Dev"][:players])
    game.start_round(game.new_deal(Rng(7)))
    for _ in range(12):
        if game.current_seat() is None:
            break
        game.apply(game.legal_actions()[0])
    rec = game.record()
    for compress in (True, False):
        text = share.encode(rec, compress)
        print(name, compress, text[0], dumps(share.decode(text)) == dumps(rec))
    print(share.encode(rec, False)[:60])

print(dumps(share.decode("zq1ZKVLKKNtQxiq0FAA")))
print(dumps(share.decode("jeyJhIjpbMSwyLCJ4Il19")))
for bad in ["", "x123", "zq1Y*", "zA", "zAAAA", "jAAAA", "jWzFd", "zq1YqKSp", 5]:
    try:
        share.decode(bad)
        print("accepted", bad)
    except share.ShareError as exc:
        print("ShareError", exc)
