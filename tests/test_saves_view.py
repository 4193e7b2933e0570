"""The saved-games list and the save banner (app/saves_view.py), and the setup's type checks."""

import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "web"))

from app import saves_view  # noqa: E402
from app import session as sess  # noqa: E402


def item(**over):
    base = {"id": "g1", "updated": 1764583200000, "game": "moon", "players": 3,
            "names": ["<b>Ana</b>", "\u202eBen", "Cleo"], "round": 2, "finished": False, "mine": True}
    base.update(over)
    return base


def test_games_in_progress_then_finished_with_names_escaped_and_isolated():
    html = saves_view.saved_games_html([item(), item(id="g2", finished=True, game="chicken-foot")],
                                       lambda ms: "then")
    assert html.index("Games in progress") < html.index("Finished games")
    assert "<b>Ana</b>" not in html and "<bdi>&lt;b&gt;Ana&lt;/b&gt;</bdi>" in html
    assert "<bdi>\u202eBen</bdi>" in html
    assert 'data-act="continue" data-arg="g1"' in html and 'data-act="replay-saved" data-arg="g2"' in html
    assert html.count('data-act="delete-saved"') == 2
    assert 'aria-label="Continue Three-Player Moon, round 2, 3 players: ' in html
    assert "last played then" in html


def test_a_saved_game_says_how_far_it_got():
    """Two games of the same players in the same round read alike ("Chicken Foot, round 1,
    4 players / Ana, Ben, Cleo, Dev"), but for the time: each now says how many moves it has."""
    a, b = (saves_view.saved_games_html([item(actions=n)], lambda ms: "then") for n in (12, 1))
    assert a != b
    assert "round 2, 3 players \u00b7 12\u00a0moves" in a and "round 2, 3 players \u00b7 1\u00a0move<" in b
    assert 'aria-label="Continue Three-Player Moon, round 2, 3 players \u00b7 12\u00a0moves: ' in a
    # A head without the count (an older save) reads as before.
    assert "move" not in saves_view.saved_games_html([item()], lambda ms: "then").split("saved-names")[0]


def test_nothing_saved_draws_nothing():
    assert saves_view.saved_games_html([], lambda ms: "") == ""


def test_banners_offer_export_or_reload():
    assert 'data-act="export-unsaved"' in saves_view.status_html("full")
    assert "not being saved" in saves_view.status_html("full")
    assert 'data-act="reload-saved"' in saves_view.status_html("moved")


def test_setup_values_of_the_wrong_type_take_their_defaults():
    bad = {"game": "moon", "players": "8", "seats": [5, "hard"], "names": [7, "N" * 65, "Cleo"],
           "speed": {}, "seed": True, "options": {"spokes": "many", "yard_reserve": -1, "double_blank_50": 1,
                                                  "nonsense": 3}}
    setup = sess.clean_setup(bad)
    default = sess.default_setup()
    assert setup["players"] == default["players"] and setup["speed"] == default["speed"]
    assert setup["seats"][:2] == [default["seats"][0], "hard"]
    assert setup["names"][:3] == [default["names"][0], default["names"][1], "Cleo"]
    assert setup["options"] == {} and setup["seed"] == default["seed"]
    good = {"spokes": 5, "yard_reserve": 0, "double_blank_50": True}
    assert sess.clean_setup({"options": good})["options"] == good
    assert sess.clean_setup(None) == default


def test_unreadable_saves_are_listed_to_download_or_delete():
    assert saves_view.damaged_html([]) == ""
    html = saves_view.damaged_html([{"id": 'g"1<x>', "key": 'boneyard.damaged.g"1<x>', "bytes": 1025},
                                    {"id": "save", "key": "boneyard.save.damaged", "bytes": 3}])
    assert "Saves that could not be read" in html and "bug report" in html
    assert "<x>" not in html and 'data-arg="g&quot;1&lt;x&gt;"' in html
    # Sizes in whole KB, rounded up (a 3-byte save is not "0 KB").
    assert "Saved game g&quot;1&lt;x&gt; (2 KB)" in html and "Saved game save (1 KB)" in html
    assert html.count('data-act="damaged-download"') == html.count('data-act="damaged-delete"') == 2
    assert 'aria-label="Download Saved game save (1 KB)"' in html
    assert 'aria-label="Delete Saved game save (1 KB)"' in html
    ask = saves_view.damaged_ask_html("g1")
    assert ask.index('data-act="damaged-kept"') < ask.index('data-act="damaged-deleted"')
    assert "Delete this unreadable save for good?" in ask
