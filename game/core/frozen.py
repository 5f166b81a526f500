"""A quicker ``__init__`` for the small frozen records made by the thousand in a game.

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__``
(frozen records refuse plain assignment), which costs about a microsecond per record of
a few fields. The game makes thousands of them per game (modifiers, rolls, events,
actions), so :func:`quick_init` gives such a class an ``__init__`` with the very same
parameters and defaults that writes the fields straight into the instance's ``__dict__``:
the same record, equal, hashed and shown the same, and still refusing assignment. A class
it cannot serve that way (slots, a ``__post_init__``, a field with a default factory or
not in ``__init__``) keeps the dataclass's own.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T", bound=type)


def quick_init(cls: T) -> T:
    """Give frozen dataclass ``cls`` the quicker ``__init__`` (see the module text)."""
    if not dataclasses.is_dataclass(cls) or "__slots__" in cls.__dict__ \
            or hasattr(cls, "__post_init__"):
        return cls
    fields = dataclasses.fields(cls)
    if any(not f.init or f.default_factory is not dataclasses.MISSING for f in fields):
        return cls
    if any(not f.name.isidentifier() or f.name.startswith("__") for f in fields):
        return cls
    defaults: dict[str, Any] = {}
    plain: list[str] = []
    keyword: list[str] = []
    for f in fields:
        arg = f.name
        if f.default is not dataclasses.MISSING:
            defaults[f"_d_{f.name}"] = f.default
            arg = f"{f.name}=_d_{f.name}"
        (keyword if f.kw_only else plain).append(arg)
    # "__self" and "__d" cannot be field names here (none starts with "__")
    params = ", ".join(["__self", *plain, *(["*", *keyword] if keyword else [])])
    body = "".join(f"\n    __d[{f.name!r}] = {f.name}" for f in fields)
    src = f"def __init__({params}) -> None:\n    __d = __self.__dict__{body}\n"
    namespace: dict[str, Any] = {}
    exec(src, dict(defaults), namespace)  # noqa: S102 - built from the field names only
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)  # noqa: B010 - a class attribute set after the fact
    return cls
