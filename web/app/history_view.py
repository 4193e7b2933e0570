"""The History panel on the setup screen: finished games, statistics, a small chart.

Pure functions of the items ``store.history()`` gives (no DOM, no storage),
so CPython tests check them.  A game's "you" is its first human seat (seat
1 when computers played alone); its level is the computer seats' level when
they share one, else "mixed" ("none": people only).  The statistics count
every listed game once, so they add up to the list.
"""

from engine import games
from engine.render import escape

from app import session as sess
from app.i18n import t, tenths, tn

CHART_W = 320
BAR_H = 14
LABEL_H = 14
GAP = 6


def you(item):
    seats = item.get("seats") or []
    for i in range(min(item["players"], len(seats))):
        if seats[i] == "human":
            return i
    return 0


def alone(item):
    """Whether computers played every seat (their game's "you" is seat 1)."""
    seats = (item.get("seats") or [])[:item["players"]]
    return len(seats) == item["players"] and "human" not in seats


def level_of(item):
    levels = []
    for kind in (item.get("seats") or [])[:item["players"]]:
        if kind != "human" and kind not in levels:
            levels.append(kind)
    if not levels:
        return "none"
    return levels[0] if len(levels) == 1 else "mixed"


def level_text(level):
    if level in ("easy", "medium", "hard"):
        return t(sess.SEAT_KEYS[level])
    return t("history.level_mixed") if level == "mixed" else t("history.level_none")


def better(game, a, b):
    """Whether final score ``a`` beats ``b`` (Chicken Foot: fewer pips; Moon: more points)."""
    return a < b if games.info(game).low_score_wins else a > b


LEVEL_ORDER = ["easy", "medium", "hard", "mixed", "none"]


def stats(items):
    """Per (game, level): ``{"game", "level", "played", "won", "total", "best"}``, in a fixed order."""
    groups = {}
    for item in items:
        key = (item["game"], level_of(item))
        g = groups.get(key)
        if g is None:
            g = {"game": key[0], "level": key[1], "played": 0, "won": 0, "total": 0, "best": None}
            groups[key] = g
        seat = you(item)
        score = (item.get("totals") or [0] * item["players"])[seat]
        g["played"] += 1
        g["won"] += 1 if seat in (item.get("winners") or []) else 0
        g["total"] += score
        if g["best"] is None or better(key[0], score, g["best"]):
            g["best"] = score
    keys = sorted(groups.keys(), key=lambda k: (sess.GAMES.index(k[0]) if k[0] in sess.GAMES else 9,
                                                LEVEL_ORDER.index(k[1])))
    return [groups[k] for k in keys]


def average(g):
    """The mean final score, one decimal ("12.5", "-3")."""
    # Rounded half away from zero on the size, the sign apart (a total of -5 in two games once
    # read -3.5: floor division and the remainder of a negative number).
    size = (20 * abs(g["total"]) + g["played"]) // (2 * g["played"])
    return tenths(-size if g["total"] < 0 else size)


def group_name(g):
    return t("history.group", game=t(sess.GAME_KEYS[g["game"]]), level=level_text(g["level"]))


def chart(groups):
    """Bars per group: games played (outline) and won (filled), each under its label."""
    if not groups:
        return ""
    top = max([g["played"] for g in groups])
    row_h = LABEL_H + BAR_H + GAP
    height = len(groups) * row_h + GAP
    span = CHART_W - 50
    out = ['<svg class="hist-chart" id="hist-chart" viewBox="0 0 %d %d" role="img" aria-labelledby="hist-chart-title">'
           '<title id="hist-chart-title">%s</title>' % (CHART_W, height, escape(t("history.chart_label")))]
    for i in range(len(groups)):
        g = groups[i]
        y = GAP + i * row_h
        played_w = span * g["played"] / top
        won_w = span * g["won"] / top
        words = t("history.chart_bar", group=group_name(g), won=g["won"], played=g["played"])
        out.append('<g class="hist-bar" data-played="%d" data-won="%d"><title>%s</title>'
                   '<text class="hist-label" x="0" y="%d">%s</text>'
                   '<rect class="hist-played" x="1" y="%d" width="%.1f" height="%d"></rect>'
                   '<rect class="hist-won" x="1" y="%d" width="%.1f" height="%d"></rect>'
                   '<text class="hist-count" x="%.1f" y="%d">%d/%d</text></g>'
                   % (g["played"], g["won"], escape(words), y + LABEL_H - 4, escape(group_name(g)),
                      y + LABEL_H, played_w, BAR_H, y + LABEL_H, won_w, BAR_H,
                      played_w + 6, y + LABEL_H + BAR_H - 4, g["won"], g["played"]))
    out.append("</svg>")
    return "".join(out)


def stats_table(groups):
    rows = []
    for g in groups:
        rows.append('<tr data-game="%s" data-level="%s"><th scope="row">%s</th><td>%d</td><td>%d</td>'
                    '<td>%s</td><td>%d</td></tr>'
                    % (g["game"], g["level"], escape(group_name(g)), g["played"], g["won"],
                       escape(average(g)), g["best"]))
    return ('<div class="hist-scroll"><table class="hist-stats" id="hist-stats"><caption>%s</caption><thead><tr><th scope="col">%s</th>'
            '<th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th>'
            '</tr></thead><tbody>%s</tbody></table></div>'
            % (escape(t("history.stats_title")), escape(t("history.col_group")), escape(t("history.col_played")),
               escape(t("history.col_won")), escape(t("history.col_average")), escape(t("history.col_best")),
               "".join(rows)))


def players_text(item):
    parts = []
    seats = item.get("seats") or []
    for i in range(item["players"]):
        kind = seats[i] if i < len(seats) else "human"
        parts.append(t("history.player", name="<bdi>%s</bdi>" % escape(item["names"][i]),
                       level=escape(t(sess.SEAT_KIND_KEYS.get(kind, "seats.human")))))
    return ", ".join(parts)


def result_text(item):
    winners = item.get("winners") or []
    totals = item.get("totals") or []
    names = ", ".join(["<bdi>%s</bdi>" % escape(item["names"][s]) for s in winners if s < len(item["names"])])
    scores = ", ".join(["<bdi>%s</bdi> %d" % (escape(item["names"][s]), totals[s])
                        for s in range(min(len(totals), len(item["names"])))])
    return t("history.result", winners=names, scores=scores)


def row(item, when):
    game = t(sess.GAME_KEYS[item["game"]])
    date = when(item["updated"])
    label = t("history.game_label", game=game, date=date)
    return ('<tr class="hist-game" data-game-id="%s" data-game="%s"><td>%s</td><td>%s</td><td>%s</td><td>%s</td>'
            '<td><div class="hist-buttons"><button type="button" data-act="replay-saved" data-arg="%s" aria-label="%s">%s'
            '</button><button type="button" data-act="delete-saved" data-arg="%s" aria-label="%s">%s</button></div></td>'
            '</tr>'
            % (escape(item["id"]), item["game"], escape(date), escape(game), players_text(item), result_text(item),
               escape(item["id"]), escape(t("history.review_label", game=label)), escape(t("history.review")),
               escape(item["id"]), escape(t("history.delete_label", game=label)), escape(t("history.delete"))))


def panel(items, when, is_open=False, said=""):
    """The History disclosure: the games (newest first), the statistics and their chart, Export;
    ``said``: what an import just did (a status line above the list)."""
    status = '<p class="hist-status" id="hist-status" role="status">%s</p>' % escape(said) if said else ""
    if not items:
        body = '<p class="hist-empty">%s</p>' % escape(t("history.empty"))
    else:
        groups = stats(items)
        body = ('<div class="hist-scroll"><table class="hist-games" id="hist-games"><caption>%s</caption><thead><tr>'
                '<th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th>'
                '<th scope="col"><span class="sr-only">%s</span></th></tr></thead><tbody>%s</tbody></table></div>'
                '<p class="hist-note">%s%s</p>%s%s'
                '<button type="button" id="hist-export" data-history="export">%s</button>'
                % (escape(t("history.list_label")), escape(t("history.col_date")), escape(t("history.col_game")),
                   escape(t("history.col_players")), escape(t("history.col_result")),
                   escape(t("history.col_actions")), "".join([row(item, when) for item in items]),
                   escape(t("history.note")),
                   # (A game with no person in it counted seat 1 as "you" unsaid.)
                   " " + escape(t("history.note_alone")) if any([alone(i) for i in items]) else "",
                   stats_table(groups), chart(groups), escape(t("history.export"))))
    return ('<details class="history" id="history"%s><summary>%s</summary>%s%s</details>'
            % (" open" if is_open else "", escape(tn("history.summary", len(items))), status, body))
