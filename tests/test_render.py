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
            found.append((int(group.get("data-pips")), [pip for path in group.iter(NS + "path")
                                                         for pip in circles(path.get("d"))]))
    return found


def circles(d):
    """[(cx, cy)] of the circles in path data ``d``, each drawn as render._pips writes it: from its
    leftmost point by two half-circle arcs of the pip's radius, a whole circle (it ends where it
    began)."""
    r = render.PIP_RADIUS
    pattern = r"M(\d+) (\d+)a%d %d 0 1 0 %d 0a%d %d 0 1 0 %d 0" % (r, r, 2 * r, r, r, -2 * r)
    assert re.fullmatch("(%s)*" % pattern, d), d
    return [(int(x) + r, int(y)) for x, y in re.findall(pattern, d)]


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
        assert svg.count("<path") == (hi > 0) + (lo > 0)   # one element a half
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
    assert 'class="pip"' not in svg and box(svg) == (204, 104)
    assert box(render.tile_back_svg("vertical")) == (104, 204)
    assert parse(svg).get("aria-label") == "face-down tile"


def test_escaping_is_remembered_within_a_bound():
    """escape() keeps what it escaped (a page draws the same strings at every move), never more than
    its bound, and the answer is the same whether remembered or not."""
    words = ["<b>%d & 'x' \x01</b>" % k for k in range(render._ESCAPED_KEEP * 3)]
    first = [render.escape(w) for w in words]
    assert len(render._ESCAPED) <= render._ESCAPED_KEEP
    assert [render.escape(w) for w in words] == first == [render._escape(w) for w in words]
    assert first[7] == "&lt;b&gt;7 &amp; &#39;x&#39; \u2401&lt;/b&gt;"
    assert render.escape(12) == "12" and render.escape("12") == "12"


def rounded_rects(d):
    """[(x, y, w, h)] of each rounded rectangle in path data ``d`` (as render._rounded writes them)."""
    out = []
    for part in d.split("M")[1:]:
        n = [int(v) for v in re.findall(r"-?\d+", part)]
        r = n[3]
        out.append((n[0] - r, n[1], n[2] + 2 * r, n[10] + 2 * r))
    return out


@pytest.mark.parametrize("count", [1, 2, 9, 12])
def test_a_hidden_hand_is_one_picture_of_its_tiles_side_by_side(count):
    svg = render.tile_backs_svg(count, size=9, gap=2, label="%d hidden tiles" % count)
    root = parse(svg)
    assert root.get("aria-label") == "%d hidden tiles" % count and 'class="pip"' not in svg
    # Each tile as tile_back_svg draws a standing one at that size (9 x 18 px), 2 px apart.
    one = parse(render.tile_back_svg("vertical", size=9))
    assert int(root.get("height")) == int(one.get("height")) == 18
    assert int(root.get("width")) == 9 * count + 2 * (count - 1)
    faces = rounded_rects(root.find(NS + "path[@class='tile-face']").get("d"))
    inlays = rounded_rects(root.find(NS + "path[@class='tile-inlay']").get("d"))
    assert len(faces) == len(inlays) == count
    assert all(w == 100 and h == 200 and y == 2 for x, y, w, h in faces)
    assert all(w == 76 and h == 176 and y == 14 for x, y, w, h in inlays)
    steps = {b[0] - a[0] for a, b in zip(faces, faces[1:])}
    assert len(steps) <= 1 and all(s > 104 for s in steps)        # evenly spaced, never touching
    assert faces[-1][0] + 100 + 2 == box(svg)[0]                    # the last one ends the picture


@pytest.mark.parametrize("kwargs", [{"count": 0}, {"count": -1}, {"count": True}, {"count": "3"},
                                    {"count": 3, "size": 0}, {"count": 3, "gap": -1}, {"count": 3, "gap": 1.5}])
def test_bad_hidden_hands_are_refused(kwargs):
    with pytest.raises(ValueError):
        render.tile_backs_svg(**kwargs)


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
