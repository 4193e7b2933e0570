"""What the page holds while a game is on: one :class:`State`, shared by the controller and the records toolbar.

It lives below both (state -> presenters -> screens -> controller), so the
records toolbar reads the game without importing the controller.
"""


class State:
    def __init__(self):
        self.session = None
        self.viewer = None      # the human whose hand is shown
        self.selected = None    # the chosen hand tile (Chicken Foot)
        self.hint = None
        self.hinting = False    # a hint asked of the hard computer and not yet answered
        self.token = 0          # bumps when the game changes under a running computer turn
        self.busy = False
        self.proxies = []
        self.frame = None       # the game kind whose frame #game holds
        self.painted = {}       # part -> the HTML it shows
        self.announced = None   # (lines, last line) of the move log already said (ui.announce_log)
        self.prompted = None    # (round, actions, seat): the person's turn already said (ui.turn_words)
        self.why = None         # why the chosen unplayable tiles cannot be played
        self.why_all = False    # ...and whether they are every one (what the Why button shows)
        self.undo_said = None   # (round, actions) where a refused Undo was pressed: its note shows there
        self.review = None      # a session.Review while stepping back through the game
        self.pending_setup = None
        self.travelled = None   # (round, turns) whose last tile has travelled to its place
        self.summary_shown = None   # (round, over) whose summary already took focus
        self.shape = None       # "wide" or "narrow": the table's shape for this screen (ui.shape)
        self.drawn = (None, None)   # (review, session) the game area last showed (ui.paint)
        self.position = None    # (session, key, parts) of the position last drawn (ui.table_parts)
        self.pushed = None      # the address's #fragment when New game put its step in the history, else None
        self.unwinding = False  # that step is being taken back out (ui.unwind): its Back is not the person's


state = State()
