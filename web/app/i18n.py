"""Translations: catalogs of keys -> strings, one JSON file per language.

Portable Python (MicroPython on the page, CPython in tests).  A catalog is
``web/i18n/<lang>.json`` (mounted as ``i18n/<lang>.json`` in the page's file
system): ``{"key": "text with {name} placeholders", "key2": {"one": "...",
"other": "..."}}``.  Plural entries hold one form per CLDR category the
language uses (:data:`PLURAL_FORMS`).  Keys are written as literals at the
call sites (``t("setup.title")``) so that tests can find every key in use.

A missing key falls back to English, then to the key itself: a gap shows,
it never breaks the page.
"""

import json

# unbundle sits beside app/ wherever app/ runs (the page, the embed frame;
# web/ on sys.path in tests): its reader is the fast one on MicroPython.
from unbundle import read_file

from app.names import iso

LANGS = ["en", "sq", "lv", "sw"]
DEFAULT = "en"
# Each language's own name, shown as is in every language's picker.
NATIVE_NAMES = {"en": "English", "sq": "Shqip", "lv": "Latviešu", "sw": "Kiswahili"}
PLURAL_FORMS = {"en": ["one", "other"], "sq": ["one", "other"], "sw": ["one", "other"],
                "lv": ["zero", "one", "other"]}
STORAGE_KEY = "boneyard.lang"

_catalogs = {}
_current = [DEFAULT]
# Where catalogs are looked for: the page's mount first, then the source tree.
SEARCH = ["i18n/", "web/i18n/"]


def _here():
    try:
        path = __file__
    except NameError:
        return None
    cut = path.replace("\\", "/").rfind("/")
    return path[:cut + 1] if cut >= 0 else ""


def plural_category(lang, n):
    """The CLDR plural category of the integer ``n`` in ``lang``."""
    n = abs(int(n))
    if lang == "lv":
        if n % 10 == 0 or 11 <= n % 100 <= 19:
            return "zero"
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        return "other"
    return "one" if n == 1 else "other"


def install(lang, catalog):
    """Use ``catalog`` (a dict) for ``lang``."""
    _catalogs[lang] = catalog


def load(lang):
    """The catalog of ``lang`` (read once); {} if it cannot be read."""
    if lang in _catalogs:
        return _catalogs[lang]
    dirs = list(SEARCH)
    here = _here()
    if here is not None:
        dirs.append(here + "../i18n/")
    for folder in dirs:
        try:
            _catalogs[lang] = json.loads(read_file(folder + lang + ".json"))
            return _catalogs[lang]
        except (OSError, ValueError):
            pass
    _catalogs[lang] = {}
    return _catalogs[lang]


def pick(stored, preferred):
    """The language to use: ``stored`` if supported, else the first supported of ``preferred``."""
    if stored in LANGS:
        return stored
    for tag in preferred or []:
        base = str(tag).lower().split("-")[0].split("_")[0]
        if base in LANGS:
            return base
    return DEFAULT


def set_language(lang):
    _current[0] = lang if lang in LANGS else DEFAULT
    load(_current[0])
    return _current[0]


def current():
    return _current[0]


def _entry(key, lang):
    value = load(lang).get(key)
    if value is None and lang != DEFAULT:
        value = load(DEFAULT).get(key)
        lang = DEFAULT
    return value, lang


def _fill(text, params):
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return text


def t(key, **params):
    """The text of ``key`` in the current language, ``{name}`` placeholders filled."""
    value, _lang = _entry(key, _current[0])
    if value is None:
        return key
    if isinstance(value, dict):
        value = value.get("other", key)
    return _fill(value, params)


def tn(key, count, **params):
    """The plural form of ``key`` for ``count`` (also passed as ``{count}``)."""
    value, lang = _entry(key, _current[0])
    if value is None:
        return key
    params["count"] = count
    if isinstance(value, dict):
        value = value.get(plural_category(lang, count), value.get("other", key))
    return _fill(value, params)


def tenths(n):
    """``n`` tenths as the current language writes them: "12.5" ("12,5" in Latvian), "-3", "0"."""
    whole, frac = abs(n) // 10, abs(n) % 10
    text = "%d%s%d" % (whole, t("number.decimal_point"), frac) if frac else "%d" % whole
    return ("-" + text) if n < 0 else text


def listed(names):
    """``names`` as one phrase: "Ana", "Ana and Ben", "Ana, Ben and Cleo"."""
    if len(names) == 1:
        return names[0]
    return t("list.and", first=", ".join(names[:-1]), last=names[-1])


def _keyed(exc):
    """``exc``'s own message translated by its key, or None."""
    key = getattr(exc, "key", None)
    if key:
        text = t(key, **(getattr(exc, "params", None) or {}))
        if text != key:
            return text
    return None


def error_text(exc):
    """A user-facing account of an engine error: by its ``key`` when it has one.

    A record error's reason is its key's text, else its cause's (an illegal
    action inside the record), else the English reason; its place (round R,
    action A, counted from 1) is said in the current language.
    """
    if not hasattr(exc, "round_index"):
        text = _keyed(exc)
        return str(exc) if text is None else text
    cause = getattr(exc, "cause", None)
    reason = _keyed(exc)
    if reason is None and cause is not None:
        reason = error_text(cause)
    if reason is None:
        reason = exc.reason
    # The page counts rounds and moves from 1, as its status, log and review do ("round 0,
    # action 0" named the first move); the engine's own words count as the record's arrays.
    ri, ai = exc.round_index, exc.action_index
    name = getattr(exc, "name", None)
    if ri is not None and ai is not None and name is not None:
        # Whose move it is: the engine's reasons say "you" ("you must follow suit 5").
        return t("record.at_action_by", round=ri + 1, action=ai + 1, name=iso(name), reason=reason)
    if ri is not None and ai is not None:
        return t("record.at_action", round=ri + 1, action=ai + 1, reason=reason)
    if ri is not None:
        return t("record.at_round", round=ri + 1, reason=reason)
    return reason
