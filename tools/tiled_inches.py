"""Writing Tiled 1.8 object maps measured in inches, for the map writers of the boards
drawn in inches (tools/make_sewer_maps.py, tools/make_track_maps.py).

Everything is given in inches and written at :data:`PX` map pixels per inch, byte for
byte the way Tiled 1.8 saves a map (properties by name, numbers with no trailing zeros),
so a map opened and saved in Tiled is unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from xml.sax.saxutils import quoteattr

PX = 32
"""Map pixels per inch (the map property ``inch``)."""

XY = tuple[float, float]
Value = str | int | float | bool
Box = tuple[float, float, float, float]


def num(v: float) -> str:
    """Inches as map pixels, the way Tiled writes a number (no trailing zeros)."""
    return f"{round(v * PX, 4):g}"


def _property(name: str, value: Value) -> str:
    if isinstance(value, bool):
        typed = f' type="bool" value="{"true" if value else "false"}"'
    elif isinstance(value, int):
        typed = f' type="int" value="{value}"'
    elif isinstance(value, float):
        typed = f' type="float" value="{value:g}"'
    else:
        typed = f" value={quoteattr(value)}"
    return f'    <property name="{name}"{typed}/>\n'


def properties(props: Mapping[str, Value]) -> str:
    """Custom properties in Tiled's own order (by name), so Tiled saves the map as is."""
    if not props:
        return ""
    return ("   <properties>\n" + "".join(_property(k, props[k]) for k in sorted(props))
            + "   </properties>\n")


def _points(points: Sequence[XY]) -> tuple[str, str]:
    """The object's position (its first point) and its points relative to it."""
    x0, y0 = points[0]
    return (f'x="{num(x0)}" y="{num(y0)}"',
            " ".join(f"{num(x - x0)},{num(y - y0)}" for x, y in points))


def shape_object(oid: int, name: str, shape: str, props: Mapping[str, Value], *,
                 points: Sequence[XY] = (), box: Box = (0, 0, 0, 0)) -> str:
    """One object: ``shape`` "point" (its one point), "rect" or "ellipse" (``box``: x,
    y, w, h) or "poly" / "line" (a polygon or polyline through ``points``)."""
    head = f"  <object id=\"{oid}\" name={quoteattr(name)}"
    body = properties(props)
    if shape == "point":
        (x, y), = points
        return f'{head} x="{num(x)}" y="{num(y)}">\n{body}   <point/>\n  </object>\n'
    if shape in ("rect", "ellipse"):
        x, y, w, h = box
        inner = body + ("   <ellipse/>\n" if shape == "ellipse" else "")
        return (f'{head} x="{num(x)}" y="{num(y)}" width="{num(w)}" '
                f'height="{num(h)}">\n{inner}  </object>\n')
    at, pts = _points(points)
    tag = "polygon" if shape == "poly" else "polyline"
    return f"{head} {at}>\n{body}   <{tag} points=\"{pts}\"/>\n  </object>\n"


def map_text(width: int, height: int, background: str, map_props: Mapping[str, str],
             layers: Sequence[tuple[str, str, Sequence[str]]]) -> str:
    """The whole map: ``width`` x ``height`` tiles of :data:`PX`, the string properties
    ``map_props`` beside ``inch``, and object ``layers`` as (name, colour, objects) with
    the objects' ids already numbered 1, 2, ... in layer order."""
    oid = sum(len(objects) for _, _, objects in layers)
    groups = [f' <objectgroup color="{color}" id="{lid}" name="{name}">\n{"".join(body)}'
              f" </objectgroup>\n"
              for lid, (name, color, body) in enumerate(layers, start=1)]
    props = {**map_props, "inch": ""}
    lines = "".join(
        f'  <property name="inch" type="float" value="{PX}"/>\n' if k == "inch"
        else f"  <property name=\"{k}\" value={quoteattr(props[k])}/>\n"
        for k in sorted(props))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
            f'renderorder="right-down" width="{width}" height="{height}" '
            f'tilewidth="{PX}" tileheight="{PX}" infinite="0" backgroundcolor="{background}" '
            f'nextlayerid="{len(groups) + 1}" nextobjectid="{oid + 1}">\n'
            f" <properties>\n{lines} </properties>\n"
            + "".join(groups) + "</map>\n")
