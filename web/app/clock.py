"""Phase timings of the page's redraws (read by bench/redraw.py through ``window.boneyard.redraws()``).

A redraw is timed lap by lap (apply, save, each part built, the DOM
written); the last :data:`KEEP` are kept.  A lap costs one
``performance.now()`` call, so timing stays on in every page.  Each run is
also marked in performance traces (``console.timeStamp``), so that its CPU
time can be read there: on a loaded machine the wall clock says little.
"""

import json

from pyscript import window

KEEP = 400


class Clock:
    def __init__(self):
        self.runs = []        # [[label, [[lap, ms], ...]], ...], newest last
        self.current = None

    def start(self, label):
        self.current = [label, [], window.performance.now()]
        # Marks in a performance trace: bench/redraw.py reads the main thread's CPU time between them.
        window.console.timeStamp("redraw " + label)

    def lap(self, name):
        run = self.current
        if run is None:
            return
        now = window.performance.now()
        run[1].append([name, round(now - run[2], 3)])
        run[2] = now

    def stop(self):
        run = self.current
        self.current = None
        if run is None:
            return
        window.console.timeStamp("redraw-end")
        self.runs.append([run[0], run[1]])
        if len(self.runs) > KEEP:
            self.runs = self.runs[-KEEP:]

    def text(self, *_args):
        return json.dumps(self.runs)


clock = Clock()
