"""Unpack a bundle written by ``build.py`` into the interpreter's file system.

The page and the embed frame each fetch their Python (precompiled for
MicroPython as ``.mpy``) and catalogs as one bundle rather than some thirty
files: every request costs the page a round trip through the service worker
before MicroPython can run anything.

Format: a first line holding a JSON list of ``[path, size]`` pairs, then the
files' bytes one after another in that order.  Portable Python (MicroPython
on the page, CPython in tests); this module must import nothing of ours,
since it runs before anything else is in place.
"""

import json
import os


class BundleError(ValueError):
    """The bundle is not one ``build.py`` wrote (truncated, or not a bundle)."""


def entries(data):
    """``[(path, memoryview), ...]`` of the bundle ``data`` (bytes or bytearray), in order.

    The views share ``data``'s memory: nothing is copied.
    """
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
        out.append((name, view[pos:pos + size]))
        pos += size
    if pos != len(data):
        raise BundleError("%d bytes after the last file" % (len(data) - pos))
    return out


def read_file(path):
    """The bytes of the file at ``path``, as a bytearray.

    One read into a buffer of the file's size: MicroPython's ``read()``
    grows its result chunk by chunk, many times slower for a large file.
    """
    data = bytearray(os.stat(path)[6])
    with open(path, "rb") as f:
        if f.readinto(data) != len(data):
            raise OSError("short read: " + path)
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
    files = entries(read_file(path))
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
