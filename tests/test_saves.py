"""Issue 16 on the page: saved games per tab, two tabs, full storage, a reload right after
a move, and a bad value in every stored key (app/store.py)."""

import json

import pytest

from conftest import APP_READY_TIMEOUT_MS, app_url, guarded_app, wait_for_state
from engine import record
from test_ui import mouse_step, reload_with_save, setup_game, waiting

from app import session as sess

pytestmark = [pytest.mark.browser, pytest.mark.no_pyodide]   # tests/conftest.py: ?pyodide=off

MY_SAVE = "() => localStorage.getItem('boneyard.game.' + sessionStorage.getItem('boneyard.tab'))"


def saved_record(page):
    text = page.evaluate(MY_SAVE)
    return record.dumps(json.loads(text)["record"]) if text else None


def reload(page):
    page.reload()
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"


def notice(page):
    box = page.locator("#notice")
    return box.inner_text() if box.is_visible() else ""


# (key, bad value, words of the notice); sessionStorage's tab id is one more (see below).
BAD_VALUES = [
    ("boneyard.setup", '{"options":{"spokes":"many"}}', "settings could not be read"),
    ("boneyard.setup", "null", "settings could not be read"),
    ("boneyard.setup", '{"players":"8","seats":[5],"names":[7,"' + "N" * 65 + '"],"speed":{},"seed":"x"}',
     "settings could not be read"),
    ("boneyard.setup", "{not json", "settings could not be read"),
    ("boneyard.lang", "klingon", "language could not be read"),
    ("boneyard.theme", "purple", "colour theme could not be read"),
    ("boneyard.save", '{"v": 1, "setup": {}, "record": "not json', "saved game could not be read"),
    ("boneyard.game.gbad", '{"v":2,"rev":3,"id":"gbad","updated":1,"meta":{"game":"moon"},"setup":{}}',
     "saved game could not be read"),
    ("boneyard.game.gbad2", '{"v":2,"rev":1,"id":"x","updated":5,"meta":{"game":"moon","players":3,"names":[],'
     '"round":1},"setup":{"game":"moon"},"record":{"format":"domino-record/1","game":"moon","players":"3"}}',
     "saved game could not be read"),
]


def test_a_bad_value_in_every_stored_key_falls_back_with_a_notice(page, open_app):
    assert open_app() == "ready"
    for key, value, words in BAD_VALUES:
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
        if key.startswith("boneyard.game."):
            page.evaluate("k => sessionStorage.setItem('boneyard.tab', k.slice(14))", key)
        reload(page)
        assert words in notice(page), (key, value, notice(page))
        assert page.locator("#error").is_hidden()
        assert page.get_by_role("button", name="Start game").is_visible()
    # The defaults work: a game starts (and is saved) after the worst of them.
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    page.evaluate("() => localStorage.setItem('boneyard.setup', '{\"options\":{\"spokes\":\"many\"}}')")
    reload(page)
    page.get_by_role("button", name="Start game").click()
    assert waiting(page) in ("human", "none")
    assert saved_record(page) == page.evaluate("window.boneyard.record()")
    # A tab id naming no game: the setup, no error, no notice needed.
    page.evaluate("() => { localStorage.clear(); sessionStorage.setItem('boneyard.tab', 'gnothing'); }")
    reload(page)
    assert page.get_by_role("button", name="Start game").is_visible()


def test_two_tabs_keep_their_own_games_and_follow_a_shared_one(page, open_app, site):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    for _ in range(3):
        mouse_step(page)
    waiting(page)
    a_before = page.evaluate("window.boneyard.record()")
    other = page.context.new_page()
    other.goto(app_url(site))
    assert wait_for_state(other, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    waiting(other)
    # A new tab takes up the last game played...
    assert other.evaluate("window.boneyard.record()") == a_before
    # ...and starts a Moon game of its own.
    other.get_by_role("button", name="New game").first.click()
    other.get_by_role("radio", name="Three-Player Moon").check()
    other.get_by_label("Computer speed").select_option(label="Instant")
    other.get_by_role("button", name="Start game").click()
    for _ in range(2):
        mouse_step(other)
    waiting(other)
    b_before = other.evaluate("window.boneyard.record()")
    assert record.loads(b_before)["game"] == "moon"
    mouse_step(page)          # tab A plays on
    waiting(page)
    a_after = page.evaluate("window.boneyard.record()")
    assert a_after != a_before
    reload(other)
    waiting(other)
    assert other.evaluate("window.boneyard.record()") == b_before
    reload(page)
    waiting(page)
    assert page.evaluate("window.boneyard.record()") == a_after
    # Both games are listed on the setup screen.
    page.get_by_role("button", name="New game").first.click()
    going = page.locator(".saved-going li")
    assert going.count() == 2
    # Each says how far it got (two games of one round and the same players read alike).
    moves = [json.loads(r) for r in (a_after, b_before)]
    for rec in moves:
        count = sum(len(r["actions"]) for r in rec["rounds"])
        assert going.filter(has_text="%d move" % count).count() >= 1, (count, going.all_inner_texts())
    assert page.get_by_role("button", name="Continue Three-Player Moon, round 1, 3 players").count() == 1
    # Tab A continues B's Moon game: now both tabs show it; a move in one is followed in the other.
    page.get_by_role("button", name="Continue Three-Player Moon, round 1, 3 players").first.click()
    waiting(page)
    assert page.evaluate("window.boneyard.record()") == b_before
    mouse_step(page)
    waiting(page)
    moved = page.evaluate("window.boneyard.record()")
    other.wait_for_function("r => window.boneyard.record() === r", arg=moved, timeout=15000)
    mouse_step(other)
    waiting(other)
    moved2 = other.evaluate("window.boneyard.record()")
    page.wait_for_function("r => window.boneyard.record() === r", arg=moved2, timeout=15000)
    assert saved_record(page) == moved2 == saved_record(other)
    other.close()


def test_a_tab_never_overwrites_a_newer_save(page, open_app, site):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Human"], players=2)
    waiting(page)
    # Another tab's newer revision of this game arrives while this tab cannot take it
    # (its review is open): this tab's next save is refused and it offers to load the newer game.
    key = page.evaluate("() => 'boneyard.game.' + sessionStorage.getItem('boneyard.tab')")
    text = page.evaluate(MY_SAVE)
    head, rest = text.split(',"id":', 1)
    newer = '{"v":2,"rev":99,"id":' + rest
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, newer])
    if page.get_by_role("button", name="Show my tiles").count():
        page.get_by_role("button", name="Show my tiles").click()
    mouse_step(page)
    waiting(page)
    assert page.evaluate(MY_SAVE) == newer       # untouched
    status = page.locator("#save-status")
    assert status.is_visible() and "moved on in another tab" in status.inner_text()
    page.get_by_role("button", name="Load the newer game").click()
    waiting(page)
    assert status.is_hidden()
    assert page.evaluate("window.boneyard.record()") == record.dumps(json.loads(newer)["record"])


def test_two_tabs_saving_the_same_revision_at_once_agree_on_the_one_stored(page, open_app, site):
    """Two tabs that each read revision N and write N+1 within a few ms (a tab sees another's
    write late) both went on: the one whose write was overwritten said nothing, and its next
    save dropped the stored move.  It now follows what is stored, and says so on screen."""
    setup_game(page, open_app, "Chicken Foot", ["Human", "Human"], players=2)
    waiting(page)
    key = page.evaluate("() => 'boneyard.game.' + sessionStorage.getItem('boneyard.tab')")
    before = page.evaluate(MY_SAVE)
    rev = int(before.split('"rev":', 1)[1].split(",", 1)[0])
    if page.get_by_role("button", name="Show my tiles").count():
        page.get_by_role("button", name="Show my tiles").click()
    mouse_step(page)                      # this tab's move: revision rev + 1
    waiting(page)
    mine = page.evaluate(MY_SAVE)
    assert mine.startswith('{"v":2,"rev":%d,' % (rev + 1))
    # The other tab's revision rev + 1, stored last: the game as it was, saved again over there.
    theirs = before.replace('{"v":2,"rev":%d,' % rev, '{"v":2,"rev":%d,' % (rev + 1), 1)
    other = page.context.new_page()       # a page of the site that is not the app: it only writes
    other.goto(app_url(site).split("?")[0] + "manifest.webmanifest")
    other.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, theirs])
    page.wait_for_function("r => window.boneyard.record() === r",
                           arg=record.dumps(json.loads(before)["record"]), timeout=15000)
    assert "Another tab saved this game at the same moment" in notice(page)
    # The notice stays until closed (it once stayed over a phone's table for the rest of the game).
    page.get_by_role("button", name="Close this message").click()
    assert page.locator("#notice").is_hidden()
    assert page.evaluate("document.activeElement.closest('#game') !== null")
    # Playing on writes over the stored revision, never under it: nothing is dropped unseen.
    if page.get_by_role("button", name="Show my tiles").count():
        page.get_by_role("button", name="Show my tiles").click()
    mouse_step(page)
    waiting(page)
    assert page.evaluate(MY_SAVE).startswith('{"v":2,"rev":%d,' % (rev + 2))
    assert saved_record(page) == page.evaluate("window.boneyard.record()")
    other.close()
    # The tab whose write is the one stored hears the other's late, and stays as it is.
    shown = page.evaluate("window.boneyard.record()")
    mine = page.evaluate(MY_SAVE)
    page.evaluate("([k, v]) => dispatchEvent(new StorageEvent('storage', {key: k, newValue: v}))",
                  [key, mine.replace('"updated":', '"updated":1', 1)])
    waiting(page)
    assert page.evaluate("window.boneyard.record()") == shown and page.locator("#notice").is_hidden()
    # The other tab's same revision stored before its word comes: this tab's next save does not
    # write over it, and offers to load it.
    theirs = mine.replace('"updated":', '"updated":1', 1)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, theirs])   # no event in this tab
    if page.get_by_role("button", name="Show my tiles").count():
        page.get_by_role("button", name="Show my tiles").click()
    mouse_step(page)
    waiting(page)
    assert page.evaluate(MY_SAVE) == theirs
    assert "moved on in another tab" in page.locator("#save-status").inner_text()


FILL = """() => {
  let size = 1 << 20, n = 0;
  while (size >= 1) {
    try { localStorage.setItem('filler-' + n, 'x'.repeat(size)); n += 1; }
    catch (e) { size = Math.floor(size / 2); }
  }
  return n;
}"""


def test_full_storage_prunes_finished_games_then_says_the_game_is_not_saved(page, open_app, site):
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    waiting(page)
    # A finished game in the history (its record padded so that pruning it frees room).
    from tests_saves_support import finished_save
    page.evaluate("v => localStorage.setItem('boneyard.game.gold', v)", finished_save(300000))
    page.evaluate(FILL)
    mouse_step(page)
    waiting(page)
    # The save needed room: the finished game went first, this game is saved, and the
    # person is told (until they close the notice).
    assert page.evaluate("localStorage.getItem('boneyard.game.gold')") is None
    assert saved_record(page) == page.evaluate("window.boneyard.record()")
    status = page.locator("#save-status")
    assert "the oldest finished game was removed from the history" in status.inner_text()
    assert uncovered_hand(page)
    status.get_by_role("button", name="Close").click()
    assert page.locator("#save-status").is_hidden()
    page.evaluate(FILL)
    for _ in range(4):
        mouse_step(page)
    waiting(page)
    assert status.is_visible() and "not being saved" in status.inner_text()
    assert saved_record(page) != page.evaluate("window.boneyard.record()")
    assert uncovered_hand(page)
    with page.expect_download() as info:
        status.get_by_role("button", name="Export").click()
    path = info.value.path()
    assert open(path, encoding="utf-8").read() == page.evaluate("window.boneyard.record()")
    # Room again: the next move saves everything and the message goes.
    page.evaluate("() => { for (const k of Object.keys(localStorage)) if (k.startsWith('filler-')) localStorage.removeItem(k); }")
    mouse_step(page)
    waiting(page)
    assert status.is_hidden()
    before = page.evaluate("window.boneyard.record()")
    reload(page)
    waiting(page)
    assert page.evaluate("window.boneyard.record()") == before


def uncovered_hand(page):
    """Whether every hand tile is the element at its own centre (no banner over it)."""
    return page.evaluate("""() => [...document.querySelectorAll('#game .hand .tile-btn')].every((b) => {
      const r = b.getBoundingClientRect();
      return b.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); })""")


REFUSE_MY_SAVE = """() => {
  const mine = 'boneyard.game.' + sessionStorage.getItem('boneyard.tab');
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key === mine) throw new DOMException('no room', 'QuotaExceededError');
    return set.call(this, key, value);
  };
}"""


def test_finished_games_are_kept_when_removing_them_would_not_save_the_game(page, open_app):
    """The storage refuses this game's save however much room is made: the finished games the
    save removed to make room are all put back (they were once all lost, and the game still
    unsaved), and the banner says the game is not saved without covering the hand."""
    from tests_saves_support import finished_save
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    waiting(page)
    olds = {"gold%d" % i: finished_save(game_id="gold%d" % i) for i in range(3)}
    for game_id, text in olds.items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["boneyard.game." + game_id, text])
    page.evaluate(REFUSE_MY_SAVE)
    mouse_step(page)
    waiting(page)
    for game_id, text in olds.items():
        assert page.evaluate("(k) => localStorage.getItem(k)", "boneyard.game." + game_id) == text, game_id
    status = page.locator("#save-status")
    assert status.is_visible() and "not being saved" in status.inner_text()
    assert "removed" not in status.inner_text()
    assert uncovered_hand(page)


def test_on_a_small_phone_the_unsaved_banner_is_whole_and_the_hand_free(browser, site, page_watch):
    """360x640 in Latvian: the banner's words and its Export button show whole above the table
    (a cap on its height once cut the button), and no hand tile is under it."""
    from conftest import app_url, guarded_page
    for page in guarded_page(browser, page_watch, viewport={"width": 360, "height": 640},
                             device_scale_factor=2, is_mobile=True, has_touch=True):
        page.goto(app_url(site, "?lang=lv"))
        assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
        page.get_by_role("radio", name="Vistas kāja").check()
        page.get_by_role("button", name="Sākt spēli").click()
        waiting(page)
        page.evaluate(REFUSE_MY_SAVE)
        mouse_step(page)
        waiting(page)
        status = page.locator("#save-status")
        assert status.is_visible()
        box, button = status.bounding_box(), status.get_by_role("button").bounding_box()
        assert box["y"] + box["height"] <= 640 and button["y"] + button["height"] <= box["y"] + box["height"], (box, button)
        assert status.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
        assert uncovered_hand(page)
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 1")


CLICK_THEN_RELOAD = """() => {
  const tile = document.querySelector('#game .hand button.tile-btn:not([disabled])')
    || document.querySelector('#game .actions button:not([disabled])');
  tile.click();
  const place = document.querySelector('#game .places button:not([disabled])');
  if (place) place.click();   // a tile with several places: choose one, still in this task
  window.__before_reload = true;
  location.reload();           // in the same task as the move
}"""

# (Polled while the reload is under way: the new document may not have its <html> yet,
# and a predicate that throws there fails the wait and counts as the page's error.)
RELOADED = ("() => !window.__before_reload && "
            "['ready', 'error'].includes(document.documentElement?.dataset.appState)")


@pytest.mark.parametrize("seats", [["Human", "Human"], ["Human", "Computer (easy)"]])
def test_a_move_followed_by_an_immediate_reload_is_kept(page, open_app, seats):
    setup_game(page, open_app, "Chicken Foot", seats, players=2)
    for _ in range(6):
        waiting(page)
        if page.get_by_role("button", name="Show my tiles").count():
            page.get_by_role("button", name="Show my tiles").click()
        before = record.replay(page.evaluate("window.boneyard.record()")).action_count()
        page.evaluate(CLICK_THEN_RELOAD)
        page.wait_for_function(RELOADED, timeout=APP_READY_TIMEOUT_MS)
        assert page.get_attribute("html", "data-app-state") == "ready"
        waiting(page)
        after = record.replay(page.evaluate("window.boneyard.record()")).action_count()
        assert after >= before + 1, (before, after)


# A finished save whose head (what the history reads without replaying) disagrees with the
# seat count: (what is changed in its meta, whether the save is set aside). A head that cannot
# be right is set aside; a head whose results are wrong is not believed, and the history reads
# the results from the record instead.
BAD_HEADS = [
    ({"names": ["Old"]}, True),
    ({"players": 1000000000}, True),
    ({"totals": ["a", "b"], "seats": ["human", "easy"], "winners": [0]}, False),
    ({"seats": ["easy", "human"], "totals": [5], "winners": [0]}, False),
    ({"winners": ["x"], "seats": ["human", "easy"], "totals": [1, 2]}, False),
]


def test_a_finished_save_whose_head_disagrees_never_stops_the_app(page, open_app):
    """Each of these once stopped the app from starting, at every reload ("IndexError: list
    index out of range" from the history's statistics)."""
    from tests_saves_support import finished_save
    assert open_app() == "ready"
    good = finished_save(game_id="ggood")
    for change, aside in BAD_HEADS:
        data = json.loads(finished_save(game_id="gbad"))
        data["meta"].update(change)
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        page.evaluate("([a, b]) => { localStorage.setItem('boneyard.game.gbad', a);"
                      " localStorage.setItem('boneyard.game.ggood', b); }", [text, good])
        reload(page)
        assert page.locator("#error").is_hidden(), change
        assert page.get_by_role("button", name="Start game").is_visible(), change
        kept = page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('boneyard.'))")
        assert "boneyard.game.ggood" in kept, change
        assert ("boneyard.damaged.gbad" in kept) == aside and ("boneyard.game.gbad" in kept) != aside, (change, kept)
        if aside:
            assert "saved game could not be read" in notice(page), change
        page.locator("#history > summary").click()
        rows = page.locator("#hist-games tr.hist-game")
        assert rows.count() == (1 if aside else 2), change
        # The one kept shows the record's true result, not the head's.
        assert all(" won (" in rows.nth(i).inner_text() for i in range(rows.count())), change


BLOCKED_STORAGE = """for (const name of ['localStorage', 'sessionStorage']) {
  Object.defineProperty(window, name, {get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }});
}"""


def test_a_browser_that_keeps_nothing_still_plays_and_says_why(page, open_app):
    """Site data blocked (even reading localStorage throws): the app starts (it once stopped
    at "could not start: The operation is insecure"), plays, says that this browser keeps
    nothing rather than that its storage is full, and Export still gives the game."""
    page.add_init_script(BLOCKED_STORAGE)
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    waiting(page)
    mouse_step(page)
    waiting(page)
    status = page.locator("#save-status")
    assert status.is_visible()
    assert "does not let the site keep anything" in status.inner_text()
    with page.expect_download() as download:
        status.get_by_role("button", name="Export").click()
    exported = record.replay(open(download.value.path(), encoding="utf-8").read())
    assert exported.action_count() == record.replay(page.evaluate("window.boneyard.record()")).action_count() > 0
    assert page.locator("#error").is_hidden()


def test_a_browser_that_keeps_nothing_keeps_the_language_chosen_in_the_address(page, open_app):
    """Site data blocked: the language picked is carried by the address (the reload once came
    back in the browser's own language, the choice nowhere kept)."""
    page.add_init_script(BLOCKED_STORAGE)
    assert open_app() == "ready"
    with page.expect_navigation():
        page.select_option("#lang-select", "lv")
    assert wait_for_state(page, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    page.wait_for_function("() => document.documentElement.lang === 'lv'")
    assert "lang=lv" in page.url


def test_a_save_of_a_newer_version_is_left_as_it_is(page, open_app):
    """A save a later Boneyard wrote ("v":3: an older tab still open, a build rolled back) was
    set aside as "unknown save format", gone from the newer build's list as well. Now it is
    left where it is, unlisted, and the person is told to reload to update; the other games
    stay, and the page starts."""
    from tests_saves_support import finished_save
    assert open_app() == "ready"
    later = finished_save(game_id="glater").replace('{"v":2,', '{"v":3,', 1)
    page.evaluate("([a, b]) => { localStorage.setItem('boneyard.game.glater', a);"
                  " localStorage.setItem('boneyard.game.ggood', b); sessionStorage.setItem('boneyard.tab', 'glater'); }",
                  [later, finished_save(game_id="ggood")])
    reload(page)
    assert page.get_by_role("button", name="Start game").is_visible()
    assert "saved by a newer version of Boneyard" in notice(page)
    assert page.evaluate("localStorage.getItem('boneyard.game.glater')") == later
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('boneyard.damaged.'))") == []
    page.locator("#history > summary").click()
    assert [r.get_attribute("data-game-id") for r in page.locator("#hist-games tr.hist-game").all()] == ["ggood"]


def test_a_damaged_save_with_no_room_for_its_copy_stays_where_it_is(page, open_app):
    """Setting a damaged save aside writes a copy, then removes it: with the storage full the
    copy failed and the save was removed all the same, the notice saying it was set aside.
    Now it stays, and the notice says so."""
    from tests_saves_support import finished_save
    assert open_app() == "ready"
    damaged = finished_save(game_id="gbad")[:-2]
    page.evaluate("v => localStorage.setItem('boneyard.game.gbad', v)", damaged)
    page.evaluate(FILL)
    reload(page)
    assert page.get_by_role("button", name="Start game").is_visible()
    assert "no room to set it aside, so it stays as it is" in notice(page)
    assert page.evaluate("localStorage.getItem('boneyard.game.gbad')") == damaged
    # With room again it is set aside as before.
    page.evaluate("() => { for (const k of Object.keys(localStorage)) if (k.startsWith('filler-')) localStorage.removeItem(k); }")
    reload(page)
    assert "It was set aside" in notice(page)
    assert page.evaluate("[localStorage.getItem('boneyard.game.gbad'), localStorage.getItem('boneyard.damaged.gbad')]") == [
        None, damaged]


def test_deleting_a_game_in_progress_asks_first(page, open_app):
    """Delete sits beside Continue and removed the game at once. It now asks, in its place:
    Keep (with the focus) leaves the game and gives the focus back to Delete; Delete for
    good removes it."""
    setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)"], players=2)
    mouse_step(page)
    waiting(page)
    game_id = page.evaluate("sessionStorage.getItem('boneyard.tab')")
    page.get_by_role("button", name="New game").click()
    row = page.locator('#setup .saved-going li[data-game-id="%s"]' % game_id)
    row.get_by_role("button", name="Delete").click()
    assert row.get_by_role("alert").inner_text() == "Delete this game for good?"
    assert page.evaluate("document.activeElement.dataset.act") == "delete-kept"
    page.keyboard.press("Enter")                       # Keep
    assert row.get_by_role("button", name="Continue").is_visible()
    assert page.evaluate("document.activeElement.dataset.act") == "delete-saved"
    assert page.evaluate("k => localStorage.getItem(k) !== null", "boneyard.game." + game_id)
    row.get_by_role("button", name="Delete").click()
    row.get_by_role("button", name="Delete", exact=True).click()
    page.wait_for_function("(id) => !document.querySelector(`#setup li[data-game-id=\"${id}\"]`)", arg=game_id)
    assert page.evaluate("k => localStorage.getItem(k)", "boneyard.game." + game_id) is None
    # ...and stays gone: the page's last save as it is left (pagehide) once wrote the deleted
    # game back under a new name.
    reload(page)
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('boneyard.game.'))") == []
    assert page.locator("#setup .saved-going li").count() == 0


def test_a_save_set_aside_can_be_downloaded_as_it_was_and_deleted(page, open_app):
    """A notice said a damaged save was "set aside", and the page offered no way to it: it is
    listed now, to download byte for byte (to keep, or for a bug report) or to delete, asked
    first as a game is."""
    from tests_saves_support import finished_save
    assert open_app() == "ready"
    damaged = finished_save(game_id="gbad")[:-2] + "\u00e9\u2603"
    page.evaluate("v => localStorage.setItem('boneyard.game.gbad', v)", damaged)
    reload(page)
    assert "It was set aside" in notice(page)
    # Its head reads (only its end is cut): the history set it aside while the saved games,
    # listed before, still offered its Replay.
    assert page.locator('[data-game-id="gbad"]').count() == 0
    section = page.get_by_role("region", name="Saves that could not be read")
    size = (len(damaged.encode()) + 1023) // 1024
    item = "Saved game gbad (%d KB)" % size
    assert section.locator("li").all_inner_texts()[0].startswith(item)
    with page.expect_download() as got:
        section.get_by_role("button", name="Download " + item).click()
    download = got.value
    assert download.suggested_filename == "boneyard-unreadable-save-gbad.json"
    assert open(download.path(), encoding="utf-8").read() == damaged
    # Delete asks; Keep leaves it and gives the focus back to its Delete.
    section.get_by_role("button", name="Delete " + item).click()
    assert "Delete this unreadable save for good?" in section.inner_text()
    assert page.evaluate("document.activeElement.dataset.act") == "damaged-kept"
    page.keyboard.press("Enter")
    assert page.evaluate("localStorage.getItem('boneyard.damaged.gbad')") == damaged
    assert page.evaluate("[document.activeElement.dataset.act, document.activeElement.dataset.arg]") == [
        "damaged-delete", "gbad"]
    section.get_by_role("button", name="Delete " + item).click()
    section.locator('[data-act="damaged-deleted"]').click()
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('boneyard.damaged.'))") == []
    assert section.count() == 0
    assert page.evaluate("document.activeElement.closest('#setup') !== null")
    reload(page)
    assert page.get_by_role("region", name="Saves that could not be read").count() == 0


HAND = "() => [...document.querySelectorAll('#game .rack .hand [data-arg], #game .rack .hand .look svg')].map(e => e.dataset.arg || e.getAttribute('aria-label'))"


def test_new_game_in_the_middle_of_one_offers_it_back_first(browser, site):
    """390x844: New game in the middle of a game showed the setup with no way back but the saved
    games' Continue, two screens down (Play Chicken Foot, at the top, began a second game). The
    game in progress is now Play now's first card, in view, and takes the person back to it."""
    for page, open_app in guarded_app(browser, site, viewport={"width": 390, "height": 844}, is_mobile=True,
                                      has_touch=True):
        assert open_app() == "ready"
        assert page.locator("#setup .play-card.continue").count() == 0     # nothing to go back to yet
        setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)", "Computer (easy)"], players=3)
        mouse_step(page)
        assert waiting(page) == "human"
        game_id = page.evaluate("sessionStorage.getItem('boneyard.tab')")
        hand = page.evaluate(HAND)
        page.get_by_role("button", name="New game").click()
        card = page.locator("#setup .play-cards > :first-child")
        assert "continue" in card.get_attribute("class") and card.get_attribute("data-arg") == game_id
        assert card.inner_text().split("\n") == ["Continue game", "Chicken Foot, round 1, 3 players"]
        box = card.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, box
        card.tap()
        assert waiting(page) == "human"
        assert page.evaluate("sessionStorage.getItem('boneyard.tab')") == game_id
        assert page.evaluate(HAND) == hand and len(hand) > 5
        assert len(page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('boneyard.game.'))")) == 1


def one_move_left():
    """A save of a two-player Chicken Foot game (the person against easy) at the person's turn
    whose one legal action ends the game."""
    setup = sess.default_setup()
    setup.update(game="chicken-foot", players=2, seats=["human", "easy"], speed="instant")
    for seed in range(1, 60):
        s = sess.Session(dict(setup, seed=seed))
        s.deal()
        while not s.game.is_over():
            if s.to_act() is None:
                s.deal()
                continue
            legal = s.game.legal_actions()
            if s.to_act() == 0 and len(legal) == 1:
                ahead = s.game.clone()
                ahead.apply(legal[0])
                if ahead.is_over():
                    return s.save_text()
            s.apply(legal[0])
    raise AssertionError("no game in 59 seeds ends on the person's only move")


def test_back_from_new_games_setup_returns_to_the_game(browser, site):
    """A phone's back gesture: after New game in the middle of a game, Back went back past the
    site (to wherever the person came from). It now returns to the game, without a reload or a
    change of address. A game begun on that setup takes the step back out of the history (Back
    from it leaves, as before); a finished game's New game puts none in; and a change of the
    address's #fragment (a record link) is not taken for a Back."""
    for page, open_app in guarded_app(browser, site, viewport={"width": 390, "height": 844}, is_mobile=True,
                                      has_touch=True):
        # A game ended on the page: its New game puts no step in (Back would have no game to go to).
        assert open_app() == "ready"
        reload_with_save(page, one_move_left())
        assert waiting(page) == "human"
        mouse_step(page)
        page.wait_for_function("() => document.querySelector('#game .summary')")
        page.get_by_role("button", name="New game").first.click()
        assert page.locator("#setup").is_visible() and page.evaluate("history.state") is None
        setup_game(page, open_app, "Chicken Foot", ["Human", "Computer (easy)", "Computer (easy)"], players=3)
        mouse_step(page)
        assert waiting(page) == "human"
        page.evaluate("window.__same = true")
        url = page.url
        game_id = page.evaluate("sessionStorage.getItem('boneyard.tab')")
        hand = page.evaluate(HAND)
        page.get_by_role("button", name="New game").click()
        assert page.locator("#setup").is_visible() and page.evaluate("history.state") == "setup"
        page.evaluate("history.back()")
        page.wait_for_function("() => document.getElementById('setup').hidden")
        assert waiting(page) == "human"
        assert page.evaluate("sessionStorage.getItem('boneyard.tab')") == game_id and page.evaluate(HAND) == hand
        assert page.evaluate("history.state") is None
        # A #fragment of its own while a game is on: the game stays.
        page.evaluate("location.hash = 'elsewhere'")
        page.wait_for_timeout(300)
        assert page.locator("#setup").is_hidden() and waiting(page) == "human"
        page.evaluate("history.back()")
        page.wait_for_timeout(300)
        assert page.locator("#setup").is_hidden()
        # New game, then a new game: the setup's step is taken back out.
        page.get_by_role("button", name="New game").click()
        assert page.evaluate("history.state") == "setup"
        page.get_by_role("button", name="Play Three-Player Moon").click()
        assert waiting(page) in ("human", "computer")
        page.wait_for_function("() => history.state === null")
        assert page.locator("#setup").is_hidden()
        assert page.evaluate("window.__same === true") and page.url == url


def test_a_reload_at_a_games_end_shows_its_end_again(page, open_app, site):
    """This tab's game over, the page reloaded: the winner, Rematch and the score sheet are
    there again (the setup came up, the game's end a replay away in the history). Left for New
    game, a reload shows the setup; another tab does not open a finished game."""
    from tests_saves_support import finished_save
    assert open_app() == "ready"
    page.evaluate("(t) => { localStorage.setItem('boneyard.game.gend', t); sessionStorage.setItem('boneyard.tab', 'gend'); }",
                  finished_save(game_id="gend"))
    reload(page)
    assert waiting(page) == "none"
    assert page.locator("#game").is_visible() and page.locator("#setup").is_hidden()
    assert page.get_by_role("button", name="Rematch").is_visible()
    assert "wins" in page.locator("#game .summary").inner_text()
    assert page.locator("#game .summary table").count() >= 1
    other = page.context.new_page()
    other.goto(app_url(site))
    assert wait_for_state(other, "app-state", APP_READY_TIMEOUT_MS) == "ready"
    assert other.get_by_role("button", name="Start game").is_visible() and other.locator("#game").is_hidden()
    other.close()
    page.get_by_role("button", name="New game").first.click()
    page.wait_for_selector("#setup:not([hidden])")
    reload(page)
    assert page.get_by_role("button", name="Start game").is_visible() and page.locator("#game").is_hidden()
    assert page.evaluate("localStorage.getItem('boneyard.game.gend')") is not None    # still in the history
