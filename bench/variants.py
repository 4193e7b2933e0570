"""Variants for the paired strength benches: module constants set for one run each.

A variant is ``NAME=VALUE,...``; ``NAME`` is ``[module.]CONSTANT[.key]``
(the module among the bench's, else its default one; ``key`` changes one
entry of a dict constant, in a copy).  VALUE is an int if it looks like one.
"""


def parse(text):
    """``[(name, value), ...]`` of one variant's text (empty: the defaults)."""
    out = []
    for part in text.split(","):
        part = part.strip()
        if part:
            name, value = part.split("=")
            out.append((name, int(value) if value.lstrip("-").isdigit() else value))
    return out


class Settings:
    """Applies variants to ``modules`` (name -> module), ``default`` for unprefixed names."""

    def __init__(self, modules, default, variants):
        self.modules = modules
        self.default = default
        self.saved = {}
        for v in variants:
            for name, _ in v:
                mod, attr, _key = self._target(name)
                self.saved[(mod, attr)] = getattr(mod, attr)

    def _target(self, name):
        parts = name.split(".")
        mod = self.default
        if parts[0] in self.modules:
            mod = self.modules[parts[0]]
            parts = parts[1:]
        return mod, parts[0], (parts[1] if len(parts) > 1 else None)

    def apply(self, variant):
        """Every constant back to its default, then ``variant``'s settings."""
        for (mod, attr), value in self.saved.items():
            setattr(mod, attr, value)
        for name, value in variant:
            mod, attr, key = self._target(name)
            if key is None:
                setattr(mod, attr, value)
            else:
                changed = dict(getattr(mod, attr))
                changed[key] = value
                setattr(mod, attr, changed)
