"""Values that go to JSON and come back exactly as they were, checked against their types.

Actions are frozen dataclasses whose fields may hold ints, strings, booleans, floats,
places, tuples of any of these (a path of points), or ``None``. :func:`to_json_value`
writes such a value as JSON data; :func:`from_json_value` reads it back for a declared
type, refusing anything that is not of that type with a message naming what is wrong, so
a save holding a hex written as a string or a figure id written as an object is refused
instead of being half-read.
"""

from __future__ import annotations

import dataclasses
import reprlib
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, Union

from game.core.places import PLACE_TYPES, Place, place_from_json


class JsonValueError(ValueError):
    """A JSON value is not of the declared type (the message says where and why)."""


def to_json_value(v: Any) -> Any:
    """``v`` as JSON data: tuples become lists, places and records their ``to_json()``."""
    if isinstance(v, tuple):
        return [to_json_value(x) for x in v]
    to_json = getattr(v, "to_json", None)
    if to_json is not None:
        return to_json()
    return v


_field_types: dict[type, dict[str, Any]] = {}


def field_types(cls: type) -> dict[str, Any]:
    """The resolved type of each dataclass field of ``cls`` (worked out once per class)."""
    types = _field_types.get(cls)
    if types is None:
        hints = typing.get_type_hints(cls)
        types = _field_types[cls] = {f.name: hints[f.name] for f in dataclasses.fields(cls)}
    return types


_SHORT = reprlib.Repr()
_SHORT.maxlevel = 3
_SHORT.maxstring = _SHORT.maxother = 30


def _describe(v: Any) -> str:
    """A value as a message quotes it: short, and safe however deeply it nests."""
    text = _SHORT.repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _null(v: Any, where: str) -> None:
    if v is not None:
        raise JsonValueError(f"{where} must be null, not {_describe(v)}")


def _bool(v: Any, where: str) -> bool:
    if not isinstance(v, bool):
        raise JsonValueError(f"{where} must be true or false, not {_describe(v)}")
    return v


def _int(v: Any, where: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise JsonValueError(f"{where} must be a whole number, not {_describe(v)}")
    return v


def _float(v: Any, where: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise JsonValueError(f"{where} must be a number, not {_describe(v)}")
    return float(v)


def _str(v: Any, where: str) -> str:
    if not isinstance(v, str):
        raise JsonValueError(f"{where} must be a string, not {_describe(v)}")
    return v


_SCALARS: dict[Any, Any] = {type(None): _null, None: _null, bool: _bool, int: _int,
                            float: _float, str: _str}
"""The readers of plain JSON scalars, by the type asked for."""


def _place(tp: Any, v: Any, where: str) -> Place:
    if not isinstance(v, Mapping) or not all(
            isinstance(x, (str, int, float, bool)) or x is None for x in v.values()):
        raise JsonValueError(f"{where} must be a place (an object such as "
                             f"{{\"cell\": 12}}), not {_describe(v)}")
    try:
        p = place_from_json(v)
    except ValueError as e:
        raise JsonValueError(f"{where}: {e}") from None
    if tp is not Place and not isinstance(p, tp):
        raise JsonValueError(f"{where} must be a {tp.__name__.lower()}, not {_describe(v)}")
    return p


def _union(args: tuple[Any, ...], v: Any, where: str) -> Any:
    if v is None and type(None) in args:
        return None
    errors = []
    for a in args:
        if a is type(None):
            continue
        try:
            return from_json_value(a, v, where)
        except JsonValueError as e:
            errors.append(str(e))
    raise JsonValueError(errors[0] if len(errors) == 1 else
                         f"{where} is not of any allowed type: {_describe(v)}")


def _tuple(args: tuple[Any, ...], v: Any, where: str) -> tuple[Any, ...]:
    if not isinstance(v, list):
        raise JsonValueError(f"{where} must be a list, not {_describe(v)}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_json_value(args[0], x, f"{where}[{k}]") for k, x in enumerate(v))
    if len(v) != len(args):
        raise JsonValueError(f"{where} must hold {len(args)} values, not {len(v)}")
    return tuple(from_json_value(a, x, f"{where}[{k}]")
                 for k, (a, x) in enumerate(zip(args, v, strict=True)))


def _record(tp: Any, v: Any, where: str) -> Any:
    from_json = getattr(tp, "from_json", None)
    if from_json is None:
        raise TypeError(f"{where}: type {tp!r} cannot be read from JSON")
    if not isinstance(v, Mapping):
        raise JsonValueError(f"{where} must be an object, not {_describe(v)}")
    try:
        return from_json(v)
    except (KeyError, TypeError, ValueError, RecursionError) as e:
        raise JsonValueError(f"{where} is malformed: {str(e)[:100]}") from None


def from_json_value(tp: Any, v: Any, where: str) -> Any:
    """Read JSON data ``v`` as a value of type ``tp``; JsonValueError naming ``where``."""
    if tp is Any:
        return v
    scalar = _SCALARS.get(tp)
    if scalar is not None:
        return scalar(v, where)
    if tp is Place or tp in PLACE_TYPES:
        return _place(tp, v, where)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is Literal:
        if v not in args or isinstance(v, bool) != any(isinstance(a, bool) for a in args):
            raise JsonValueError(f"{where} must be one of {list(args)}, not {_describe(v)}")
        return v
    if origin in (Union, types.UnionType):
        return _union(args, v, where)
    if origin is tuple:
        return _tuple(args, v, where)
    return _record(tp, v, where)
