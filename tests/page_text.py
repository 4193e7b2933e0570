"""The translatable text of a static page, as the catalogs hold it.

A page element with ``data-i18n`` keeps its English text in the HTML; its
catalog entry is that text with each child element written as a numbered
mark (``<0>chicken yard</0>``), the format ``web/i18n.js`` fills by copying
the page's own elements.  ``marked_texts`` reads a page into that form, so a
test can hold the English catalog to the page and the other catalogs to the
same marks.
"""

import re
from html.parser import HTMLParser

VOID = {"meta", "link", "br", "img", "input", "hr", "source", "wbr"}
MARK = re.compile(r"<(\d+)>([\s\S]*?)</\1>|<(\d+)/>")


class Node:
    def __init__(self, tag, attrs):
        self.tag = tag
        self.attrs = dict(attrs)
        self.parts = []   # str or Node, in order

    def children(self):
        return [p for p in self.parts if isinstance(p, Node)]


class _Tree(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", [])
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs)
        self.stack[-1].parts.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        self.stack[-1].parts.append(data)


def parse(text):
    tree = _Tree()
    tree.feed(text)
    return tree.root


def walk(node):
    for part in node.parts:
        if isinstance(part, Node):
            yield part
            yield from walk(part)


def _marked(node):
    out = []
    n = 0
    for part in node.parts:
        if isinstance(part, Node):
            out.append("<%d>%s</%d>" % (n, _marked(part), n))
            n += 1
        else:
            out.append(part)
    return "".join(out)


def squash(text):
    return re.sub(r"\s+", " ", text).strip()


def marked_texts(text):
    """{key: catalog-form text} of every data-i18n element of the page ``text``."""
    found = {}
    for node in walk(parse(text)):
        key = node.attrs.get("data-i18n")
        if key:
            found.setdefault(key, []).append(squash(_marked(node)))
    return found


def elements(text):
    """{key: [the element's Node, ...]} of every data-i18n element."""
    found = {}
    for node in walk(parse(text)):
        key = node.attrs.get("data-i18n")
        if key:
            found.setdefault(key, []).append(node)
    return found


def marks(value):
    """The marks of a catalog text as a nested list: [(index, inner marks), ...]."""
    out = []
    for m in MARK.finditer(value):
        if m.group(3) is not None:
            out.append((int(m.group(3)), None))
        else:
            out.append((int(m.group(1)), marks(m.group(2))))
    return out


def plain(value):
    """A catalog text's words without its marks."""
    return MARK.sub(lambda m: plain(m.group(2)) if m.group(2) is not None else "", value)
