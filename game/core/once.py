"""A property worked out the first time it is read, then kept in the instance's
``__dict__`` (as :func:`functools.cached_property`, without its lock: Python 3.11's takes
a lock at every first read, about a microsecond, and a game makes thousands of the small
records that use it, a hex reach's cells and costs among them). Not for instances shared
between threads mid-way through a first read (none in this program is)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class once(Generic[T]):  # noqa: N801 - a decorator, named as functools' are
    """``@once`` over a method of no arguments: a read-only attribute made on first read."""

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> once[T]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> once[T] | T:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


__all__ = ["once"]
