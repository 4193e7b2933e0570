"""The HTML of a round's analysis in the review: verdicts, the costliest decisions, the chart.

Pure functions of the analysis (``engine.ai.analysis``'s JSON) and plain
data: no DOM, no worker (see :mod:`app.review_analysis`), so CPython tests
check them.  Steps count every round's actions in order, as the review's:
decision ``index`` i of the round starting at step ``start`` is shown at
step ``start + i + 1`` (the position just after it, its tile on the table).
"""

from engine import games
from engine.render import escape as esc

from app.i18n import t, tn
from app.names import html as say
from app.verdicts import action_text, pips, pips_said, say_verdict

CHART_W = 320
CHART_H = 120
PAD = 14
# The axis's two labels sit in a left margin of their own, right-aligned, beside the
# plot: drawn at x=2 inside it, the lowest ("13.1") lay under the first point.
TICK_PX = 10            # .an-tick's font-size (web/style.css), in the chart's units
TICK_CHAR = 6.5         # the widest character's advance at that size (DejaVu Sans' digits: 6.4)
DOT_R = 8.5             # the ringed point's radius, 7, and half its stroke
TICK_GAP = 3            # between a label's end and the nearest point's edge


def _exact(game):
    # Moon's analysis counts a hand's tricks with every hand known; Chicken
    # Foot's estimates a round's pips from one seat's view: the registry says which.
    return games.info(game).exact_analysis


def decisions(result):
    """The judged decisions (forced ones last), costliest first; ties in play order."""
    judged = [d for d in result["decisions"] if d.get("verdict") != "forced" and "verdict" in d]
    judged.sort(key=lambda d: (-d["cost"], d["index"]))
    return judged


def at_step(result, start, step):
    """The decision shown at ``step`` (the one just made), or None."""
    for d in result["decisions"]:
        if start + d["index"] + 1 == step and "verdict" in d:
            return d
    return None


def line_of(result):
    """``[(index, value)]`` of the chart (Moon: the bidder's tricks; Chicken Foot: expected pips)."""
    key = "tricks" if _exact(result["game"]) else "value"
    return [(p["index"], p[key]) for p in result["line"]]


def chart_value(result, value):
    if _exact(result["game"]):
        return tn("analyse.tricks", value)
    return pips_said("analyse.pips", value)


def chart(result, start, step, names):
    """The SVG across the round: a point per move, the one shown ringed.

    A slider for keyboards and screen readers (arrows, Home, End: the review
    code moves it); each point is also a click target (``data-step``).
    """
    points = line_of(result)
    if not points:
        return ""
    values = [v for _, v in points]
    low, high = min(values), max(values)
    if _exact(result["game"]):
        low, high = 0, 7
    if high == low:
        high = low + 1
    n = len(points)
    costly = {}
    for d in result["decisions"]:
        if d.get("verdict") in ("cost", "costly"):
            costly[d["index"]] = True

    y_top = "7" if _exact(result["game"]) else pips(high)
    y_low = "0" if _exact(result["game"]) else pips(low)
    # The plot starts after the longer label and a point's radius.
    left = max(PAD, 2 + TICK_CHAR * max(len(y_top), len(y_low)) + TICK_GAP + DOT_R)

    def xy(i, v):
        x = left + (CHART_W - left - PAD) * (i / (n - 1) if n > 1 else 0.5)
        y = PAD + (CHART_H - 2 * PAD) * (high - v) / (high - low)
        return x, y

    path = []
    dots = []
    # Under the points, a column per point as tall as the chart (invisible): a finger
    # anywhere above or below a point takes it (the points alone were 11 px on a phone).
    hits = []
    column = (CHART_W - left - PAD) / (n - 1) if n > 1 else CHART_W - left - PAD
    now = 0
    for i in range(n):
        index, v = points[i]
        x, y = xy(i, v)
        hits.append('<rect class="an-hit" x="%.1f" y="0" width="%.1f" height="%d" data-analysis="jump" '
                    'data-step="%d"></rect>' % (x - column / 2, column, CHART_H, start + index + 1))
        path.append("%s%.1f,%.1f" % ("M" if i == 0 else "L", x, y))
        at = start + index + 1
        cls = "an-dot" + (" an-bad" if costly.get(index) else "") + (" an-now" if at == step else "")
        if at <= step:
            now = i
        dots.append('<circle class="%s" cx="%.1f" cy="%.1f" r="%d" data-analysis="jump" data-step="%d">'
                    '<title>%s</title></circle>' % (cls, x, y, 7 if at == step else 5, at,
                                                    esc(t("analyse.chart_point", n=at, value=chart_value(result, v)))))
    label = t("analyse.chart_moon") if _exact(result["game"]) else t("analyse.chart_cf", name=names[result["seat"]])
    index, v = points[now]
    text = t("analyse.chart_point", n=start + index + 1, value=chart_value(result, v))
    # Each label ends before the first point's edge, its digits centred on its value's height.
    tick_x = left - DOT_R - TICK_GAP
    return ('<figure class="an-chart-box"><svg id="an-chart" class="an-chart" viewBox="0 0 %d %d" tabindex="0" '
            'role="slider" aria-label="%s" aria-valuemin="1" aria-valuemax="%d" aria-valuenow="%d" '
            'aria-valuetext="%s" data-steps="%s">'
            '<line class="an-axis" x1="%.1f" y1="%d" x2="%d" y2="%d"></line>'
            '<text class="an-tick" x="%.1f" y="%.1f" text-anchor="end">%s</text>'
            '<text class="an-tick" x="%.1f" y="%.1f" text-anchor="end">%s</text>'
            '%s<path class="an-line" d="%s"></path>%s</svg>'
            # (A touch screen has no arrow keys and nothing to click: its own words, by CSS.)
            '<figcaption>%s <span class="an-help an-help-keys">%s</span>'
            '<span class="an-help an-help-touch">%s</span></figcaption></figure>'
            % (CHART_W, CHART_H, esc(label), n, now + 1, esc(text),
               " ".join([str(start + i + 1) for i, _ in points]),
               left, CHART_H - PAD, CHART_W - PAD, CHART_H - PAD,
               tick_x, PAD + 0.35 * TICK_PX, esc(y_top), tick_x, CHART_H - PAD + 0.35 * TICK_PX, esc(y_low),
               "".join(hits), " ".join(path), "".join(dots), esc(label), esc(t("analyse.chart_help")),
               esc(t("analyse.chart_help_touch"))))


def seat_summary(result, names):
    """Moon: per seat, what it could take as bidder with every hand known, and the bids."""
    out = []
    for s in result.get("seats") or []:
        bid = action_text(s["bid"]) if s["bid"] else t("analyse.no_bid")
        hard = action_text(s["hard_bid"]) if s["hard_bid"] else t("analyse.no_bid")
        contract = action_text(s["best_contract"])
        out.append("<li>%s</li>" % say(tn("analyse.seat_summary", s["tricks"], name=names[s["seat"]],
                                              discard=s["discard"], trump=s["trump"], contract=contract,
                                              bid=bid, hard=hard)))
    if not out:
        return ""
    return '<ul class="an-seats">%s</ul>' % "".join(out)


def start_button(game):
    label = t("analyse.start_hand") if _exact(game) else t("analyse.start_round")
    return '<button type="button" class="primary" id="an-start" data-analysis="start">%s</button>' % esc(label)


def seat_picker(seat, names, disabled, allowed=None):
    out = ['<div class="field an-seat"><label for="an-seat">%s</label><select id="an-seat"%s>'
           % (esc(t("analyse.seat_label")), " disabled" if disabled else "")]
    for i in range(len(names)):
        if allowed is not None and i not in allowed:
            continue
        out.append('<option value="%d"%s>%s</option>' % (i, " selected" if i == seat else "", esc(names[i])))
    out.append("</select></div>")
    return "".join(out)


def note(game, name, worlds):
    if _exact(game):
        return t("analyse.moon_note")
    return t("analyse.cf_note", name=name, worlds=worlds)


def quick(result, worlds, refine):
    """Chicken Foot's estimate on fewer worlds than ``worlds`` (MicroPython did it while Pyodide
    was not ready): said so, with a button to do it again on the full count when ``refine``."""
    if result.get("worlds", worlds) >= worlds:
        return ""
    button = ('<button type="button" id="an-refine" data-analysis="refine">%s</button>'
              % esc(t("analyse.refine", worlds=worlds))) if refine else ""
    return '<p class="an-quick" id="an-quick">%s %s</p>' % (esc(t("analyse.quick")), button)


def progress(done, total, waiting=False):
    """The progress bar, its words (``aria-live``) and Cancel."""
    percent = (100 * done // total) if total else 0
    words = t("analyse.waiting") if waiting else t("analyse.running", percent=percent)
    return ('<div class="an-progress"><progress id="an-progress" max="%d" value="%d" aria-label="%s"></progress>'
            '<span id="an-status" class="an-status">%s</span>'
            '<button type="button" id="an-cancel" data-analysis="cancel">%s</button></div>'
            % (max(1, total), done, esc(t("analyse.progress_label")), esc(words), esc(t("analyse.cancel"))))


def results(result, start, step, names):
    """The verdict at the step shown, the chart, the decisions costliest first, Moon's summary."""
    game = result["game"]
    d = at_step(result, start, step)
    if d is not None:
        here = t("analyse.here", move=action_text(d["action"]), verdict=say_verdict(game, d))
    else:
        here = t("analyse.here_none")
    items = []
    for d in decisions(result):
        at = start + d["index"] + 1
        label = t("analyse.item", n=at, name=names[d["seat"]], move=action_text(d["action"]),
                  verdict=say_verdict(game, d))
        bad = d.get("verdict") in ("cost", "costly")
        items.append('<li class="%s" data-verdict="%s"><button type="button" id="an-jump-%d" data-analysis="jump" '
                     'data-step="%d"%s>%s</button></li>'
                     % ("an-bad" if bad else "", esc(d["verdict"]), at, at,
                        ' aria-current="step"' if at == step else "", say(label)))
    summary = seat_summary(result, names) if _exact(game) else ""
    return ('<p class="an-here" id="an-here" data-step="%d">%s</p>%s'
            '<h4 id="an-list-title">%s</h4><ol class="an-list" id="an-list" aria-labelledby="an-list-title">%s</ol>%s'
            % (step, say(here), chart(result, start, step, names), esc(t("analyse.list_title")),
               "".join(items), summary))


def panel(game, seat, names, worlds, job, result, start, step, allowed=None, refine=False):
    """The whole analysis section of the review.

    ``job``: None (idle), or ``{"done", "total", "waiting", "error"}`` while
    (or after) it runs; ``result`` the analysis once done; ``allowed`` the
    seats whose decisions may be judged (None: every seat); ``worlds`` the
    full count of worlds (a result says its own); ``refine``: a quick
    estimate may be done again with it.
    """
    running = job is not None and job.get("error") is None and result is None
    used = result.get("worlds", worlds) if result is not None else worlds
    out = ['<section class="analysis" id="analysis" aria-labelledby="an-title" data-analysis-state="%s"%s>'
           % ("done" if result is not None else ("running" if running else "idle"),
              ' data-worlds="%d"' % used if not _exact(game) else ""),
           '<h3 id="an-title">%s</h3>' % esc(t("analyse.title")),
           '<p class="an-note">%s</p>' % say(note(game, names[seat], used))]
    if allowed is None or len(allowed) > 1:
        out.append(seat_picker(seat, names, running, allowed))
    if result is not None:
        out.append(quick(result, worlds, refine))
        out.append(results(result, start, step, names))
    elif running:
        out.append(progress(job.get("done", 0), job.get("total", 0), job.get("waiting", False)))
    else:
        if job is not None and job.get("error"):
            out.append('<p class="error" role="alert">%s</p>' % say(job["error"]))
        out.append(start_button(game))
    # Announcements (start, done, cancelled) go to one polite live region.
    out.append('<p class="visually-hidden" id="an-live" aria-live="polite"></p></section>')
    return "".join(out)
