"""Edits that know the track map conventions (seed 001's Pursuit; the builder is
game/boards/tiled/track.py), for the fuzzer's track map mutants: each aims at a place
where a track can go wrong in a way a blind or plain XML edit rarely finds.

* a terrain piece moved a little (against or into its neighbour, past an edge) or far;
* a piece's ``size`` or ``ruined`` made hostile (0, 4, a float, a string, not a bool);
* a point of the street moved (off the table's edge, or onto its own line);
* a mine cluster moved (off its piece, into an impassable one, off the table), its
  ``kind`` swapped, or copied until there are too many;
* a figure moved a little (into a piece, against an edge, onto another figure) or far;
* a figure's ``squad`` or ``leader`` changed (two leaders, a squad across two sides, a
  squad of no name), or its ``side`` / ``unit`` / ``squad`` dropped;
* the map's ``arrival`` made a long edge, or no edge at all.

:func:`track_edit` makes one such edit; the fuzzer mixes them with its XML and blind edits.
"""

from __future__ import annotations

import re

from sewer_mutants import Chooses, _moved, _objects, _set_property

SIZES = ["0", "1", "2", "3", "4", "-1", "2.5", "three", "", "1e309", "2147483648"]
RUINED = ["true", "false", "yes", "1", "", "TRUE"]
KINDS = ["mine", "Mine", "MINE", "mines", "spore", "", " ", "origin", "nest"]
SQUADS = ["scouts", "hunters", "riders", "drones", "", " ", "\u202e", "x" * 61, "flock"]
ARRIVALS = ["left", "right", "top", "bottom", "north", "", "Left", " right"]


def _in_layer(text: str, layer: str, c: Chooses) -> tuple[str, str, int, int] | None:
    """A random object of ``layer``: (the text, the object, its start, its end)."""
    objs = _objects(text, layer)
    if not objs:
        return None
    m = c.pick(objs)
    return text, m.group(), m.start(), m.end()


def _copies(text: str, c: Chooses) -> str:
    """The features layer with one mine cluster copied up to five times (fresh ids)."""
    objs = _objects(text, "features")
    if not objs:
        return text
    m = c.pick(objs)
    top = max(int(v) for v in re.findall(r'<object id="(\d+)"', text))
    copies = "".join(re.sub(r'<object id="\d+"', f'<object id="{top + k}"', m.group(), count=1)
                     for k in range(1, 1 + c.pick([1, 2, 4, 5])))
    return text[:m.end()] + copies + text[m.end():]


def _arrival(text: str, c: Chooses) -> str:
    return re.sub(r'<property name="arrival" value="[^"]*"/>',
                  f'<property name="arrival" value="{c.pick(ARRIVALS)}"/>', text, count=1)


def _figure(obj: str, c: Chooses) -> str:
    what = c.below(5)
    if what == 0:
        return _moved(obj, c, last_point=False)
    if what == 1:
        return _set_property(obj, "leader", c.pick(["true", "false", "yes", "1"]),
                             c.pick(["bool", None]))
    if what == 2:
        return _set_property(obj, "squad", c.pick(SQUADS), None)
    if what == 3:
        return _set_property(obj, c.pick(["side", "unit", "squad", "leader"]), "\x00drop",
                             None)
    return _set_property(obj, "side", c.pick(["scouts", "hunters", "riders", "drones"]), None)


def track_edit(data: bytes, c: Chooses) -> bytes:
    """One edit of a track map that knows its conventions (see the module text); the data
    unchanged if it has none of the layers the edit needs."""
    text = data.decode("utf-8", "replace")
    op = c.below(8)
    if op == 6:
        return _copies(text, c).encode("utf-8", "surrogatepass")
    if op == 7:
        return _arrival(text, c).encode("utf-8", "surrogatepass")
    layer = {0: "terrain", 1: "terrain", 2: "street", 3: "features", 4: "features",
             5: "figures"}[op]
    found = _in_layer(text, layer, c)
    if found is None:
        return data
    text, obj, start, end = found
    if op == 0:
        obj = _moved(obj, c, last_point=False)
    elif op == 1:
        if c.chance(2, 3):
            obj = _set_property(obj, "size", c.pick(SIZES), c.pick(["int", "float", None]))
        else:
            obj = _set_property(obj, "ruined", c.pick(RUINED), c.pick(["bool", None]))
    elif op == 2:
        obj = _moved(obj, c, last_point=c.chance(1, 2))
    elif op == 3:
        obj = _moved(obj, c, last_point=False)
    elif op == 4:
        obj = _set_property(obj, "kind", c.pick(KINDS), None)
    else:
        obj = _figure(obj, c)
    return (text[:start] + obj + text[end:]).encode("utf-8", "surrogatepass")
