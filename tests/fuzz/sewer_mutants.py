"""Edits that know the sewer map conventions (seed 001's Flash Flood; the builder is
game/boards/tiled/sewer.py), for the fuzzer's sewer map mutants: each aims at a place
where a sewer can go wrong in a way a blind or plain XML edit rarely finds.

* a corridor's end moved a little (around the quarter inch where ends meet, and the inch
  within which a near miss is refused) or far;
* a corridor's ``width`` made hostile (none, negative, not finite, beyond the limits);
* a feature's ``kind`` swapped for another (a gantry made a nest, a grate an origin...);
* a nest's ``charges`` made hostile;
* a figure moved a little (against a wall, onto another figure) or far;
* a figure's ``squad`` or ``leader`` changed (two leaders, a squad across two sides, a
  squad of no name, a leader that is not a bool), or its ``side`` / ``unit`` / ``squad``
  dropped.

:func:`sewer_edit` makes one such edit; the fuzzer mixes them with its XML and blind edits.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

PX = 32
"""Map pixels per inch of the shipped sewer maps."""
WIDTHS = ["0", "-3", "0.05", "0.1", "48", "48.5", "1e309", "nan", "inf", "-0", "wide", "",
          "3", "5", "2147483648"]
KINDS = ["origin", "gantry", "grate", "sluice", "cave-in", "cave_in", "Cave In", "nest",
         "pipe", "", " ", "GANTRY"]
CHARGES = ["0", "1", "100", "101", "-1", "3.5", "true", "nan", "9" * 40, ""]
SQUADS = ["alpha", "bravo", "swarm", "brood", "brood_a", "", " ", "\u202e", "x" * 61,
          "patrol", "rats"]
NUDGES = [0.1, 0.2, 0.26, 0.5, 0.9, 1.1, 2.0, 2.6, 5.0, 40.0]
"""Inches a point is moved by (either way, along x or y)."""


class Chooses(Protocol):
    def below(self, n: int) -> int: ...

    def pick(self, items: list[Any] | tuple[Any, ...]) -> Any: ...

    def chance(self, k: int, n: int) -> bool: ...


def _objects(text: str, layer: str) -> list[re.Match[str]]:
    """The object elements of the object layer named ``layer``."""
    m = re.search(rf'(?s)<objectgroup\b[^>]*name="{layer}"[^>]*>(.*?)</objectgroup>', text)
    if m is None:
        return []
    return [o for o in re.finditer(r"(?s)<object\b.*?</object>", text)
            if m.start(1) <= o.start() < m.end(1)]


def _set_property(obj: str, name: str, value: str, typ: str | None) -> str:
    """The object with property ``name`` set to ``value`` (added if missing), or dropped
    if ``value`` is ``"\\x00drop"``."""
    prop = re.compile(rf'\s*<property name="{re.escape(name)}"[^>]*/>')
    if value == "\x00drop":
        return prop.sub("", obj)
    typed = f' type="{typ}"' if typ else ""
    new = f'<property name="{name}"{typed} value="{value}"/>'
    if prop.search(obj):
        return prop.sub(lambda _m: "\n    " + new, obj, count=1)
    if "<properties>" in obj:
        return obj.replace("<properties>", "<properties>\n    " + new, 1)
    head = obj.index(">") + 1
    return obj[:head] + f"\n   <properties>\n    {new}\n   </properties>" + obj[head:]


def _moved(obj: str, c: Chooses, last_point: bool) -> str:
    """The object moved (its x or y), or its polyline's last point moved."""
    d = c.pick(NUDGES) * PX * c.pick([1, -1])
    if last_point:
        m = re.search(r'points="([^"]*)"', obj)
        if m is None:
            return obj
        pts = m.group(1).split(" ")
        try:
            x, y = (float(v) for v in pts[-1].split(","))
        except ValueError:
            return obj
        if c.chance(1, 2):
            x += d
        else:
            y += d
        pts[-1] = f"{x:g},{y:g}"
        return obj[:m.start(1)] + " ".join(pts) + obj[m.end(1):]
    axis = c.pick(["x", "y"])
    m = re.search(rf'\b{axis}="([^"]*)"', obj)
    if m is None:
        return obj
    try:
        v = float(m.group(1)) + d
    except ValueError:
        return obj
    return obj[:m.start(1)] + f"{v:g}" + obj[m.end(1):]


def sewer_edit(data: bytes, c: Chooses) -> bytes:
    """One edit of a sewer map that knows its conventions (see the module text); the data
    unchanged if it has none of the layers the edit needs."""
    text = data.decode("utf-8", "replace")
    op = c.below(6)
    layer = "corridors" if op < 2 else "features" if op < 4 else "figures"
    objs = _objects(text, layer)
    if not objs:
        return data
    m = c.pick(objs)
    obj = m.group()
    if op == 0:
        obj = _moved(obj, c, last_point=True)
    elif op == 1:
        obj = _set_property(obj, "width", c.pick(WIDTHS), c.pick(["float", "int", None]))
    elif op == 2:
        obj = _set_property(obj, "kind", c.pick(KINDS), None)
    elif op == 3:
        obj = _set_property(obj, "charges", c.pick(CHARGES), c.pick(["int", "float", None]))
    elif op == 4:
        obj = _moved(obj, c, last_point=False)
    else:
        what = c.below(4)
        if what == 0:
            obj = _set_property(obj, "leader", c.pick(["true", "false", "yes", "1"]),
                                c.pick(["bool", None]))
        elif what == 1:
            obj = _set_property(obj, "squad", c.pick(SQUADS), None)
        elif what == 2:
            obj = _set_property(obj, c.pick(["side", "unit", "squad", "leader"]), "\x00drop",
                                None)
        else:
            obj = _set_property(obj, "side", c.pick(["troopers", "swarm", "vermin"]), None)
    return (text[:m.start()] + obj + text[m.end():]).encode("utf-8", "surrogatepass")
