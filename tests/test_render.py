"""engine.render: SVG tiles with real pip layouts, orientations and bad input."""

import re
import xml.etree.ElementTree as ET

import pytest

from engine import render, tiles

NS = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ET.fromstring(svg)


def halves(svg):
    """[(number, [(cx, cy), ...]), ...] of each half, in drawing order."""
    root = parse(svg)
    found = []
    for group in root.iter(NS + "g"):
        if group.get("class") == "half":
            pips = [(int(c.get("cx")), int(c.get("cy"))) for c in group.iter(NS + "circle")]
            found.append((int(group.get("data-pips")), pips))
    return found


def box(svg):
    x, y, w, h = [int(v) for v in parse(svg).get("viewBox").split()]
    return w, h


@pytest.mark.parametrize("orientation", render.ORIENTATIONS)
def test_every_tile_shows_its_pips_in_each_half(orientation):
    for t in tiles.full_set(9):
        hi, lo = tiles.ends(t)
        svg = render.tile_svg(t, orientation=orientation)
        found = halves(svg)
        assert [number for number, _ in found] == [hi, lo]
        assert [len(pips) for _, pips in found] == [hi, lo]
        assert svg.count("<circle") == hi + lo
        assert parse(svg).get("aria-label") == tiles.name(t)


@pytest.mark.parametrize("orientation", render.ORIENTATIONS)
def test_pips_sit_inside_their_own_half(orientation):
    for t in tiles.full_set(9):
        svg = render.tile_svg(t, orientation=orientation)
        for index, (_, pips) in enumerate(halves(svg)):
            for cx, cy in pips:
                along, across = (cx, cy) if orientation == "horizontal" else (cy, cx)
                assert 2 + index * render.UNIT < along < 2 + (index + 1) * render.UNIT
                assert 2 < across < 2 + render.UNIT


def grid(pips):
    """The distinct columns and rows the pips use."""
    return len(set(x for x, _ in pips)), len(set(y for _, y in pips))


def test_layouts_are_those_of_a_real_double_nine_set():
    def pips_of(number, orientation):
        return halves(render.tile_svg(tiles.double(number), orientation=orientation))[0][1]

    centre = (52, 52)  # of the first half
    assert pips_of(1, "vertical") == [centre]
    assert centre not in pips_of(2, "vertical") and centre in pips_of(3, "vertical")
    assert centre not in pips_of(4, "vertical") and centre in pips_of(5, "vertical")
    # 6: two columns of three, standing; turned with the tile.
    assert grid(pips_of(6, "vertical")) == (2, 3)
    assert grid(pips_of(6, "horizontal")) == (3, 2)
    # 7: the six plus the centre; 8: the ring without the centre; 9: full grid.
    assert set(pips_of(7, "vertical")) == set(pips_of(6, "vertical")) | {centre}
    assert grid(pips_of(8, "vertical")) == (3, 3) and centre not in pips_of(8, "vertical")
    assert set(pips_of(9, "vertical")) == set(pips_of(8, "vertical")) | {centre}
    for n in range(10):
        assert len(set(pips_of(n, "vertical"))) == n  # no two pips on one spot


def test_orientation_and_crosswise_doubles():
    assert box(render.tile_svg("9-5")) == (204, 104)
    assert box(render.tile_svg("9-5", orientation="vertical")) == (104, 204)
    # A double can be laid across the line; other tiles ignore crosswise.
    assert box(render.tile_svg("6-6", crosswise=True)) == (104, 204)
    assert box(render.tile_svg("6-6", orientation="vertical", crosswise=True)) == (204, 104)
    assert render.tile_svg("9-5", crosswise=True) == render.tile_svg("9-5")
    # width/height follow size (pixels per half).
    root = parse(render.tile_svg("3-1", size=50))
    assert (root.get("width"), root.get("height")) == ("102", "52")


def test_first_end_and_notation_in_either_order():
    assert [n for n, _ in halves(render.tile_svg("9-5", first=5))] == [5, 9]
    assert render.tile_svg("5-9") == render.tile_svg("9-5") == render.tile_svg(tiles.parse("9-5"))
    assert render.tile_svg("9-5", first=9) == render.tile_svg("9-5")


def test_output_is_deterministic_integer_svg():
    a = render.tile_svg("8-7", orientation="vertical", size=33)
    assert a == render.tile_svg("8-7", orientation="vertical", size=33)
    numbers = re.findall(r'="([-0-9. ]+)"', a)
    assert numbers and all("." not in n for n in numbers)


def test_tile_back():
    svg = render.tile_back_svg()
    assert "<circle" not in svg and box(svg) == (204, 104)
    assert box(render.tile_back_svg("vertical")) == (104, 204)
    assert parse(svg).get("aria-label") == "face-down tile"


@pytest.mark.parametrize("bad", ["9-10", "x", "", 55, -1, True, None, 2.0])
def test_bad_tiles_are_refused(bad):
    with pytest.raises(tiles.TileError):
        render.tile_svg(bad)


@pytest.mark.parametrize("kwargs", [
    {"orientation": "diagonal"},
    {"first": 4},
    {"size": 0},
    {"size": "40"},
])
def test_bad_options_are_refused(kwargs):
    with pytest.raises(ValueError):
        render.tile_svg("9-5", **kwargs)
    if "first" not in kwargs:
        with pytest.raises(ValueError):
            render.tile_back_svg(**kwargs)
