"""engine.render's table pictures: pure functions of a view."""

import re

from engine import layout, record, render
from engine.rng import Rng


def played(seed, actions=40, players=4):
    game = record.new_game("chicken-foot", players)
    game.start_round(game.new_deal(Rng(seed)))
    for _ in range(actions):
        if game.current_seat() is None:
            break
        game.apply(game.legal_actions()[0])
    return game


def test_table_svg_draws_every_tile_inside_its_viewbox():
    game = played(3)
    view = game.view(0)
    svg = render.table_svg(view)
    labels = re.findall(r'<svg x="-?\d+" y="-?\d+" class="tile[^"]*"[^>]*aria-label="([^"]+)"', svg)
    assert sorted(labels) == sorted(e["tile"] for e in view["table"])
    x, y, w, h = map(int, re.search(r'class="table-svg" viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"', svg).groups())
    for entry in layout.layout(view["table"])["tiles"]:
        assert x <= entry["x"] and entry["x"] + entry["w"] <= x + w
        assert y <= entry["y"] and entry["y"] + entry["h"] <= y + h


def test_targets_and_open_foot_are_marked_without_colour_alone():
    game = record.new_game("chicken-foot", 4)
    game.start_round(game.new_deal(Rng(11)))
    while game.view(0)["open_foot"] is None:
        game.apply(game.legal_actions()[0])
    view = game.view(0)
    svg = render.table_svg(view, targets=[view["open_foot"]["tile"]])
    assert "ring-foot" in svg and "cover %d more" % view["open_foot"]["needed"] in svg
    assert svg.count('class="badge"') == 1
    assert render.table_svg(view) == render.table_svg(view)


def test_escape_and_summary():
    assert render.escape('<img src=x onerror="a">') == "&lt;img src=x onerror=&quot;a&quot;&gt;"
    assert render.table_summary({"table": []}) == "The table is empty."
    view = played(5, 10).view(0)
    assert render.table_summary(view).startswith("Table: centre ")
