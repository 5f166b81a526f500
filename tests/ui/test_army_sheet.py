"""K-2, K-11: the army sheet fits the window: every control on screen, none over another,
no label cut short (a narrow window heads the weapon columns with their names)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.rules import open_match  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.scenes.army import ArmyScene  # noqa: E402


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_k2_the_army_sheet_fits_the_window(tmp_path, monkeypatch, size):
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    app = App(size=size, raise_errors=True)
    m = open_match("backyard", 1)
    app.start_match(m, {s: "human" for s in m.sides})
    app.step(0.0)
    app.scene.control.open_army(m.to_act())
    app.step(0.0)
    sheet = app.scene
    assert isinstance(sheet, ArmyScene)
    sheet.draw(app.screen)
    screen = app.screen.get_rect()
    body = app.fonts.body
    for k, b in enumerate(sheet.buttons):
        assert screen.contains(b.rect), (b.name, b.rect)
        for c in sheet.buttons[k + 1:]:
            assert not b.rect.colliderect(c.rect), (b.name, c.name)
        label = b.label if b.toggled is None else "[x] " + b.label
        assert body.size(label)[0] <= b.rect.w - 20, (b.name, label, b.rect.w)
    weapons = [b for b in sheet.buttons if b.name.startswith("weapon:")]
    assert all(b.tip for b in weapons)
    if size[0] >= 1280:
        assert all(b.label for b in weapons)
