"""Translation catalogs: complete, used, placeholders kept, plural forms per language."""

import json
import re
from pathlib import Path

import pytest

from helpers import actor
from web.app import i18n

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "web" / "i18n"
LANGS = ["en", "sq", "lv", "sw"]
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
# Where keys are used: Python and JS as quoted literals, HTML as data-i18n* attributes.
SOURCES = (sorted((ROOT / "web").rglob("*.py")) + sorted((ROOT / "engine").rglob("*.py")) + sorted((ROOT / "web").rglob("*.js"))
           + sorted((ROOT / "web" / "site").rglob("*.html")) + [ROOT / "index.html"])
LITERAL = re.compile(r"""["']([a-z0-9_]+(?:\.[a-z0-9_-]+)+)["']""")
CALL = re.compile(r"""\b(?:t|tn|i18n\.t|i18n\.tn)\(\s*["']([^"']+)["']""")


def catalog(lang):
    return json.loads((CATALOGS / (lang + ".json")).read_text(encoding="utf-8"))


def forms(value):
    return value if isinstance(value, dict) else {"other": value}


ATTR_PAIRS = re.compile(r"""data-i18n-attr=["']([^"']+)["']""")


def used_literals():
    found = set()
    for path in SOURCES:
        if "__pycache__" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        found.update(LITERAL.findall(text))
        for pairs in ATTR_PAIRS.findall(text):
            found.update(pair.split(":", 1)[1] for pair in pairs.split(";") if ":" in pair)
    return found


def test_catalog_files_are_the_four_languages():
    assert sorted(p.stem for p in CATALOGS.glob("*.json")) == sorted(LANGS)
    assert i18n.LANGS == LANGS


@pytest.mark.parametrize("lang", LANGS[1:])
def test_every_key_in_every_catalog(lang):
    en = catalog("en")
    other = catalog(lang)
    assert sorted(set(en) - set(other)) == []
    assert sorted(set(other) - set(en)) == []


def test_every_called_key_exists():
    en = catalog("en")
    missing = []
    for path in SOURCES:
        for key in CALL.findall(path.read_text(encoding="utf-8")):
            if key not in en:
                missing.append("%s: %s" % (path.relative_to(ROOT), key))
    assert missing == []


def test_no_unused_keys():
    used = used_literals()
    assert sorted(k for k in catalog("en") if k not in used) == []


# Actions a person can meet on one screen: each pair must read differently in every language
# (Swahili's Rematch and Replay were both "Rudia mchezo", side by side at a game's end).
DISTINCT = [("play.rematch", "records.replay"), ("play.rematch", "summary.next_round"), ("records.replay", "replay.back")]


# Texts that stand first in a box of their own (Moon's contract line read "bid: Ana 7" under
# "Bidding"): they begin with a capital letter.
OWN_LINE = ["status.bid", "trick.current", "summary.next_round", "play.rematch"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_text_on_its_own_line_begins_with_a_capital(lang):
    words = catalog(lang)
    low = [(key, words[key]) for key in OWN_LINE if not words[key][:1].isupper()]
    assert low == []


@pytest.mark.parametrize("lang", LANGS)
def test_actions_met_together_read_differently(lang):
    words = catalog(lang)
    same = [(a, b, words[a]) for a, b in DISTINCT if words[a].strip().lower() == words[b].strip().lower()]
    assert same == []


# The word each language names the widow by (its summary's "Widow: 1-0"), as it stands in
# the seat card's short "took the widow".
WIDOW_WORD = {"en": "widow", "lv": "vid", "sq": "mes", "sw": "katikati"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_card_names_the_widow_as_the_summary_does(lang):
    """Latvian, Albanian and Swahili seat cards said the high bidder took "the rest" (atlikumu,
    të mbeturin, cha ziada) where the log, the summary and the rules say "the middle tile". The
    card keeps a short form (a phone's narrow card has about 160 px for it), by the same word."""
    words = catalog(lang)
    word = WIDOW_WORD[lang]
    assert word in words["summary.widow"].lower() and word in words["play.did_discarded"], (
        words["play.did_discarded"], words["summary.widow"])


@pytest.mark.parametrize("lang", LANGS[1:])
def test_placeholders_kept(lang):
    en = catalog("en")
    other = catalog(lang)
    wrong = []
    for key in sorted(en):
        en_forms = forms(en[key])
        for form, text in sorted(forms(other[key]).items()):
            # A language's extra category (Latvian "zero") answers to English "other".
            source = en_forms.get(form, en_forms["other"])
            need = set(PLACEHOLDER.findall(source))
            have = set(PLACEHOLDER.findall(text))
            if not need <= have or not have <= set(PLACEHOLDER.findall(" ".join(en_forms.values()))) | {"count"}:
                wrong.append("%s[%s]: %s vs %s" % (key, form, sorted(need), sorted(have)))
    assert wrong == []


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_complete(lang):
    expected = sorted(i18n.PLURAL_FORMS[lang])
    plural_keys = [k for k, v in catalog("en").items() if isinstance(v, dict)]
    assert plural_keys
    data = catalog(lang)
    bad = [k for k in plural_keys if not isinstance(data[k], dict) or sorted(data[k]) != expected]
    assert bad == []
    stray = [k for k, v in data.items() if isinstance(v, dict) and k not in plural_keys]
    assert stray == []


def test_plural_rules():
    assert [i18n.plural_category("lv", n) for n in (0, 1, 2, 9, 10, 11, 12, 19, 21, 101, 111)] == [
        "zero", "one", "other", "other", "zero", "zero", "zero", "zero", "one", "one", "zero"]
    for lang in ("en", "sq", "sw"):
        assert [i18n.plural_category(lang, n) for n in (0, 1, 2, 21)] == ["other", "one", "other", "other"]


def test_t_and_tn_fill_placeholders_and_fall_back():
    for lang in LANGS:
        i18n.install(lang, catalog(lang))
    try:
        i18n.set_language("lv")
        assert i18n.tn("seats.tiles", 1) == "1 kauliņš"
        assert i18n.tn("seats.tiles", 3) == "3 kauliņi"
        assert i18n.tn("seats.tiles", 10) == "10 kauliņu"
        assert i18n.t("setup.seat", n=2) == "Vieta 2"
        i18n.set_language("sq")
        assert i18n.t("no.such.key") == "no.such.key"
        i18n.set_language("en")
        assert i18n.t("action.bid", bid=5) == "Bid 5"
    finally:
        i18n.set_language("en")


def test_pick_language():
    assert i18n.pick(None, ["lv-LV", "en"]) == "lv"
    assert i18n.pick(None, ["de-DE", "sw"]) == "sw"
    assert i18n.pick("sq", ["lv"]) == "sq"
    assert i18n.pick("xx", ["de"]) == "en"


def dealt_game_speaking_every_language():
    """Every catalog installed; a two-player Chicken Foot game, its first round dealt (seeded)."""
    from engine import record
    from engine.rng import Rng

    for lang in LANGS:
        i18n.install(lang, catalog(lang))
    game = record.new_game("chicken-foot", 2, None, ["A", "B"])
    game.start_round(game.new_deal(Rng(3)))
    return game


def test_engine_reasons_translate_by_key():
    from engine.game import IllegalAction

    game = dealt_game_speaking_every_language()
    seat = game.current_seat()
    hand = game.view(seat)["hand"]
    with pytest.raises(IllegalAction) as info:
        game.apply("pass")
    exc = info.value
    assert exc.key and exc.key in catalog("en")
    try:
        i18n.set_language("en")
        assert i18n.error_text(exc) == str(exc)   # the English catalog says what the engine says
        i18n.set_language("sq")
        assert i18n.error_text(exc) != str(exc)
    finally:
        i18n.set_language("en")
    assert hand




def test_error_keys_exist():
    """Keys given to record, game and embed errors are in the catalogs."""
    en = catalog("en")
    found = set()
    for path in [ROOT / "engine" / "record.py", ROOT / "engine" / "game.py"] + sorted((ROOT / "web" / "embed").glob("*.py")):
        found.update(re.findall(r"""["']((?:record|records|embed)\.[a-z0-9_.]+)["']""", path.read_text(encoding="utf-8")))
    assert len(found) > 20
    assert sorted(k for k in found if k not in en) == []


def test_record_errors_located_and_translated():
    from engine import record

    game = dealt_game_speaking_every_language()
    illegal = game.record()
    illegal["rounds"][0]["actions"] = ["pass"]
    bad_format = dict(illegal, format="x")
    missing = dict(illegal, rounds=[{"double": 9}])
    try:
        # The engine's words count as the record's arrays; the page counts from 1, as it does
        # everywhere ("Round 1", "Move 1 of").
        # The move's player is named: the engine's reasons say "you".
        who = "\u2068%s\u2069" % actor(illegal, 0, 0)
        for rec, where, said in [(illegal, "round 0, action 0: ", "round 1, move 1 of the round (%s): " % who), (bad_format, "", ""),
                                 (missing, "round 0: ", "round 1: ")]:
            with pytest.raises(record.RecordError) as info:
                record.replay(rec)
            exc = info.value
            assert str(exc).startswith(where) and (exc.key or exc.cause is not None)
            i18n.set_language("en")
            assert i18n.error_text(exc) == said + str(exc)[len(where):]   # the engine's reason, its place counted from 1
            for lang in LANGS[1:]:
                i18n.set_language(lang)
                text = i18n.error_text(exc)
                assert text != str(exc)
                if where:
                    assert text.startswith(catalog(lang)["record.at_action_by" if "action" in where else "record.at_round"]
                                           .split("{")[0])
                    assert "action" not in where or who in text
                if exc.cause is not None:   # the illegal action's own reason, translated
                    assert text.endswith(i18n.error_text(exc.cause)) and i18n.error_text(exc.cause) != str(exc.cause)
    finally:
        i18n.set_language("en")


def test_embed_picture_speaks_the_language():
    import sys

    from engine import record

    # The embed imports the catalogs as the page mounts them: `app.i18n`, `embed`.
    sys.path.insert(0, str(ROOT / "web"))
    from app import i18n as page_i18n
    from embed import picture

    for lang in LANGS:
        page_i18n.install(lang, catalog(lang))
    game = record.new_game("moon", 3, None, ["Ana", "Ben", "Cleo"])
    from engine.rng import Rng
    game.start_round(game.new_deal(Rng(5)))
    for _ in range(8):
        game.apply(game.legal_actions()[-1])
    rec = game.record()
    try:
        page_i18n.set_language("en")
        english = picture.position(rec, 8, "reveal")["html"]
        assert "step 8 of 8" in english
        page_i18n.set_language("lv")
        latvian = picture.position(rec, 8, "reveal")["html"]
        assert catalog("lv")["embed.step_of"].format(step=8, total=8) in latvian
        assert "step 8 of 8" not in latvian
    finally:
        page_i18n.set_language("en")


def _engine_errors():
    """A spread of errors a person can meet: bad tiles, bad deals, illegal actions, bad share codes."""
    from engine import record, share
    from engine.game import GameError
    from engine.rng import Rng

    cases = []

    def catch(fn):
        try:
            fn()
        except (GameError, ValueError) as exc:
            cases.append(exc)
            return
        raise AssertionError("no error raised")

    cf = record.new_game("chicken-foot", 3)
    deal = cf.new_deal(Rng(5))
    cf.start_round(deal)
    for action in ["10-3>9-9", "draw me", "9-9>9-9", "x>y", 7, "pass"]:
        catch(lambda a=action: cf.apply(a))
    for key, value in [("first", 9), ("double", 4), ("hands", [["9-8"]] * 3)]:
        bad = dict(deal)
        bad[key] = value
        catch(lambda d=bad: record.new_game("chicken-foot", 3).start_round(d))
    bad = dict(deal, yard=["nine"] + deal["yard"][1:])
    catch(lambda: record.new_game("chicken-foot", 3).start_round(bad))
    catch(lambda: record.new_game("chicken-foot", 3, {"spokes": 1}))
    catch(lambda: record.new_game("chicken-foot", 9))
    moon = record.new_game("moon", 3)
    mdeal = moon.new_deal(Rng(2))
    moon.start_round(mdeal)
    for action in ["3", "8", "discard 6-6", "trump 9", "5-0", "9-9"]:
        catch(lambda a=action: moon.apply(a))
    catch(lambda: record.new_game("moon", 3).start_round(dict(mdeal, widow=mdeal["hands"][0][0])))
    catch(lambda: record.new_game("moon", 4))
    for code in ["", "q123", "z!!!", "zAAAA", "jW10"]:
        catch(lambda c=code: share.decode(c))
    return cases


def test_engine_errors_people_meet_are_all_keyed():
    en = catalog("en")
    errors = _engine_errors()
    assert len(errors) >= 20
    for lang in LANGS:
        i18n.install(lang, catalog(lang))
    try:
        for exc in errors:
            assert getattr(exc, "key", None) in en, "no catalog key for: %s" % exc
            i18n.set_language("en")
            assert i18n.error_text(exc) == str(exc)   # the English catalog says what the engine says
            for lang in LANGS[1:]:
                i18n.set_language(lang)
                assert i18n.error_text(exc) != str(exc), (lang, str(exc))
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["sq", "lv", "sw"])
def test_the_games_english_names_stay_in_english(lang):
    """A translation names the games in its own words (Swahili's analysis once said "Moon")."""
    english = re.compile(r"\b(Moon|Chicken|Foot)\b")
    left = sorted(key for key, value in catalog(lang).items()
                  if any(english.search(text) for text in forms(value).values()))
    assert left == []
