# The embed frame's script (see embed/frame.py): one call, so the logic is importable.
from embed import frame

await frame.start()  # noqa: F704 -- PyScript runs this file as async code
