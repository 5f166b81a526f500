"""K-2, K-11: the army sheet fits the window: every control on screen, none over another,
no label cut short (a narrow window heads the weapon columns with their names)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from drawn import army_sheet, texts_drawn  # noqa: E402

from game.ui.app import App  # noqa: E402
from game.ui.scenes.army import ArmyScene  # noqa: E402


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_k2_the_army_sheet_fits_the_window(tmp_path, monkeypatch, size):
    app, sheet = _sheet(tmp_path, monkeypatch, size)
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


def _sheet(tmp_path, monkeypatch, size) -> tuple[App, ArmyScene]:
    monkeypatch.setenv("SKIRMISH_DATA_DIR", str(tmp_path))
    return army_sheet(size)


def _drawn(app: App, sheet: ArmyScene) -> list[str]:
    with texts_drawn(app) as said:
        sheet.draw(app.screen)
    return said


@pytest.mark.parametrize("size", [(800, 500), (1220, 700)])
def test_k11_every_gear_cost_is_on_the_sheet_itself_and_no_name_is_cut(tmp_path, monkeypatch,
                                                                       size):
    from game.rules.hero.queries import load_data

    app, sheet = _sheet(tmp_path, monkeypatch, size)
    said = _drawn(app, sheet)
    d = load_data()
    armour = [b.label for b in sheet.buttons if b.name.startswith("armour:")]
    assert armour and all(lb.endswith(")") and "(" in lb for lb in armour)  # "Medium (2)"
    if size[0] < 1000:  # narrow: each weapon's cost under its name
        assert [t for t in said if t.endswith(("pt", "pts"))][:5] == [
            f"{d.weapons[k].cost} pt{'s' * (d.weapons[k].cost != 1)}"
            for k in ("melee", "light", "medium", "heavy", "sniper")]
    else:
        assert any(t.startswith("Weapons (pts: melee 1") for t in said)
    for row in sheet.rows:  # the minis' names whole (the hero's in yellow)
        assert row.name in said or f"{row.name} (hero)" in said, (row.name, said[:20])


def test_k11_a_small_sheet_shows_the_gear_tables_on_g_and_goes_back(tmp_path, monkeypatch):
    import pygame

    app, sheet = _sheet(tmp_path, monkeypatch, (800, 500))
    assert "Critical" not in _drawn(app, sheet)
    gear = next(b for b in sheet.buttons if b.name == "gear")
    assert app.screen.get_rect().contains(gear.rect)
    for b in sheet.buttons:
        assert b is gear or not gear.rect.colliderect(b.rect), b.name
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g",
                                         scancode=0))
    app.step(0.0)
    assert sheet.tables and not any(b.name.startswith("weapon:") for b in sheet.buttons)
    said = _drawn(app, sheet)
    assert {"Cost", "Critical", "Damage", "Range", "Absorb"} <= set(said)
    assert "1 in 6 (17%): 12 damage" in said and "Medkit" in said
    bottom = max(b.rect.bottom for b in sheet.buttons)
    assert bottom <= 500
    sheet.toggle_tables()
    assert not sheet.tables and any(b.name.startswith("weapon:") for b in sheet.buttons)


def test_k11_a_large_sheet_shows_the_tables_under_the_minis(tmp_path, monkeypatch):
    app, sheet = _sheet(tmp_path, monkeypatch, (1220, 700))
    said = _drawn(app, sheet)
    assert {"Cost", "Critical"} <= set(said)
    assert all(b.name != "gear" for b in sheet.buttons)


def test_k2_what_is_wrong_with_the_army_is_said_clear_of_the_buttons(tmp_path, monkeypatch):
    app, sheet = _sheet(tmp_path, monkeypatch, (800, 500))
    next(b for b in sheet.buttons if b.name == "weapon:1:sniper").on_click()
    assert sheet.message.startswith("Pyle's gear costs 6 points")
    said = _drawn(app, sheet)
    assert sheet.message in said  # in the instructions' place: under the total it would
    assert not any(t.startswith("K-2: the hero carries") for t in said)  # meet the buttons
    assert sheet.rows_bottom + 34 + 26 > sheet.field.rect.top
