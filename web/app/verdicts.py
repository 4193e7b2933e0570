"""A decision's verdict in words (the review's analysis panel and the embed's verdict line).

Imports only the catalogs and the registry, so the embed frame (which ships ``app.i18n``
and this module, not the page's screens) words a verdict as the review does.
"""

from engine import games

from app.i18n import t, tenths, tn

# The record's non-tile actions by their catalog keys (the play screen names its buttons so too).
# A bid of 21 is named for what it is, shooting the moon: "Bid 21" beside "first to 21" read as
# a bid of the game's target.
ACTION_KEYS = {"draw": "action.draw", "pass": "action.pass", "trump doubles": "action.trump_doubles",
               "trump none": "action.no_trump", "21": "action.bid_moon"}


def is_tile(action):
    return len(action) == 3 and action[1] == "-"


def action_text(action):
    """A decision's action in words: a tile, a tile on another, a bid, a discard, trumps."""
    if ">" in action:
        tile, target = action.split(">")
        return t("analyse.act_on", tile=tile, target=target)
    if action.startswith("discard "):
        return t("analyse.act_discard", tile=action[8:])
    if is_tile(action):
        return action
    return action_label(action)


def action_label(action):
    """A decision that is not a tile's, in words: a pass, a draw, a bid, trumps (its button's name)."""
    if action in ACTION_KEYS:
        return t(ACTION_KEYS[action])
    if action.startswith("trump "):
        return t("action.trump", suit=action[6:])
    return t("action.bid", bid=action)


def pips(hundredths):
    """Hundredths of a pip as a short number ("4.2", "0")."""
    whole = (abs(hundredths) + 5) // 10      # tenths, rounded
    return tenths(-whole if hundredths < 0 else whole)


def pips_said(key, hundredths, **params):
    """The plural text ``key`` with ``{pips}`` the number :func:`pips` gives: "about 1 pip",
    "about 4.2 pips" ("about 1 pips" before); a fraction takes the "other" form."""
    text = pips(hundredths)
    tenths = (abs(hundredths) + 5) // 10
    if tenths % 10:
        return t(key, pips=text, **params)
    return tn(key, tenths // 10, pips=text, **params)


def best_action(d):
    """The first alternative reaching the decision's best value (legal order)."""
    for a in d["alternatives"]:
        if a.get("value") == d.get("best"):
            return a["action"]
    return d["action"]


def moon_verdict(d):
    """A Moon decision's verdict (exact): tricks for the bidder, or a bid's points."""
    v = d["verdict"]
    if d.get("unit") == "points":
        if v == "best":
            return t("analyse.v_best_points", value=d["value"])
        return tn("analyse.v_cost_points", d["cost"], best=action_text(best_action(d)), value=d["best"])
    defence = d.get("side") == "defence"
    if v == "best":
        return tn("analyse.v_best_defence" if defence else "analyse.v_best_tricks", d["value"])
    return tn("analyse.v_cost_defence" if defence else "analyse.v_cost_tricks", d["cost"],
              best=action_text(best_action(d)), value=d["best"])


def cf_verdict(d):
    """A Chicken Foot decision's verdict: an estimate of the seat's round score (pips)."""
    v = d["verdict"]
    if v == "best":
        return pips_said("analyse.v_cf_best", d["value"])
    key = "analyse.v_cf_costly" if v == "costly" else "analyse.v_cf_close"
    return pips_said(key, d["cost"], best=action_text(best_action(d)))


def say_verdict(game, d):
    if d.get("verdict") == "forced":
        return t("analyse.v_forced")
    return moon_verdict(d) if games.info(game).exact_analysis else cf_verdict(d)
