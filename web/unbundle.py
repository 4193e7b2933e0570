"""Unpack a bundle written by ``build.py`` into the interpreter's file system.

The page and the embed frame each fetch their Python (precompiled for
MicroPython as ``.mpy``) and catalogs as one bundle rather than some thirty
files: every request costs the page a round trip through the service worker
before MicroPython can run anything.

Format: a first line holding a JSON list of ``[path, size]`` pairs, then the
files' bytes one after another in that order.  A bundle, or a file in one,
may come compressed: a first line ``#z <size>`` and then the plain bytes
(``size`` of them) as one zlib stream.  build.py compresses the translation
catalogs (see build.BUNDLE_COMPRESSION), which :func:`read_file` inflates
only when one is read: a bundle is binary, which many hosts send as it is,
and the page's shrinks from 381 KB to 225 KB (0.14 s less on a
9 Mbit/s phone line) for the 2-3 ms it takes MicroPython to inflate the one
or two catalogs a page reads (the whole bundle would take 20-35 ms).
Portable Python (MicroPython on the page, CPython in tests); this module
must import nothing of ours, since it runs before anything else is in place.
"""

import json
import os

try:
    import deflate      # MicroPython
except ImportError:
    deflate = None
    import zlib         # CPython (tests, build.py)

COMPRESSED = b"#z "


class BundleError(ValueError):
    """The bundle is not one ``build.py`` wrote (truncated, or not a bundle)."""


def inflate(data):
    """The plain bytes inside the compressed bundle or file ``data``, as a bytearray."""
    if isinstance(data, memoryview):
        data = bytes(data)          # a file inside a bundle: small (it is compressed)
    cut = data.find(b"\n")
    try:
        size = int(bytes(data[len(COMPRESSED):cut]).decode()) if cut > 0 else -1
    except ValueError:
        size = -1
    if size < 0:
        raise BundleError("a bad compressed bundle header")
    if deflate is None:
        try:
            out = bytearray(zlib.decompress(bytes(data[cut + 1:])))
        except zlib.error as exc:
            raise BundleError("the compressed bundle is damaged (%s)" % exc)
    else:
        import io

        # Into a buffer of the known size (read() would grow its result).
        out = bytearray(size)
        view = memoryview(out)
        got = 0
        try:
            stream = deflate.DeflateIO(io.BytesIO(data[cut + 1:]), deflate.ZLIB)
            while got < size:
                # In slices: one call for the whole took twice as long (measured).
                n = stream.readinto(view[got:got + 32768])
                if not n:
                    break
                got += n
            if got == size and stream.read(1):
                got += 1
        except OSError as exc:
            raise BundleError("the compressed bundle is damaged (%s)" % exc)
        if got != size:
            out = out[:got]
    if len(out) != size:
        raise BundleError("the compressed bundle holds %d bytes, not %d" % (len(out), size))
    return out


def entries(data, raw=False):
    """``[(path, memoryview), ...]`` of the bundle ``data`` (bytes or bytearray), in order.

    The views share ``data``'s memory (or, for a compressed bundle, its
    inflated copy's): nothing more is copied, but for a compressed file,
    whose view is of its inflated copy -- unless ``raw``: then it is the
    file as stored (what :func:`unpack` writes, for :func:`read_file`).
    """
    if data[:len(COMPRESSED)] == COMPRESSED:
        data = inflate(data)
    cut = data.find(b"\n")
    if cut < 0:
        raise BundleError("no index line")
    view = memoryview(data)
    try:
        index = json.loads(bytes(view[:cut]))
    except ValueError:
        raise BundleError("the index line is not JSON")
    if not isinstance(index, list):
        raise BundleError("the index is not a list")
    out = []
    pos = cut + 1
    for item in index:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                and isinstance(item[1], int) and item[1] >= 0):
            raise BundleError("a bad index entry: %r" % (item,))
        name, size = item
        if pos + size > len(data):
            raise BundleError("truncated at " + name)
        content = view[pos:pos + size]
        if not raw and bytes(content[:len(COMPRESSED)]) == COMPRESSED:
            content = memoryview(inflate(content))
        out.append((name, content))
        pos += size
    if pos != len(data):
        raise BundleError("%d bytes after the last file" % (len(data) - pos))
    return out


def read_file(path):
    """The bytes of the file at ``path``, as a bytearray (inflated if the
    file is compressed as a compressed bundle is: build.py ships the
    catalogs so, and only the ones read are inflated).

    One read into a buffer of the file's size: MicroPython's ``read()``
    grows its result chunk by chunk, many times slower for a large file.
    """
    data = bytearray(os.stat(path)[6])
    with open(path, "rb") as f:
        if f.readinto(data) != len(data):
            raise OSError("short read: " + path)
    if data[:len(COMPRESSED)] == COMPRESSED:
        return inflate(data)
    return data


def _makedirs(folder, made):
    part = ""
    for piece in folder.split("/"):
        part = part + "/" + piece if part else piece
        if part in made:
            continue
        try:
            os.mkdir(part)
        except OSError:
            pass                # already there
        made.add(part)


def unpack(path, remove=True):
    """Write every file of the bundle at ``path`` (paths relative to the working directory).

    Returns the number of files written.  Nothing is written unless the
    whole bundle reads correctly.  ``remove`` deletes the bundle afterwards
    (its bytes are not needed twice in memory).
    """
    files = entries(read_file(path), raw=True)
    made = set()
    for name, content in files:
        folder = name.rpartition("/")[0]
        if folder:
            _makedirs(folder, made)
        with open(name, "wb") as f:
            f.write(content)
    if remove:
        os.remove(path)
    return len(files)


def unpack_or_report(path):
    """``unpack(path)`` for a page's entry script.

    A failure is told to the page's start-up watchdog (``web/boot.js``,
    ``web/embed/frame.js``: ``window.boneyardStartFailed``), which shows it,
    before it is raised: the app that would report it is in the bundle.
    """
    try:
        return unpack(path)
    except Exception as exc:
        try:
            from pyscript import window   # only ever on the page

            window.boneyardStartFailed("%s: %s" % (type(exc).__name__, exc))
        except Exception:
            pass                # no watchdog to tell: the error below still shows
        raise
