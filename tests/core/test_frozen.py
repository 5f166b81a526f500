"""quick_init: the same frozen records as the dataclass's own __init__ makes, quicker."""

import dataclasses

import pytest

from game.core.dice import Modifier, Roll
from game.core.events import Event
from game.core.frozen import quick_init
from game.rules.tft.hexes.actions import Climb, Move


def twins(**kw):
    """The same frozen dataclass twice: as dataclass makes it, and with quick_init."""
    def make():
        @dataclasses.dataclass(frozen=True, **kw)
        class Rec:
            a: int
            b: str = "b"
            c: tuple[int, ...] = ()
            d: int | None = dataclasses.field(default=None, kw_only=True)
        return Rec
    return make(), quick_init(make())


def test_quick_init_makes_the_same_records():
    plain, quick = twins()
    assert quick.__init__ is not plain.__init__
    for args, kw in [((1,), {}), ((1, "x"), {}), ((1, "x", (2, 3)), {"d": 4}),
                     ((), {"a": 5, "c": (1,)})]:
        p, q = plain(*args, **kw), quick(*args, **kw)
        assert vars(p) == vars(q) and repr(p).replace("Rec", "") == repr(q).replace("Rec", "")
        assert hash(dataclasses.astuple(p)) == hash(dataclasses.astuple(q))
        assert dataclasses.replace(q, b="z").b == "z"
        with pytest.raises(dataclasses.FrozenInstanceError):
            q.a = 9


def test_quick_init_refuses_what_the_dataclass_refuses():
    plain, quick = twins()
    for cls in (plain, quick):
        with pytest.raises(TypeError):
            cls()
        with pytest.raises(TypeError):
            cls(1, "x", (), 4)  # d is keyword-only
        with pytest.raises(TypeError):
            cls(1, e=2)


def test_classes_it_cannot_serve_keep_their_own_init():
    @dataclasses.dataclass(frozen=True)
    class Later:
        a: int

        def __post_init__(self) -> None:
            object.__setattr__(self, "a", self.a * 2)

    @dataclasses.dataclass(frozen=True)
    class Listed:
        a: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        a: int

    for cls in (Later, Listed, Slotted):
        own = cls.__init__
        assert quick_init(cls).__init__ is own
    assert Later(2).a == 4 and Listed().a == [] and Slotted(1).a == 1


def test_the_game_records_use_it():
    assert Modifier(2, "higher", "a rule") == Modifier(2, "higher", "a rule")
    assert Roll("a rule", "x", "1d6", (3,), 3).comparison == "<="
    assert Event("moved", "Pip moves.").places == ()
    assert Move("pip", 3) == Move(figure="pip", to=3) and Climb("pip", 3, True).more
    for cls in (Modifier, Roll, Event, Move):
        assert cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"


def test_fields_named_like_its_own_names():
    @quick_init
    @dataclasses.dataclass(frozen=True)
    class Odd:
        self: int
        d: int = 2
        _d_d: int = 3

    o = Odd(1)
    assert (o.self, o.d, o._d_d) == (1, 2, 3) and Odd(self=4, d=5, _d_d=6).d == 5
