"""Small helpers for the XML of a Tiled file, used by :mod:`.reader` before pytmx reads
it: how messages quote a value and name an element, layer elements in map order, and
compressed tile data inflated no further than a limit."""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator
from xml.etree import ElementTree

from game.boards.tiled.reading import LayerKind, object_name

LAYER_TAGS: dict[str, LayerKind] = {"layer": "tile", "objectgroup": "object",
                                    "imagelayer": "image", "group": "group"}
"""The kind of layer each layer element holds."""

WHOLE = re.compile(r"\s*[+-]?[0-9]{1,15}\s*")
"""A whole number as an attribute may hold it (ASCII digits, no more than 15)."""
WHOLE_ID = re.compile(r"\s*[0-9]{1,10}\s*")
CSV = re.compile(r"\s*[0-9]{1,10}\s*(?:,\s*[0-9]{1,10}\s*)*")
LONG_ID = re.compile(r"[0-9]{10}")

PLACES: dict[str, tuple[str, ...]] = {
    "tileset": ("map",), "layer": ("map", "group"), "imagelayer": ("map", "group"),
    "group": ("map", "group"), "objectgroup": ("map", "group", "tile"),
    "tile": ("tileset", "data"), "object": ("objectgroup",), "data": ("layer",)}
"""Where Tiled puts each of these elements. pytmx looks for them at any depth, so one
anywhere else would be read by pytmx and not by these checks."""


def quote(raw: str) -> str:
    """A value from the file as a message quotes it (short)."""
    return repr(raw) if len(raw) <= 40 else repr(raw[:37]) + "..."


def element_label(node: ElementTree.Element, parent_tag: str, parent: str) -> str:
    """How a message names an element, from its parent's tag and how it is named (an
    element of no interest of its own by the one above it that has a name)."""
    tag, name = node.tag, node.get("name")
    if parent.startswith("a <"):
        parent = parent.split(" in ", 1)[1]
    if tag == "objectgroup" and parent_tag == "tile":
        return f"the collision shapes of {parent}"
    if tag in ("layer", "objectgroup", "imagelayer", "group"):
        return f"layer '{name or ''}'"
    if tag == "object":
        return f"{object_name(node.get('id'), name)} in {parent}"
    if tag == "tileset":
        src = node.get("source")
        return f"tileset {quote(src)}" if src else f"tileset '{name or '?'}'"
    if tag == "tile":
        return f"tile {node.get('id')} of {parent}"
    return f"a <{tag}> in {parent}"


def inflate(data: bytes, compression: str, limit: int) -> bytes:
    """``data`` inflated as pytmx would (zlib, or gzip members one after another), but
    never to more than ``limit + 1`` bytes."""
    if compression == "zlib":
        d = zlib.decompressobj()
        out = d.decompress(data, limit + 1)
        if not d.eof and len(out) <= limit:
            raise ValueError("it ends before its compressed stream does")
        return out
    result = b""
    rest = data
    while True:
        d = zlib.decompressobj(16 + zlib.MAX_WBITS)
        result += d.decompress(rest, limit + 1 - len(result))
        if len(result) > limit:
            return result
        if not d.eof:
            raise ValueError("it ends before its compressed stream does")
        rest = d.unused_data.lstrip(b"\0")
        if not rest:
            return result


def layer_nodes(
        parent: ElementTree.Element,
) -> Iterator[tuple[ElementTree.Element, ElementTree.Element]]:
    """``(parent, layer)`` for the layer elements under ``parent`` (the map or a group),
    groups before their layers, in map order; not the collision shapes of tiles."""
    for node in parent:
        if node.tag in LAYER_TAGS:
            yield parent, node
            if node.tag == "group":
                yield from layer_nodes(node)
