# The embed frame's script (see embed/frame.py): one call, so the logic is
# importable.  The embed's modules come in one bundle (web/unbundle.py).
import unbundle

unbundle.unpack_or_report("frame.bundle")

from embed import frame  # noqa: E402 -- importable only once unpacked

await frame.start()  # noqa: F704 -- PyScript runs this file as async code
