"""What the window drew, for tests that read it: the texts rendered, and the open table's
army sheet opened."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from game.rules import open_match
from game.ui.app import App
from game.ui.scenes.army import ArmyScene


@contextmanager
def texts_drawn(app: App) -> Iterator[list[str]]:
    """Every text the window's fonts render inside the block, in order."""
    said: list[str] = []
    real = app.fonts.render

    def spy(font: Any, text: str, *a: Any, **kw: Any) -> Any:
        said.append(text)
        return real(font, text, *a, **kw)

    app.fonts.render = spy  # type: ignore[method-assign]
    try:
        yield said
    finally:
        app.fonts.render = real  # type: ignore[method-assign]


def army_sheet(size: tuple[int, int]) -> tuple[App, ArmyScene]:
    """A window of ``size`` with Backyard battle's army sheet open for the side to act
    (the data folder is the test's to set)."""
    app = App(size=size, raise_errors=True)
    m = open_match("backyard", 1)
    app.start_match(m, {s: "human" for s in m.sides})
    app.step(0.0)
    app.scene.control.open_army(m.to_act())
    app.step(0.0)
    assert isinstance(app.scene, ArmyScene)
    return app, app.scene
