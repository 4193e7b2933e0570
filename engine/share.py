"""Records as short URL-safe text, for links and embeds.

``encode(record)`` gives ``"z"`` + base64url (no padding) of the record's
canonical JSON (``record.dumps``) compressed with raw DEFLATE; ``"j"`` +
base64url of the plain JSON is also accepted (and written with
``compress=False``), for tools without a compressor.  ``decode(text)``
reverses either and returns the record dict, raising :class:`ShareError`
(a ``RecordError``) that says what is wrong with the text.  Whether the
record itself is valid is :func:`engine.record.replay`'s business.

Pure functions; CPython and Pyodide compress with ``zlib``, MicroPython with
its ``deflate`` module.  Their compressed bytes may differ, but every one of
them decodes everywhere.
"""

import binascii
import json

from .game import RecordError
from .record import MAX_RECORD_BYTES, check_text, dumps, too_large

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
# The one record size limit (engine.record): a link holds no more JSON than a
# file may, and inflating stops one byte past it.
MAX_JSON_BYTES = MAX_RECORD_BYTES
# The longest code a record within the limit can give: its plain "j" form.
MAX_CODE_CHARS = 1 + (MAX_RECORD_BYTES * 4 + 2) // 3


class ShareError(RecordError):
    """Text that is not an encoded record; the message says why.

    As every :class:`RecordError`, it takes ``key=``/``params=`` naming the
    message in the catalogs; it is never inside a round or an action.
    """


def _b64url(data):
    text = binascii.b2a_base64(data).decode("ascii").strip()
    return text.replace("+", "-").replace("/", "_").rstrip("=")


def _unb64url(text):
    for i in range(len(text)):
        if text[i] not in _ALPHABET:
            raise ShareError("the encoded record has a character that cannot be in it (%r at %d)" % (text[i], i),
                             key="share.bad_char", params={"char": repr(text[i]), "at": i})
    if len(text) % 4 == 1:
        raise ShareError("the encoded record is cut short (its length is impossible)", key="share.cut_short")
    padded = text.replace("-", "+").replace("_", "/") + "=" * (-len(text) % 4)
    try:
        return binascii.a2b_base64(padded.encode("ascii"))
    except Exception:
        raise ShareError("the encoded record is not valid base64url", key="share.not_base64")


def _deflate_module():
    """MicroPython's ``deflate`` module, or None (CPython and Pyodide use ``zlib``)."""
    try:
        import deflate
        return deflate
    except ImportError:
        return None


def _compress(data):
    deflate = _deflate_module()
    if deflate is None:
        import zlib
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        return packer.compress(data) + packer.flush()
    import io
    out = io.BytesIO()
    # A 4 KB window (2**12): most of zlib's gain on a record, little memory.
    stream = deflate.DeflateIO(out, deflate.RAW, 12)
    stream.write(data)
    stream.close()
    return out.getvalue()


def _decompress(data):
    """The inflated bytes (at most ``MAX_JSON_BYTES + 1``); raises on damaged data."""
    deflate = _deflate_module()
    if deflate is None:
        import zlib
        unpacker = zlib.decompressobj(-15)
        out = unpacker.decompress(data, MAX_JSON_BYTES + 1)
        if not unpacker.eof and len(out) <= MAX_JSON_BYTES:
            raise ValueError("truncated")
        return out
    import io
    # wbits 15: a 32 KB window, as zlib compresses with (MicroPython's
    # default for raw streams is 256 bytes, too small for back references).
    stream = deflate.DeflateIO(io.BytesIO(data), deflate.RAW, 15)
    # In chunks: one read of the whole cap would allocate it up front.
    parts = []
    size = 0
    while size <= MAX_JSON_BYTES:
        chunk = stream.read(16384)
        if not chunk:
            break
        parts.append(chunk)
        size += len(chunk)
    return b"".join(parts)


def encode(record, compress=True):
    """URL-safe text for the record dict ``record`` (see the module docstring)."""
    data = dumps(record).encode("utf-8")
    if compress:
        return "z" + _b64url(_compress(data))
    return "j" + _b64url(data)


def decode(text):
    """The record dict that ``text`` (from :func:`encode`) holds; ``ShareError`` if it holds none."""
    if not isinstance(text, str):
        raise ShareError("an encoded record is text", key="share.not_text")
    text = text.strip()
    if not text:
        raise ShareError("the encoded record is empty", key="share.empty")
    if len(text) > MAX_CODE_CHARS:
        # Checked before decoding: no record within the limit encodes this long.
        raise too_large(len(text) * 3 // 4)
    kind = text[0]
    if kind not in ("z", "j"):
        raise ShareError("an encoded record starts with 'z' or 'j', not %r" % kind, key="share.bad_kind",
                         params={"got": repr(kind)})
    data = _unb64url(text[1:])
    if kind == "z":
        try:
            data = _decompress(data)
        except ShareError:
            raise
        except Exception:
            raise ShareError("the encoded record is damaged (it does not decompress)", key="share.not_deflate")
    if len(data) > MAX_JSON_BYTES:
        raise ShareError("the encoded record is too large (over %d bytes of JSON)" % MAX_JSON_BYTES,
                         key="share.too_large", params={"max": MAX_JSON_BYTES})
    try:
        json_text = data.decode("utf-8")
    except Exception:
        raise ShareError("the encoded record is damaged (not UTF-8 text)", key="share.not_utf8")
    json_text = check_text(json_text)   # nesting and surrogate pairs, as for any record
    try:
        value = json.loads(json_text)
    except ValueError:
        # Not the parser's words: they differ between interpreters.
        raise ShareError("the encoded record is damaged (not JSON)", key="share.not_json")
    if not isinstance(value, dict):
        raise ShareError("the encoded text is not a record (not a JSON object)", key="share.not_object")
    return value
