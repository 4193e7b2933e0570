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

# Made by CPython's zlib (32 KB window): must inflate on every interpreter.
CPYTHON_MADE = ('zfVLLjsIwDPwXn1tt0wdtOUTax1-gCgUadhGlQSmwQoh_X2ccKnHZy2BsZ8Yd-04754_mTEvq3XE_utTbrfP9m6KEv'
    's3RcmH7s98e7JjunDtz9jSYm_UTLcuERu7gaEXvo-HShx0ZPwfr-OfLXqlLyJ3Oezdy050VLpvBrjeDGQ_rKqPlzgy'
    'TTWg6uYMVwpvx_drbyforS6tHQt5dxj5oPN_Tsk1ot_cTD60S-jFSXlGd1ixbpyUwY1ykC2AODJkKcRFRAUM-Y-ySF'
    'bXgaPGuTQtg6GrSBlgBC2AGnRCX0CyZVTikN0e9gnYBVJggQ69oh3yOzhx5Nc8hSgocC6DwKTAJawk-QZlDkDk68TL'
    'sJo9fIN-Uo1shLqEoVWGpkM-QqcP6zDauD97oNm3R0cxRFaPem99wHWaaxMGYZx-0OFIjV8tetHgcX_Fw-rmsYo6qO'
    'cq12NmiWoixejZJN9GiWovhvBYt5_A6Fpuo5zOJES9YP1cdqtFm3UbzM11Hi8I8YnxQlEUEFpkx9IlxjZZDedX-7x-'
    'flJYTQ757dI8_')
rec = share.decode(CPYTHON_MADE)
print(len(dumps(rec)), dumps(rec)[-120:])
print(share.encode(rec, False) == share.encode(share.decode(share.encode(rec)), False))
